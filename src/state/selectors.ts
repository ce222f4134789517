/**
 * Derived views of the store's state for what the first screen renders (the conversation's are
 * in conversation-selectors.ts, loaded with it). Each selector answers the same value while what
 * it is made of is unchanged, so an element given it sees no change.
 */
import type { Chat } from '../api/chat-wire.js';
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

/** Chats with a draft and what it says (its text, else its file's name): the chat list marks them. */
export function draftPreviewsSelector(): (state: StoreState) => ReadonlyMap<number, string> {
  let last: ReadonlyMap<number, string> = new Map();
  let lastDrafts: unknown = null;
  return ({ drafts }) => {
    if (drafts === lastDrafts) return last;
    lastDrafts = drafts;
    const next = new Map<number, string>();
    for (const [chatId, draft] of drafts) {
      const preview = draft.text.trim() || draft.attachment?.name || '';
      if (preview) next.set(chatId, preview);
    }
    if (next.size !== last.size || [...next].some(([id, text]) => last.get(id) !== text)) last = next;
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
