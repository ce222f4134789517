/**
 * A composer draft. The store that keeps them per chat (draft-store.ts) travels in the
 * conversation chunk; the panel needs only the empty one before that chunk is loaded.
 */
import type { MessageRef } from '../api/wire.js';

export interface Draft {
  text: string;
  isInternal: boolean;
  replyTo: MessageRef | null;
}

export const emptyDraft: Draft = { text: '', isInternal: false, replyTo: null };
