/**
 * Derived views of the store's state for the open conversation: loaded with its chunk. Each
 * selector answers the same value while what it is made of is unchanged, so an element given it
 * sees no change.
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

/** A chat's unconfirmed messages in the order they were written: the same array while they are unchanged. */
export function chatOutboxSelector(): (state: StoreState, chatId: number | null) => readonly OutboxEntry[] {
  let last: readonly OutboxEntry[] = [];
  return ({ outbox }, chatId) => {
    const next = outbox.filter((entry) => entry.chatId === chatId);
    if (next.length !== last.length || next.some((entry, index) => entry !== last[index])) last = next;
    return last;
  };
}
