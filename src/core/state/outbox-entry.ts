/**
 * A message the operator sent that the service has not confirmed: sending, failed and waiting
 * for Retry or Discard, or waiting for an earlier message of its series. A failed message is never
 * sent again unless the operator asks. The store holds them (`StoreState.outbox`);
 * conversation-storage.ts keeps them across a reload.
 */
import type { OutgoingAttachment, OutgoingMessage } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';
import { allowedReply } from './composer-draft.js';

/** `waiting`: a later file of a series, sent once every earlier one is delivered or discarded. */
export type OutboxState = 'sending' | 'failed' | 'waiting';

export interface OutboxEntry {
  localId: string;
  chatId: number;
  message: OutgoingMessage;
  replyTo: MessageRef | null;
  attachment: OutgoingAttachment | null;
  state: OutboxState;
  /** Why the last try failed, shown beside Retry. */
  error: string | null;
  /** Upload progress 0..1 while an attachment is sending. */
  progress: number | null;
  createdAt: number;
  /**
   * The name of the file this message carried, when a reload lost the file itself (storage
   * cannot hold it): the message cannot be sent again as it was, only discarded.
   */
  fileLost: string | null;
  /**
   * The series it belongs to (the first entry's local id): several files sent at once go as one
   * message each, delivered in the order chosen, a later one waiting while an earlier one is not
   * delivered. Null for a message sent alone.
   */
  series: string | null;
}

let counter = 0;

/**
 * A new message on its way: its own local id, even for two written in the same millisecond. A
 * message for the customer keeps no note as its reply target (allowedReply).
 */
export function outboxEntry(
  chatId: number,
  message: OutgoingMessage,
  replyTo: MessageRef | null,
  attachment: OutgoingAttachment | null,
  now: number,
): OutboxEntry {
  counter += 1;
  const reply = allowedReply(message.isInternal, replyTo);
  return {
    localId: `local-${now.toString(36)}-${counter}`,
    chatId,
    message: reply === replyTo ? message : { ...message, replyToMessageId: null },
    replyTo: reply,
    attachment,
    state: 'sending',
    error: null,
    progress: attachment ? 0 : null,
    createdAt: now,
    fileLost: null,
    series: null,
  };
}

/**
 * The messages of one send, in order: one per file (`/message/v2` takes one), the text and the
 * reply target with the first, the note flag with every one; the first sending, the rest waiting
 * for it. Without files, the one text message.
 */
export function outboxSeries(
  chatId: number,
  message: OutgoingMessage,
  replyTo: MessageRef | null,
  attachments: readonly OutgoingAttachment[],
  now: number,
): OutboxEntry[] {
  const first = outboxEntry(chatId, message, replyTo, attachments[0] ?? null, now);
  if (attachments.length < 2) return [first];
  const series = first.localId;
  const rest = attachments.slice(1).map((attachment) => ({
    ...outboxEntry(chatId, { ...message, text: '', replyToMessageId: null }, null, attachment, now),
    state: 'waiting' as const,
    progress: null, // no upload under way: no bar until it starts
    series,
  }));
  return [{ ...first, series }, ...rest];
}
