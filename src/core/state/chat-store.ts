/**
 * The panel's data: chats in list order, the open chat's messages and typing, drafts and the
 * outbox (store-state.ts). Changed only through named actions by one pure reducer that knows
 * every action: operator actions (through the API client) and live events (through
 * core/live/reduce-event.ts) produce the same actions. The reducer hands each to the functions of
 * its domain: the list and chat records (list-reducer.ts), messages and typing
 * (message-reducer.ts), drafts and the outbox (composer-reducer.ts). `ChatStore` wraps it with
 * subscribers and nothing else: no DOM, no timers, no fetch.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { Chat, ChatPage } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import type { Draft } from './composer-draft.js';
import {
  draftChanged,
  draftFileRestored,
  draftsRestored,
  outboxAdded,
  outboxChanged,
  outboxFileRestored,
  outboxRemoved,
} from './composer-reducer.js';
import {
  chatOpened,
  chatRead,
  chatRemoved,
  chatsCleared,
  chatsFound,
  chatsLoaded,
  chatStatusChanged,
  chatUpdated,
  filterChanged,
  markChatOfMessage,
  markFromMessages,
} from './list-reducer.js';
import { messageAdded, messagesForgotten, messagesLoaded, patchMessage, typingChanged } from './message-reducer.js';
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
  | { type: 'draft-file-restored'; chatId: number; fileId: string; attachment: OutgoingAttachment | null }
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

function reduceAction(batch: StoreBatch, action: StoreAction): void {
  switch (action.type) {
    case 'chats-loaded':
      return chatsLoaded(batch, action.page, action.perPage, action.result, action.wholeInbox === true);
    case 'chats-cleared':
      return chatsCleared(batch);
    case 'unread-total-loaded':
      return batch.set('unreadTotal', action.total);
    case 'chat-opened':
      return chatOpened(batch, action.chatId);
    case 'filter-changed':
      return filterChanged(batch, action.filter);
    case 'list-loading':
      return batch.set('listLoading', action.loading);
    case 'conversation-loading':
      return batch.set('conversationLoading', action.loading);
    case 'chain-loaded':
      return batch.set('chainLoaded', true);
    case 'chats-found':
      return chatsFound(batch, action.chats);
    case 'chat-not-found':
      if (batch.state.openChatId === action.chatId) batch.set('openChatUnknown', true);
      return;
    case 'chat-updated':
      return chatUpdated(batch, action.chat);
    case 'chat-removed':
      return chatRemoved(batch, action.chatId);
    case 'chat-status-changed':
      return chatStatusChanged(batch, action.chatId, action.status);
    case 'chat-read':
      return chatRead(batch, action.chatId);
    case 'messages-loaded':
      messagesLoaded(batch, action.chatId, action.messages);
      return markFromMessages(batch, action.chatId, batch.state.messages.get(action.chatId) ?? []);
    case 'message-added':
      // The same message from another path (events 3 and 11, our own send) counts once.
      if (!messageAdded(batch, action.message)) markChatOfMessage(batch, action.message, action.countsAsUnread);
      return;
    case 'message-status-changed': {
      const { status } = action;
      return patchMessage(batch, action.messageId, (message) =>
        message.status === status ? message : { ...message, status },
      );
    }
    case 'message-edited': {
      const { text } = action;
      return patchMessage(batch, action.messageId, (message) =>
        message.text === text ? message : { ...message, text },
      );
    }
    case 'message-deleted':
      return patchMessage(batch, action.messageId, () => null);
    case 'messages-forgotten':
      return messagesForgotten(batch, action.keepChatIds);
    case 'typing-changed':
      return typingChanged(batch, action.chatId, action.typing);
    case 'drafts-restored':
      return draftsRestored(batch, action.drafts);
    case 'draft-changed':
      return draftChanged(batch, action.chatId, action.draft);
    case 'draft-file-restored':
      return draftFileRestored(batch, action.chatId, action.fileId, action.attachment);
    case 'outbox-restored':
      return batch.set('outbox', action.entries);
    case 'outbox-added':
      return outboxAdded(batch, action.entry);
    case 'outbox-changed':
      return outboxChanged(batch, action.localId, action.patch);
    case 'outbox-removed':
      return outboxRemoved(batch, action.localId);
    case 'outbox-file-restored':
      return outboxFileRestored(batch, action.localId, action.attachment);
    default:
      return unknownAction(action);
  }
}

/** An action no reducer knows is a mistake of the code that sent it: it fails loudly, in tests first. */
function unknownAction(action: never): never {
  throw new TypeError(`The store knows no action "${(action as { type?: unknown }).type}"`);
}

/**
 * Applies actions in order. Each map and message list is copied at most once per call, however
 * many actions change it, and the result is the state before when nothing changed.
 */
export function reduceStore(state: StoreState, ...actions: StoreAction[]): StoreState {
  const batch = new StoreBatch(state);
  for (const action of actions) reduceAction(batch, action);
  return batch.finish();
}

export type StoreListener = (state: StoreState, previous: StoreState) => void;

/** Holds the state and tells subscribers when an action changed it. */
export class ChatStore {
  #current: StoreState = emptyState;
  readonly #listeners = new Set<StoreListener>();

  get state(): StoreState {
    return this.#current;
  }

  /** Applies actions in order and notifies once: a page of 1,000 events is one render. */
  dispatch(...actions: StoreAction[]): void {
    const previous = this.#current;
    const next = reduceStore(previous, ...actions);
    if (next === previous) return;
    this.#current = next;
    for (const listener of this.#listeners) listener(next, previous);
  }

  subscribe(listener: StoreListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
