/**
 * A composer draft: everything the operator prepared for one chat. The store keeps them per chat
 * (`StoreState.drafts`, changed by the conversation slice); conversation-storage.ts keeps them
 * across a reload.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';

export interface Draft {
  text: string;
  isInternal: boolean;
  replyTo: MessageRef | null;
  /** The chosen file: kept in memory only (a reload loses it, sessionStorage cannot hold it). */
  attachment: OutgoingAttachment | null;
}

export const emptyDraft: Draft = { text: '', isInternal: false, replyTo: null, attachment: null };

/**
 * The reply target a message may carry: a customer-visible message never replies to an internal
 * note, since the service would quote the note's text to the customer (contract §8).
 */
export function allowedReply(isInternal: boolean, replyTo: MessageRef | null): MessageRef | null {
  return !isInternal && replyTo?.isInternal ? null : replyTo;
}

/** Nothing written, chosen, quoted or flagged: the chat has no draft. */
export function isEmptyDraft(draft: Draft): boolean {
  return draft.text === '' && !draft.isInternal && draft.replyTo === null && draft.attachment === null;
}
