/**
 * A composer draft: everything the operator prepared for one chat. The store keeps them per chat
 * (`StoreState.drafts`, changed by the conversation slice); conversation-storage.ts keeps them
 * across a reload, their files in kept-files.ts.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';

export interface Draft {
  text: string;
  isInternal: boolean;
  replyTo: MessageRef | null;
  /** The chosen file. */
  attachment: OutgoingAttachment | null;
  /** After a reload, the file the draft held while it is read back, or when the browser did not keep it. */
  missingFile: MissingFile | null;
}

/** A file a draft names but does not hold. */
export interface MissingFile {
  name: string;
  /** `restoring`: being read back (nothing is sent meanwhile); `lost`: the browser did not keep it. */
  state: 'restoring' | 'lost';
}

export const emptyDraft: Draft = { text: '', isInternal: false, replyTo: null, attachment: null, missingFile: null };

/**
 * The reply target a message may carry: a customer-visible message never replies to an internal
 * note, since the service would quote the note's text to the customer (contract §8).
 */
export function allowedReply(isInternal: boolean, replyTo: MessageRef | null): MessageRef | null {
  return !isInternal && replyTo?.isInternal ? null : replyTo;
}

/** Nothing written, chosen, quoted or flagged: the chat has no draft. */
export function isEmptyDraft(draft: Draft): boolean {
  return (
    draft.text === '' &&
    !draft.isInternal &&
    draft.replyTo === null &&
    draft.attachment === null &&
    draft.missingFile === null
  );
}
