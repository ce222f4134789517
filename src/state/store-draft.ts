/**
 * Copy-on-write for one batch of store actions. The first write to a map or a message list in a
 * batch copies it; later writes in the same batch change that copy in place. So a poll page of
 * 1,000 events on a chat of 10,000 messages copies the list once, not once per message, while
 * the state before the batch is never touched (listeners compare previous and next).
 */
import type { Chat, Message } from '../api/wire.js';
import type { StoreState, Typing } from './chat-store.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function byNewest(chats: ReadonlyMap<number, Chat>) {
  return (a: number, b: number) => (chats.get(b)?.lastTime ?? 0) - (chats.get(a)?.lastTime ?? 0) || b - a;
}

export class StoreDraft {
  readonly state: Writable<StoreState>;
  changed = false;
  private readonly copies = new WeakSet<object>();
  /** Message id → chat id over the loaded lists, built when an action first needs it. */
  private located: Map<number, number> | null = null;
  /** Message ids of a chat's list, built when an action first needs them. */
  private readonly listIds = new Map<number, Set<number>>();
  /** Chats that join the order, and whether it is to be sorted: done once, when the batch ends. */
  private readonly joining = new Set<number>();
  private sortPending = false;

  constructor(readonly base: StoreState) {
    this.state = { ...base };
  }

  private own<T extends object>(value: T, copy: (value: T) => T): T {
    if (this.copies.has(value)) return value;
    const owned = copy(value);
    this.copies.add(owned);
    this.changed = true;
    return owned;
  }

  chats(): Map<number, Chat> {
    return (this.state.chats = this.own(this.state.chats as Map<number, Chat>, (map) => new Map(map)));
  }

  messages(): Map<number, readonly Message[]> {
    return (this.state.messages = this.own(this.state.messages as Map<number, Message[]>, (map) => new Map(map)));
  }

  typing(): Map<number, Typing> {
    return (this.state.typing = this.own(this.state.typing as Map<number, Typing>, (map) => new Map(map)));
  }

  /** The chat's message list, writable (the chat must have a loaded list). */
  list(chatId: number): Message[] {
    const messages = this.messages();
    const list = this.own(messages.get(chatId) as Message[], (items) => items.slice());
    messages.set(chatId, list);
    return list;
  }

  set<K extends 'total' | 'newMessagesCount' | 'pagesLoaded' | 'hasMore'>(key: K, value: StoreState[K]): void {
    if (this.state[key] === value) return;
    this.state[key] = value;
    this.changed = true;
  }

  setOrder(order: readonly number[]): void {
    this.state.order = order;
    this.changed = true;
  }

  /** The chat takes (or keeps) its place by its newest message when the order is next settled. */
  moveInOrder(chatId: number): void {
    this.joining.add(chatId);
    this.sortPending = true;
  }

  forgetInOrder(chatId: number): void {
    this.joining.delete(chatId);
  }

  /** Puts the pending moves in place now (an action that reads or replaces the order is next). */
  settleOrder(): void {
    if (!this.sortPending) return;
    const ids = new Set(this.state.order);
    for (const id of this.joining) ids.add(id);
    this.joining.clear();
    this.sortPending = false;
    this.setOrder([...ids].sort(byNewest(this.state.chats)));
  }

  /**
   * Where a message is: the first loaded chat holding it, and its index there (searched from
   * the newest end, where live changes happen).
   */
  find(messageId: number): { chatId: number; index: number } | null {
    if (!this.located) {
      this.located = new Map();
      for (const [chatId, list] of this.state.messages)
        for (const message of list) if (!this.located.has(message.id)) this.located.set(message.id, chatId);
    }
    const chatId = this.located.get(messageId);
    const list = chatId === undefined ? undefined : this.state.messages.get(chatId);
    if (chatId === undefined || !list) return null;
    for (let index = list.length - 1; index >= 0; index--) if (list[index].id === messageId) return { chatId, index };
    return null;
  }

  /** Whether the chat's loaded list holds the message. */
  holds(chatId: number, messageId: number): boolean {
    let ids = this.listIds.get(chatId);
    if (!ids) {
      ids = new Set(this.state.messages.get(chatId)?.map((message) => message.id));
      this.listIds.set(chatId, ids);
    }
    return ids.has(messageId);
  }

  /** Keeps the indexes right after a list gained a message. */
  noteAdded(message: Message): void {
    const chatId = this.located?.get(message.id);
    if (chatId === undefined) this.located?.set(message.id, message.chatId);
    else if (chatId !== message.chatId) this.located = null; // one id in two chats: which comes first is rebuilt
    this.listIds.get(message.chatId)?.add(message.id);
  }

  /** Lists were replaced, shortened or dropped: the indexes are rebuilt when next needed. */
  forgetIndex(): void {
    this.located = null;
    this.listIds.clear();
  }

  /** The state after the batch, or the one before it when no action changed anything. */
  finish(): StoreState {
    this.settleOrder();
    return this.changed ? this.state : this.base;
  }
}
