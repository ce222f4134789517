/**
 * Derived views of the store's state for what renders them. Each selector answers the same
 * value while what it is made of is unchanged, so an element given it sees no change.
 */
import type { Chat } from '../api/chat-wire.js';
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
