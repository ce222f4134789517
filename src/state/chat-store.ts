/**
 * The panel's data: chats in list order, the messages of chats the operator opened, and typing
 * indicators. Changed only through named actions by the pure `reduceStore`; operator actions
 * (through the API client) and live events (through live/reduce-event) produce the same actions.
 * `ChatStore` wraps it with subscribers and nothing else: no DOM, no timers, no fetch.
 */
import type { Chat, ChatPage, Message } from '../api/wire.js';

export interface Typing {
  operatorName: string | null;
  /** Epoch ms after which the indicator ends even without an end event. */
  until: number;
}

export interface StoreState {
  readonly chats: ReadonlyMap<number, Chat>;
  /** Chat ids in display order: newest last message first. */
  readonly order: readonly number[];
  readonly total: number;
  readonly newMessagesCount: number;
  /** Pages of the list loaded so far (infinite scroll). */
  readonly pagesLoaded: number;
  readonly hasMore: boolean;
  /** Messages by chat id, sorted oldest first; present only for chats that were opened. */
  readonly messages: ReadonlyMap<number, readonly Message[]>;
  readonly typing: ReadonlyMap<number, Typing>;
}

export type StoreAction =
  | { type: 'chats-loaded'; page: number; perPage: number; result: ChatPage }
  | { type: 'chats-cleared' }
  | { type: 'chat-updated'; chat: Chat }
  | { type: 'chat-removed'; chatId: number }
  | { type: 'chat-status-changed'; chatId: number; status: number }
  | { type: 'chat-read'; chatId: number }
  | { type: 'messages-loaded'; chatId: number; messages: readonly Message[] }
  | { type: 'message-added'; message: Message; countsAsUnread: boolean }
  | { type: 'message-status-changed'; messageId: number; status: number }
  | { type: 'message-edited'; messageId: number; text: string }
  | { type: 'message-deleted'; messageId: number }
  | { type: 'typing-changed'; chatId: number; typing: Typing | null }
  | { type: 'messages-forgotten'; keepChatIds: readonly number[] };

export const emptyState: StoreState = {
  chats: new Map(),
  order: [],
  total: 0,
  newMessagesCount: 0,
  pagesLoaded: 0,
  hasMore: false,
  messages: new Map(),
  typing: new Map(),
};

function byNewest(chats: ReadonlyMap<number, Chat>) {
  return (a: number, b: number) => (chats.get(b)?.lastTime ?? 0) - (chats.get(a)?.lastTime ?? 0) || b - a;
}

function insertSorted(list: readonly Message[], message: Message): Message[] {
  const next = list.slice();
  let index = next.length;
  while (
    index > 0 &&
    (next[index - 1].time > message.time || (next[index - 1].time === message.time && next[index - 1].id > message.id))
  ) {
    index -= 1;
  }
  next.splice(index, 0, message);
  return next;
}

function findMessage(state: StoreState, messageId: number): { chatId: number; index: number } | null {
  for (const [chatId, list] of state.messages) {
    const index = list.findIndex((message) => message.id === messageId);
    if (index >= 0) return { chatId, index };
  }
  return null;
}

function patchMessage(state: StoreState, messageId: number, patch: (message: Message) => Message | null): StoreState {
  const found = findMessage(state, messageId);
  if (!found) return state;
  const list = state.messages.get(found.chatId)!.slice();
  const patched = patch(list[found.index]);
  if (patched) list[found.index] = patched;
  else list.splice(found.index, 1);
  const messages = new Map(state.messages).set(found.chatId, list);
  return { ...state, messages };
}

/** A page of the list: page 1 replaces the order (reconciliation), later pages append. */
function chatsLoaded(state: StoreState, page: number, perPage: number, result: ChatPage): StoreState {
  const chats = new Map(state.chats);
  for (const chat of result.items) chats.set(chat.id, chat);
  const incoming = result.items.map((chat) => chat.id);
  let order: number[];
  if (page <= 1) {
    // Keep the rows of later pages the operator already scrolled to; they are refreshed as
    // their pages are reloaded. Rows the server no longer lists on page 1 but that are newer
    // than its last row were closed or deleted elsewhere: drop them.
    const lastTime = result.items.length ? result.items[result.items.length - 1].lastTime : Infinity;
    const kept = state.order.filter((id) => !incoming.includes(id) && (chats.get(id)?.lastTime ?? 0) < lastTime);
    order = [...incoming, ...kept];
  } else {
    order = [...state.order.filter((id) => !incoming.includes(id)), ...incoming];
  }
  const listed = new Set(order); // a Set: the list grows to thousands of rows
  for (const id of state.order) if (!listed.has(id)) chats.delete(id);
  return {
    ...state,
    chats,
    order,
    total: result.total,
    newMessagesCount: result.newMessagesCount,
    pagesLoaded: Math.max(page, state.pagesLoaded, 1),
    hasMore: order.length < result.total && result.items.length >= perPage,
  };
}

