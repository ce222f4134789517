/**
 * The panel's data: chats in list order, the open chat's messages and typing, drafts and the
 * outbox (store-state.ts). Changed only through named actions by pure reducers; operator actions
 * (through the API client) and live events (through live/reduce-event) produce the same actions.
 * This module's reducer is the core the first screen needs (the list, the open chat's id, the
 * unread total). What changes chats after that (news, the operator's actions on a chat, records the
 * open chat needs) is chat-changes.ts, added to the core by the first chunk that dispatches it
 * (live updates, the conversation); the conversation chunk also adds its slice (conversation-slice.ts).
 * `ChatStore` wraps them with subscribers and nothing else: no DOM, no timers, no fetch.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { Chat, ChatPage } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import type { Draft } from './composer-draft.js';
import type { OutboxEntry } from './outbox-entry.js';
import { StoreBatch } from './store-batch.js';
import { emptyState, type ListFilter, type StoreState, type Typing } from './store-state.js';

export type StoreAction =
  /** `wholeInbox`: the query had no filter or search, so its unread count is the total. */
  | { type: 'chats-loaded'; page: number; perPage: number; result: ChatPage; wholeInbox?: boolean }
  | { type: 'chats-cleared' }
  | { type: 'unread-total-loaded'; total: number }
  | { type: 'chat-opened'; chatId: number | null }
  /** A new search, status or restriction: the rows go (chats-cleared) when it differs. */
  | { type: 'filter-changed'; filter: ListFilter }
  | { type: 'list-loading'; loading: boolean }
  | { type: 'conversation-loading'; loading: boolean }
  | { type: 'chain-loaded' }
  /** Records the open chat needs that the list does not show (a deeplinked chat, earlier chats). */
  | { type: 'chats-found'; chats: readonly Chat[] }
  | { type: 'chat-not-found'; chatId: number }
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
  | { type: 'messages-forgotten'; keepChatIds: readonly number[] }
  /** The operator's drafts and outbox as storage kept them (a token for another operator replaces them). */
  | { type: 'drafts-restored'; drafts: ReadonlyMap<number, Draft> }
  | { type: 'draft-changed'; chatId: number; draft: Draft }
  /** A draft's file read back after a reload (null: the browser did not keep it). */
  | { type: 'draft-file-restored'; chatId: number; name: string; attachment: OutgoingAttachment | null }
  | { type: 'outbox-restored'; entries: readonly OutboxEntry[] }
  | { type: 'outbox-added'; entry: OutboxEntry }
  | {
      type: 'outbox-changed';
      localId: string;
      patch: Partial<Pick<OutboxEntry, 'state' | 'error' | 'progress'>>;
    }
  | { type: 'outbox-removed'; localId: string }
  /** An unsent message's file read back after a reload. */
  | { type: 'outbox-file-restored'; localId: string; attachment: OutgoingAttachment };

/**
 * A reducer the store runs before its core one for every action (the conversation's slice).
 * Answering true says the action repeats what the state already holds: the core skips it.
 */
export type StoreSlice = (batch: StoreBatch, action: StoreAction) => boolean | void;

/** A page of the list: page 1 replaces the order (reconciliation), later pages append. */
function chatsLoaded(batch: StoreBatch, page: number, perPage: number, result: ChatPage, wholeInbox: boolean): void {
  batch.settleOrder();
  const previousOrder = batch.state.order;
  const chats = batch.chats();
  // Unchanged records stay the same objects: rows and the open chat's header see no change.
  for (const item of result.items) {
    const known = chats.get(item.id);
    const chat = known?.lastIsNote && sameLastMessage(known, item) ? { ...item, lastIsNote: true } : item;
    if (!sameValue(known, chat)) chats.set(chat.id, chat);
  }
  const incoming = result.items.map((chat) => chat.id);
  const incomingIds = new Set(incoming);
  let order: number[];
  if (page <= 1) {
    // Keep the rows of later pages the operator already scrolled to; they are refreshed as
    // their pages are reloaded. Rows the server no longer lists on page 1 but that are newer
    // than its last row were closed or deleted elsewhere: drop them.
    const lastTime = result.items.length ? result.items[result.items.length - 1].lastTime : Infinity;
    const kept = previousOrder.filter((id) => !incomingIds.has(id) && (chats.get(id)?.lastTime ?? 0) < lastTime);
    order = [...incoming, ...kept];
  } else {
    order = [...previousOrder.filter((id) => !incomingIds.has(id)), ...incoming];
  }
  const listed = new Set(order); // a Set: the list grows to thousands of rows
  for (const id of previousOrder) if (!listed.has(id) && !batch.state.pinned.has(id)) chats.delete(id);
  batch.setOrder(order);
  batch.set('total', result.total);
  if (wholeInbox) batch.set('unreadTotal', result.newMessagesCount);
  batch.set('pagesLoaded', Math.max(page, batch.state.pagesLoaded, 1));
  batch.set('hasMore', order.length < result.total && result.items.length >= perPage);
}

/** Slack between the panel's clock and the service's for a message the panel sent itself. */
const sentClockSlackMs = 5 * 60_000;

