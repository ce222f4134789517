/**
 * Copy-on-write for one batch of store actions. The first write to a map or a message list in a
 * batch copies it; later writes in the same batch change that copy in place. So a poll page of
 * 1,000 events on a chat of 10,000 messages copies the list once, not once per message, while
 * the state before the batch is never touched (listeners compare previous and next).
 */
import type { Chat } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import type { StoreState, Typing } from './store-state.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function byNewest(chats: ReadonlyMap<number, Chat>) {
  return (a: number, b: number) => (chats.get(b)?.lastTime ?? 0) - (chats.get(a)?.lastTime ?? 0) || b - a;
}

export class StoreBatch {
  readonly state: Writable<StoreState>;
  changed = false;
  readonly #copies = new WeakSet<object>();
  /** Chats that join the order, and whether it is to be sorted: done once, when the batch ends. */
  readonly #joining = new Set<number>();
  #sortPending = false;
  #listedIds: Set<number> | null = null;

  constructor(readonly base: StoreState) {
    this.state = { ...base };
  }

  #own<T extends object>(value: T, copy: (value: T) => T): T {
    if (this.#copies.has(value)) return value;
    const owned = copy(value);
    this.#copies.add(owned);
    this.changed = true;
    return owned;
  }

  chats(): Map<number, Chat> {
    return (this.state.chats = this.#own(this.state.chats as Map<number, Chat>, (map) => new Map(map)));
  }

  messages(): Map<number, readonly Message[]> {
    return (this.state.messages = this.#own(this.state.messages as Map<number, Message[]>, (map) => new Map(map)));
  }

  typing(): Map<number, Typing> {
    return (this.state.typing = this.#own(this.state.typing as Map<number, Typing>, (map) => new Map(map)));
  }

  /** The chat's message list, writable (the chat must have a loaded list). */
  list(chatId: number): Message[] {
    const messages = this.messages();
    const list = this.#own(messages.get(chatId) as Message[], (items) => items.slice());
    messages.set(chatId, list);
    return list;
  }

  /** A value the state holds whole (its maps of chats, messages and typing have their own copy-on-write). */
  set<K extends Exclude<keyof StoreState, 'chats' | 'messages' | 'typing' | 'order'>>(
    key: K,
    value: StoreState[K],
  ): void {
    if (this.state[key] === value) return;
    this.state[key] = value;
    this.changed = true;
  }

  setOrder(order: readonly number[]): void {
    this.state.order = order;
    this.#listedIds = null;
    this.changed = true;
  }

  /** Whether the chat has a row in the list (pending moves aside). */
  isListed(chatId: number): boolean {
    this.#listedIds ??= new Set(this.state.order);
    return this.#listedIds.has(chatId) || this.#joining.has(chatId);
  }

  /** The chat takes (or keeps) its place by its newest message when the order is next settled. */
  moveInOrder(chatId: number): void {
    this.#joining.add(chatId);
    this.#sortPending = true;
  }

  forgetInOrder(chatId: number): void {
    this.#joining.delete(chatId);
  }

  /** Puts the pending moves in place now (an action that reads or replaces the order is next). */
  settleOrder(): void {
    if (!this.#sortPending) return;
    const ids = new Set(this.state.order);
    for (const id of this.#joining) ids.add(id);
    this.#joining.clear();
    this.#sortPending = false;
    this.setOrder([...ids].sort(byNewest(this.state.chats)));
  }

  /** The state after the batch, or the one before it when no action changed anything. */
  finish(): StoreState {
    this.settleOrder();
    return this.changed ? this.state : this.base;
  }
}
