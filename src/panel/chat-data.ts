/**
 * The panel's reads and the open chat, with no DOM: it fetches the chat list (pages, filter,
 * unread total) and the open chat's messages through the API client into the store, and reports
 * failures (the client repeats the reads the panel keeps up; this class says why meanwhile). The
 * conversation feature does the rest of the open chat's work, with this class as its host
 * (conversation/conversation-host.ts). Every request takes an AbortSignal; `stop()` aborts all of them.
 */
import { ApiError, connectionTrouble, isAbort } from '../core/api/api-error.js';
import type { ChatApi } from '../core/api/chat-api.js';
import type { ChatPage } from '../core/api/chat-wire.js';
import type { RetryOptions } from '../core/api/retry-policy.js';
import { ChatStore } from '../core/state/chat-store.js';
import { listQuery, showsWholeInbox, unreadTotalQuery } from '../core/state/list-query.js';
import type { ListFilter } from '../core/state/store-state.js';
import { keepConversation } from '../core/state/conversation-storage.js';
import { ConversationFeature } from '../conversation/conversation-feature.js';
import type { ConversationHost } from '../conversation/conversation-host.js';

export interface ChatDataCallbacks {
  /** A call failed in a way the operator must see; `chatId` names the chat an action was about. */
  onError(error: ApiError, action: string, chatId?: number): void;
  /** The service answered 401; `saysExpired`: its answer said the token expired. */
  onRejected(saysExpired: boolean): void;
  onListLoaded(): void;
  onChatOpened(chatId: number): void;
  onMessageSent(chatId: number, messageId: number): void;
  /** The service answered again after failures. */
  onHealthy(): void;
}

export class ChatData implements ConversationHost {
  readonly store = new ChatStore();
  api: ChatApi | null = null;
  perPage = 20;
  /** The operator the token names, for the Mine filter; null when it names none. */
  operatorId: string | null = null;
  /** The token's operator name: the name on the messages this operator sends (ConversationHost). */
  operatorName: string | null = null;
  /** The open chat's reading, sending and rendering. */
  readonly conversation = new ConversationFeature(this);
  #lifetime = new AbortController();
  #listAbort: AbortController | null = null;
  #totalAbort: AbortController | null = null;
  #chatAbort: AbortController | null = null;
  #scope: string | null = null;
  #unbindScope: (() => void) | null = null;

  readonly #callbacks: ChatDataCallbacks;

  constructor(callbacks: ChatDataCallbacks) {
    this.#callbacks = callbacks;
  }

  /** ConversationHost: aborted when the panel stops; one signal per lifetime, not per request. */
  get signal(): AbortSignal {
    return this.#lifetime.signal;
  }

  /** Stops every request in flight (disconnect, new token, expired token). */
  stop(): void {
    this.#listAbort?.abort();
    this.#chatAbort?.abort();
    this.#totalAbort?.abort();
    this.#lifetime.abort();
    this.#lifetime = new AbortController();
    const { listLoading, conversationLoading } = this.store.state;
    if (listLoading) this.store.dispatch({ type: 'list-loading', loading: false });
    if (conversationLoading) this.store.dispatch({ type: 'conversation-loading', loading: false });
  }

  /**
   * Binds drafts and the outbox to the operator the token is for: what storage kept for them
   * comes back (the chat list marks drafts at once), and changes are kept (keys never hold the token).
   */
  /** ConversationHost: whose memories the conversation keeps (the details pane's toggle). */
  get scope(): string | null {
    return this.#scope;
  }

  useScope(scope: string): void {
    if (this.#scope === scope) return;
    this.#scope = scope;
    this.#unbindScope?.();
    this.#unbindScope = keepConversation(this.store, scope);
  }

  /** Page 1 again: a new filter, a refresh or reconciliation. Keeps the rows on screen. */
  async loadList(): Promise<void> {
    await this.#loadPage(1);
  }

  async loadMore(): Promise<void> {
    const state = this.store.state;
    if (state.listLoading || !state.hasMore) return;
    await this.#loadPage(state.pagesLoaded + 1);
  }

  async #loadPage(page: number): Promise<void> {
    const api = this.api;
    if (!api) return;
    this.#listAbort?.abort();
    const query = listQuery(this.store.state.filter, page, this.perPage, this.operatorId);
    // Page 1 answered before the panel's code was in (the script tag asked it): in the store at
    // once, so that the panel's first render holds the rows the first screen shows.
    const arrived = page === 1 ? api.listChatsArrived(query) : null;
    if (arrived) {
      this.#listed(page, arrived);
      return;
    }
    const abort = (this.#listAbort = new AbortController());
    this.store.dispatch({ type: 'list-loading', loading: true });
    try {
      this.#listed(page, await api.listChats(query, abort.signal, this.keptRead('load-chats')));
    } catch (error) {
      this.fail(error, 'load-chats');
    } finally {
      if (this.#listAbort === abort) {
        this.#listAbort = null;
        this.store.dispatch({ type: 'list-loading', loading: false });
      }
    }
  }

  #listed(page: number, result: ChatPage): void {
    this.store.dispatch({
      type: 'chats-loaded',
      page,
      perPage: this.perPage,
      result,
      wholeInbox: showsWholeInbox(this.store.state.filter),
    });
    this.#callbacks.onHealthy();
    this.#callbacks.onListLoaded();
  }

