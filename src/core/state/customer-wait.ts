/**
 * Since when a customer has waited for an answer (contract §4 "Waiting time"): from the first
 * customer message that no customer-visible answer followed. An internal note answers nobody, so
 * it neither starts nor ends a wait. The panel keeps this on each chat record (`Chat.waitingSince`)
 * as far as it knows the chat's messages: the record's last message alone (where it knows only
 * the service's record), every message it sent or received since, or the messages it holds.
 */
import { AuthorMessage } from '../api/author-message.js';

/** A message as the wait reads it. */
export interface WaitStep {
  /** Chat API mapping: 1 the customer; any other author is an answer the customer sees. */
  author: number | null;
  isInternal: boolean;
  /** Epoch ms; 0 when unknown. */
  time: number;
}

/**
 * Since when the customer waits after `message`, given since when they waited before it (null:
 * they did not). A note leaves the wait as it was; the customer's message starts one unless one
 * runs already; anything else the customer sees ends it.
 */
export function waitAfter(since: number | null, message: WaitStep): number | null {
  if (message.isInternal) return since;
  if (message.author !== AuthorMessage.Client) return null;
  return since ?? (message.time > 0 ? message.time : null);
}

/** The wait after these messages, oldest first, when nothing is known from before them. */
export function waitAfterAll(messages: Iterable<WaitStep>): number | null {
  let since: number | null = null;
  for (const message of messages) since = waitAfter(since, message);
  return since;
}
