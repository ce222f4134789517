/**
 * A composer draft: everything the operator prepared for one chat. The store keeps them per chat
 * (`StoreState.drafts`, changed by the conversation slice); conversation-storage.ts keeps them
 * across a reload, their files in kept-files.ts.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';

/** How many files a draft holds at most: each goes as a message of its own (`/message/v2` takes one file). */
export const maxDraftFiles = 10;

/**
 * A file a draft holds, with an id of its own in that draft (where it is kept across a reload,
 * what removes it). After a reload it is `restoring` while read back (nothing is sent
 * meanwhile), and `lost` where the browser did not keep it: named until the operator dismisses it.
 */
export type DraftFile =
  | { id: string; state: 'ready'; attachment: OutgoingAttachment }
  | { id: string; state: 'restoring' | 'lost'; name: string };

export interface Draft {
  text: string;
  isInternal: boolean;
  replyTo: MessageRef | null;
  /** The chosen files, in the order chosen: sent in that order. */
  files: readonly DraftFile[];
}

export const emptyDraft: Draft = { text: '', isInternal: false, replyTo: null, files: [] };

export function draftFileName(file: DraftFile): string {
  return file.state === 'ready' ? file.attachment.name : file.name;
}

let counter = 0;

/** A chosen file's place in its draft: its own id, even for ten chosen in the same millisecond. */
export function readyFile(attachment: OutgoingAttachment, now: number): DraftFile {
  counter += 1;
  return { id: `f${now.toString(36)}-${counter}`, state: 'ready', attachment };
}

/** The files a send takes, in order: none while one is still being read back (it would go without it). */
export function filesToSend(draft: Draft): OutgoingAttachment[] | null {
  if (draft.files.some((file) => file.state === 'restoring')) return null;
  return draft.files.flatMap((file) => (file.state === 'ready' ? [file.attachment] : []));
}

/**
 * The reply target a message may carry: a customer-visible message never replies to an internal
 * note, since the service would quote the note's text to the customer (contract §8).
 */
export function allowedReply(isInternal: boolean, replyTo: MessageRef | null): MessageRef | null {
  return !isInternal && replyTo?.isInternal ? null : replyTo;
}

/** Nothing written, chosen, quoted or flagged: the chat has no draft. */
export function isEmptyDraft(draft: Draft): boolean {
  return draft.text === '' && !draft.isInternal && draft.replyTo === null && draft.files.length === 0;
}
