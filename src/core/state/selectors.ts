/**
 * Derived views of the store's state for what the first screen renders (the conversation's are
 * in conversation-selectors.ts, loaded with it). Each selector answers the same value while what
 * it is made of is unchanged, so an element given it sees no change.
 */
import type { Chat } from '../api/chat-wire.js';
import { draftFileName } from './composer-draft.js';
import type { StoreState } from './store-state.js';

/** The listed chats in list order: the same array until the order or a listed record changes. */
export function listedChatsSelector(): (state: StoreState) => readonly Chat[] {
  let last: readonly Chat[] = [];
  let lastOrder: unknown = null;
  let lastChats: unknown = null;
  return (state) => {
    if (state.order === lastOrder && state.chats === lastChats) return last;
    lastOrder = state.order;
    lastChats = state.chats;
    const next = state.order.map((id) => state.chats.get(id)!);
    if (next.length !== last.length || next.some((chat, index) => chat !== last[index])) last = next;
    return last;
  };
}

/** A file of a draft as its chat's row names it. */
export interface DraftFilePreview {
  name: string;
  /** The browser did not keep it across a reload. */
  lost: boolean;
}

/** What a chat's row says of its draft. */
export interface DraftPreview {
  text: string;
  /** The draft is an internal note. */
  note: boolean;
  /** The draft's files, in order. */
  files: readonly DraftFilePreview[];
}

function sameDraftPreview(a: DraftPreview | undefined, b: DraftPreview): boolean {
  return (
    !!a &&
    a.text === b.text &&
    a.note === b.note &&
    a.files.length === b.files.length &&
    a.files.every((file, index) => file.name === b.files[index].name && file.lost === b.files[index].lost)
  );
}

/** Chats with a draft that says something (text or a file), and what: the chat list marks them. */
export function draftPreviewsSelector(): (state: StoreState) => ReadonlyMap<number, DraftPreview> {
  let last: ReadonlyMap<number, DraftPreview> = new Map();
  let lastDrafts: unknown = null;
  return ({ drafts }) => {
    if (drafts === lastDrafts) return last;
    lastDrafts = drafts;
    const next = new Map<number, DraftPreview>();
    for (const [chatId, draft] of drafts) {
      const text = draft.text.trim();
      if (!text && draft.files.length === 0) continue;
      const files = draft.files.map((file) => ({ name: draftFileName(file), lost: file.state === 'lost' }));
      const preview = { text, note: draft.isInternal, files };
      next.set(chatId, sameDraftPreview(last.get(chatId), preview) ? last.get(chatId)! : preview);
    }
    if (next.size !== last.size || [...next].some(([id, preview]) => last.get(id) !== preview)) last = next;
    return last;
  };
}

/** Chats with a message that failed and waits for Retry or Discard: the chat list marks them. */
export function failedChatsSelector(): (state: StoreState) => ReadonlySet<number> {
  let last: ReadonlySet<number> = new Set();
  let lastOutbox: unknown = null;
  return ({ outbox }) => {
    if (outbox === lastOutbox) return last;
    lastOutbox = outbox;
    const next = new Set(outbox.filter((entry) => entry.state === 'failed').map((entry) => entry.chatId));
    if (next.size !== last.size || [...next].some((id) => !last.has(id))) last = next;
    return last;
  };
}
