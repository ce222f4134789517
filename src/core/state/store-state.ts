/**
 * What the panel knows, as one immutable value: chats, messages, typing and the operator's place
 * in them. Only the store's reducer (chat-store.ts) makes a new one.
 */
import type { Chat } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import type { Draft } from './composer-draft.js';
import type { OutboxEntry } from './outbox-entry.js';

export interface Typing {
  operatorName: string | null;
  /** Epoch ms after which the indicator ends even without an end event. */
  until: number;
}

/** A tag the operator narrowed the list to: its id is asked for, its name is shown (before any chat carrying it is). */
export interface FilterTag {
  readonly id: number;
  readonly name: string;
}

/** What the chat list asks the service for, besides its page. */
export interface ListFilter {
  readonly statuses: readonly number[];
  readonly search: string;
  /** The channel and account the page restricts the panel to (attributes `source`, `entity-id`). */
  readonly source: number | null;
  readonly entityId: number | null;
  /** The operator's triage toggles: chats with unread messages, theirs, starred, one channel, tags. */
  readonly unread: boolean;
  readonly mine: boolean;
  readonly starred: boolean;
  /** A channel the operator chose (only when the page does not fix one with `source`). */
  readonly channel: number | null;
  /** Tags the operator chose, in the order chosen: a chat carrying any of them is listed. */
  readonly tags: readonly FilterTag[];
}

export interface StoreState {
  /** Chat records: the listed ones, and those the open chat needs though the list does not show them. */
  readonly chats: ReadonlyMap<number, Chat>;
  /** Chat ids in display order: newest last message first. */
  readonly order: readonly number[];
  /** Chats the current list (filters, search) holds, as the service counts them. */
  readonly total: number;
  /** Unread customer messages in the operator's whole inbox, whatever the list shows; null until known. */
  readonly unreadTotal: number | null;
  /** The chat the operator has open: its record is kept whatever the list shows. */
  readonly openChatId: number | null;
  /** Records kept for the open chat though not listed: itself, and its customer's earlier chats. */
  readonly pinned: ReadonlySet<number>;
  /** The open chat's record could not be found: its header shows the id alone, and says so. */
  readonly openChatUnknown: boolean;
  /** Pages of the list loaded so far (infinite scroll). */
  readonly pagesLoaded: number;
  readonly hasMore: boolean;
  /** Messages by chat id, sorted oldest first; present only for chats that were opened. */
  readonly messages: ReadonlyMap<number, readonly Message[]>;
  readonly typing: ReadonlyMap<number, Typing>;
  /** The list's filter: search, statuses, and the channel and account the panel is restricted to. */
  readonly filter: ListFilter;
  /** A page of the list is being fetched. */
  readonly listLoading: boolean;
  /** The open chat's messages are being fetched. */
  readonly conversationLoading: boolean;
  /** The customer's earlier chats were loaded into the open one (`isChain`). */
  readonly chainLoaded: boolean;
  /** What the operator prepared in each chat's composer (only chats with something in it). */
  readonly drafts: ReadonlyMap<number, Draft>;
  /** Messages sent but not confirmed by the service: sending, or failed and waiting for Retry or Discard. */
  readonly outbox: readonly OutboxEntry[];
}

export const emptyState: StoreState = {
  chats: new Map(),
  order: [],
  total: 0,
  unreadTotal: null,
  openChatId: null,
  pinned: new Set(),
  openChatUnknown: false,
  pagesLoaded: 0,
  hasMore: false,
  messages: new Map(),
  typing: new Map(),
  filter: {
    statuses: [],
    search: '',
    source: null,
    entityId: null,
    unread: false,
    mine: false,
    starred: false,
    channel: null,
    tags: [],
  },
  listLoading: false,
  conversationLoading: false,
  chainLoaded: false,
  drafts: new Map(),
  outbox: [],
};
