/**
 * Derived views of the store's state for what renders them. Each selector answers the same
 * value while what it is made of is unchanged, so an element given it sees no change.
 */
import type { Chat } from '../api/chat-wire.js';
import type { OutboxEntry } from './outbox-entry.js';
import type { StoreState } from './store-state.js';

/**
 * The chat records the open conversation shows: its own and those of the customer's earlier
 * chats among its messages (their separators say how each ended). Not the whole list's map,
 * which changes with every list page and live event.
 */
export function conversationRecordsSelector(): (state: StoreState) => ReadonlyMap<number, Chat> {
  let last: ReadonlyMap<number, Chat> = new Map();
  let lastMessages: unknown = null;
  let lastChats: unknown = null;
  let lastOpen: number | null = null;
  return (state) => {
    const chatId = state.openChatId;
    const messages = chatId === null ? undefined : state.messages.get(chatId);
    if (messages === lastMessages && state.chats === lastChats && chatId === lastOpen) return last;
    lastMessages = messages;
    lastChats = state.chats;
    lastOpen = chatId;
    const ids = new Set<number>(chatId === null ? [] : [chatId]);
    for (const message of messages ?? []) ids.add(message.chatId);
    const next = new Map<number, Chat>();
    for (const id of ids) {
      const chat = state.chats.get(id);
      if (chat) next.set(id, chat);
    }
    const same = next.size === last.size && [...next].every(([id, chat]) => last.get(id) === chat);
    if (!same) last = next;
    return last;
  };
}

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

/** A chat's unconfirmed messages in the order they were written: the same array while they are unchanged. */
export function chatOutboxSelector(): (state: StoreState, chatId: number | null) => readonly OutboxEntry[] {
  let last: readonly OutboxEntry[] = [];
  return ({ outbox }, chatId) => {
    const next = outbox.filter((entry) => entry.chatId === chatId);
    if (next.length !== last.length || next.some((entry, index) => entry !== last[index])) last = next;
    return last;
  };
}
