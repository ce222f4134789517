/**
 * A message the operator sent that the service has not confirmed: sending, or failed and waiting
 * for Retry or Discard. A failed message is never sent again unless the operator asks. The store
 * holds them (`StoreState.outbox`); conversation-storage.ts keeps the text ones across a reload.
 */
import type { OutgoingAttachment, OutgoingMessage } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';
import { allowedReply } from './composer-draft.js';

export type OutboxState = 'sending' | 'failed';

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
  };
}