  /**
   * The unread total of the operator's whole inbox (the channel and account the panel is
   * restricted to, every status, no search): what the header badge and `ocp-unread-change` say,
   * whatever the list shows. Live messages keep it up; this corrects it.
   */
  async loadUnreadTotal(): Promise<void> {
    if (!this.api || showsWholeInbox(this.store.state.filter)) return; // the list's own count is that total
    const abort = new AbortController();
    this.#totalAbort?.abort();
    this.#totalAbort = abort;
    try {
      const query = unreadTotalQuery(this.store.state.filter);
      const { newMessagesCount } = this.api.listChatsArrived(query) ?? (await this.api.listChats(query, abort.signal));
      this.store.dispatch({ type: 'unread-total-loaded', total: newMessagesCount });
    } catch (error) {
      // The list's own load reports trouble; the total is corrected by the next reconciliation.
      if (!isAbort(error) && error instanceof ApiError && error.code === 'unauthorized') this.fail(error, 'load-chats');
    } finally {
      if (this.#totalAbort === abort) this.#totalAbort = null;
    }
  }

  /** A fresh filter: start the list over (the store's page-1 merge keeps it from flickering). */
  async applyFilter(filter: ListFilter): Promise<void> {
    const before = this.store.state.filter;
    this.store.dispatch({ type: 'filter-changed', filter });
    if (this.store.state.filter !== before) this.store.dispatch({ type: 'chats-cleared' });
    await this.loadList();
  }

  async openChat(chatId: number): Promise<void> {
    if (this.store.state.openChatId !== chatId) {
      this.#chatAbort?.abort();
      // Only the open chat keeps its messages in memory; the others are refetched when opened.
      this.store.dispatch({ type: 'chat-opened', chatId }, { type: 'messages-forgotten', keepChatIds: [chatId] });
      this.#callbacks.onChatOpened(chatId);
    }
    await this.#loadMessages(false);
  }

  closeChat(): void {
    this.#chatAbort?.abort();
    this.store.dispatch({ type: 'chat-opened', chatId: null });
  }

  reloadMessages(): Promise<void> {
    return this.#loadMessages(this.store.state.chainLoaded);
  }

  readChain(): Promise<void> {
    return this.#loadMessages(true);
  }

  async #loadMessages(isChain: boolean): Promise<void> {
    const chatId = this.store.state.openChatId;
    if (!this.api || chatId === null) return;
    this.#chatAbort?.abort();
    const abort = (this.#chatAbort = new AbortController());
    this.store.dispatch({ type: 'conversation-loading', loading: true });
    try {
      await this.conversation.readMessages(chatId, isChain, abort.signal);
    } finally {
      if (this.#chatAbort === abort) {
        this.#chatAbort = null;
        this.store.dispatch({ type: 'conversation-loading', loading: false });
      }
    }
  }

  /** Finds the newest chat with this phone (narrowed by account and channel) and opens it. */
  async openByPhone(
    phone: string,
    narrow: { from?: string | null; source?: number | null } = {},
  ): Promise<number | null> {
    return this.conversation.openByPhone(phone, narrow);
  }

  /** Refetches the list and the open chat and merges them in place (no flicker). */
  async reconcile(): Promise<void> {
    await Promise.all([this.loadList(), this.loadUnreadTotal(), this.reloadMessages()]);
  }

  /**
   * ConversationHost: how a read the panel keeps up by itself (the list, the open chat) is asked.
   * The client repeats it until it is answered (core/api/retry-policy.ts); a lost connection or a
   * failing service is reported at each retry, for the banner while it lasts (contract §5), and a
   * 429 is waited out without a word: the service only asked to wait.
   */
  keptRead(action: string): RetryOptions {
    return {
      repeat: 'until-answered',
      onRetry: (error) => {
        if (connectionTrouble(error)) this.fail(error, action);
      },
    };
  }

  /** ConversationHost: the service answered again after failures. */
  healthy(): void {
    this.#callbacks.onHealthy();
  }

  /** ConversationHost: the service accepted a message. */
  messageSent(chatId: number, messageId: number): void {
    this.#callbacks.onMessageSent(chatId, messageId);
  }

  /** Reports a failed call (an abort or a missing token is not reported). */
  fail(error: unknown, action: string, chatId?: number): void {
    if (isAbort(error)) return;
    const apiError =
      error instanceof ApiError ? error : new ApiError('malformed', (error as Error)?.message ?? String(error));
    if (apiError.code === 'no-token') return; // the session already shows why
    if (apiError.code === 'unauthorized') {
      this.#callbacks.onRejected(apiError.tokenExpired);
      return;
    }
    this.#callbacks.onError(apiError, action, chatId);
  }
}