/** Server messages merged with what only we know yet (live arrivals newer than the fetch). */
function messagesLoaded(state: StoreState, chatId: number, incoming: readonly Message[]): StoreState {
  const known = state.messages.get(chatId) ?? [];
  const ids = new Set(incoming.map((message) => message.id));
  const newest = incoming.length ? incoming[incoming.length - 1].time : 0;
  let merged = incoming.map((message) => {
    const local = known.find((candidate) => candidate.id === message.id);
    // A Story block only arrives by callback: keep it across refetches.
    return local?.story && !message.story ? { ...message, story: local.story } : message;
  });
  for (const message of known) {
    if (!ids.has(message.id) && message.time >= newest) merged = insertSorted(merged, message);
  }
  return { ...state, messages: new Map(state.messages).set(chatId, merged) };
}

function messageAdded(state: StoreState, message: Message, countsAsUnread: boolean): StoreState {
  const list = state.messages.get(message.chatId);
  const existing = list?.find((candidate) => candidate.id === message.id);
  if (existing) {
    // The same message from another path (3 and 11, our own send): fill gaps, never duplicate.
    if (existing.story || !message.story) return state;
    return patchMessage(state, message.id, (current) => ({ ...current, story: message.story }));
  }
  let next = state;
  if (list) next = { ...next, messages: new Map(next.messages).set(message.chatId, insertSorted(list, message)) };
  const chat = next.chats.get(message.chatId);
  if (chat && message.time >= chat.lastTime && !message.isInternal) {
    const updated: Chat = {
      ...chat,
      lastText: message.text,
      lastTime: message.time,
      lastAuthor: message.author,
      lastStatus: message.status,
      lastIsMedia: message.media !== null,
      unread: chat.unread + (countsAsUnread ? 1 : 0),
    };
    const chats = new Map(next.chats).set(chat.id, updated);
    const order = [chat.id, ...next.order.filter((id) => id !== chat.id)].sort(byNewest(chats));
    next = { ...next, chats, order, newMessagesCount: next.newMessagesCount + (countsAsUnread ? 1 : 0) };
  }
  return next;
}

export function reduceStore(state: StoreState, action: StoreAction): StoreState {
  switch (action.type) {
    case 'chats-loaded':
      return chatsLoaded(state, action.page, action.perPage, action.result);
    case 'chats-cleared':
      // A new filter or search: the old rows do not belong to it. Loaded messages stay.
      return { ...state, chats: new Map(), order: [], total: 0, newMessagesCount: 0, pagesLoaded: 0, hasMore: false };
    case 'chat-updated': {
      // Upsert: a chat opened by phone or created elsewhere joins the list at its place.
      const chats = new Map(state.chats).set(action.chat.id, action.chat);
      if (state.chats.has(action.chat.id)) return { ...state, chats };
      const order = [...state.order, action.chat.id].sort(byNewest(chats));
      return { ...state, chats, order, total: state.total + 1 };
    }
    case 'chat-removed': {
      if (!state.chats.has(action.chatId)) return state;
      const chats = new Map(state.chats);
      const removed = chats.get(action.chatId)!;
      chats.delete(action.chatId);
      const messages = new Map(state.messages);
      messages.delete(action.chatId);
      return {
        ...state,
        chats,
        messages,
        order: state.order.filter((id) => id !== action.chatId),
        total: Math.max(0, state.total - 1),
        newMessagesCount: Math.max(0, state.newMessagesCount - removed.unread),
      };
    }
    case 'chat-status-changed': {
      const chat = state.chats.get(action.chatId);
      if (!chat || chat.status === action.status) return state;
      return { ...state, chats: new Map(state.chats).set(chat.id, { ...chat, status: action.status }) };
    }
    case 'chat-read': {
      const chat = state.chats.get(action.chatId);
      if (!chat || chat.unread === 0) return state;
      return {
        ...state,
        chats: new Map(state.chats).set(chat.id, { ...chat, unread: 0 }),
        newMessagesCount: Math.max(0, state.newMessagesCount - chat.unread),
      };
    }
    case 'messages-loaded':
      return messagesLoaded(state, action.chatId, action.messages);
    case 'message-added':
      return messageAdded(state, action.message, action.countsAsUnread);
    case 'message-status-changed':
      return patchMessage(state, action.messageId, (message) =>
        message.status === action.status ? message : { ...message, status: action.status },
      );
    case 'message-edited':
      return patchMessage(state, action.messageId, (message) => ({ ...message, text: action.text }));
    case 'message-deleted':
      return patchMessage(state, action.messageId, () => null);
    case 'typing-changed': {
      const typing = new Map(state.typing);
      if (action.typing) typing.set(action.chatId, action.typing);
      else if (!typing.delete(action.chatId)) return state;
      return { ...state, typing };
    }
    case 'messages-forgotten': {
      const messages = new Map([...state.messages].filter(([chatId]) => action.keepChatIds.includes(chatId)));
      return messages.size === state.messages.size ? state : { ...state, messages };
    }
  }
}

export type StoreListener = (state: StoreState, previous: StoreState) => void;

/** Holds the state and tells subscribers when an action changed it. */
export class ChatStore {
  private current: StoreState = emptyState;
  private readonly listeners = new Set<StoreListener>();

  get state(): StoreState {
    return this.current;
  }

  /** Applies actions in order and notifies once: a page of 1,000 events is one render. */
  dispatch(...actions: StoreAction[]): void {
    const previous = this.current;
    let next = previous;
    for (const action of actions) next = reduceStore(next, action);
    if (next === previous) return;
    this.current = next;
    for (const listener of this.listeners) listener(next, previous);
  }

  subscribe(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
