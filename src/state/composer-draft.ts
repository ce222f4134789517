/**
 * A composer draft: everything the operator prepared for one chat. The store that keeps them per
 * chat (composer-drafts.ts) travels in the conversation chunk; the panel needs only the empty one
 * before that chunk is loaded.
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