/**
 * A fetched record's last message is the one the panel knew (a note it marked): the same text by
 * the same author, at the same time give or take the two clocks' difference.
 */
function sameLastMessage(known: Chat, fetched: Chat): boolean {
  return (
    known.lastText === fetched.lastText &&
    known.lastAuthor === fetched.lastAuthor &&
    Math.abs(known.lastTime - fetched.lastTime) <= sentClockSlackMs
  );
}

/**
 * Another chat opened: its record is kept whatever the list shows (it is pinned); the records
 * only the previous one needed go.
 */
function chatOpened(batch: StoreBatch, chatId: number | null): void {
  const { state } = batch;
  if (state.openChatId === chatId) return;
  batch.set('openChatId', chatId);
  batch.set('openChatUnknown', false);
  batch.set('chainLoaded', false);
  const listed = new Set(state.order);
  for (const id of state.pinned) if (!listed.has(id) && id !== chatId) batch.chats().delete(id);
  batch.set('pinned', chatId === null ? new Set<number>() : new Set([chatId]));
}

/** Whether two records parsed from the wire say the same (plain data: numbers, strings, nested records). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function sameFilter(a: ListFilter, b: ListFilter): boolean {
  return (
    a.search === b.search &&
    a.source === b.source &&
    a.entityId === b.entityId &&
    a.unread === b.unread &&
    a.mine === b.mine &&
    a.starred === b.starred &&
    a.channel === b.channel &&
    a.statuses.length === b.statuses.length &&
    a.statuses.every((status, index) => status === b.statuses[index])
  );
}

function apply(batch: StoreBatch, action: StoreAction): void {
  const state = batch.state;
  switch (action.type) {
    case 'chats-loaded':
      return chatsLoaded(batch, action.page, action.perPage, action.result, action.wholeInbox === true);
    case 'chats-cleared':
      // A new filter or search: the old rows do not belong to it. Loaded messages stay, and so
      // do the records the open chat needs.
      batch.settleOrder(); // pending moves are of rows that go now
      for (const id of state.order) if (!state.pinned.has(id)) batch.chats().delete(id);
      if (state.order.length) batch.setOrder([]);
      batch.set('total', 0);
      batch.set('pagesLoaded', 0);
      batch.set('hasMore', false);
      return;
    case 'unread-total-loaded':
      batch.set('unreadTotal', action.total);
      return;
    case 'chat-opened':
      return chatOpened(batch, action.chatId);
    case 'filter-changed':
      if (!sameFilter(state.filter, action.filter)) batch.set('filter', action.filter);
      return;
    case 'list-loading':
      batch.set('listLoading', action.loading);
      return;
    case 'conversation-loading':
      batch.set('conversationLoading', action.loading);
      return;
    case 'chain-loaded':
      batch.set('chainLoaded', true);
      return;
    // The others are the conversation slice's and the chat changes' (chat-changes.ts).
  }
}

/** Applies an action the core handles; it has already passed every slice. */
export type CoreReducer = (batch: StoreBatch, action: StoreAction) => void;

/**
 * A reducer of the core (with its extensions) and the given slices: applies actions in order.
 * Each map and message list is copied at most once per call, however many actions change it, and
 * the result is the state before when nothing changed.
 */
export function storeReducer(slices: readonly StoreSlice[], coreExtensions: readonly CoreReducer[] = []) {
  return (state: StoreState, ...actions: StoreAction[]): StoreState => {
    const batch = new StoreBatch(state);
    for (const action of actions) {
      if (slices.some((slice) => slice(batch, action) === true)) continue;
      apply(batch, action);
      for (const extension of coreExtensions) extension(batch, action);
    }
    return batch.finish();
  };
}

export type StoreListener = (state: StoreState, previous: StoreState) => void;

/** Holds the state and tells subscribers when an action changed it. */
export class ChatStore {
  #current: StoreState = emptyState;
  readonly #listeners = new Set<StoreListener>();
  readonly #slices: StoreSlice[] = [];
  readonly #coreExtensions: CoreReducer[] = [];
  /** Reads both lists on every dispatch: what the chunks add later takes part from then on. */
  readonly #reduce = storeReducer(this.#slices, this.#coreExtensions);

  /** Adds a slice's reducer (once): the conversation chunk's, when it loads. */
  addSlice(slice: StoreSlice): void {
    if (!this.#slices.includes(slice)) this.#slices.push(slice);
  }

  /**
   * Adds to the core (once) what a chunk loaded later needs of it (chat-changes.ts). It runs after
   * every slice, like the core, whichever order the chunks came in.
   */
  extendCore(extension: CoreReducer): void {
    if (!this.#coreExtensions.includes(extension)) this.#coreExtensions.push(extension);
  }

  get state(): StoreState {
    return this.#current;
  }

  /** Applies actions in order and notifies once: a page of 1,000 events is one render. */
  dispatch(...actions: StoreAction[]): void {
    const previous = this.#current;
    const next = this.#reduce(previous, ...actions);
    if (next === previous) return;
    this.#current = next;
    for (const listener of this.#listeners) listener(next, previous);
  }

  subscribe(listener: StoreListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
