/**
 * The glue between the panel element and its data: it owns the store (and, once the conversation
 * chunk is loaded, the outbox and drafts through ConversationActions), calls the API client for
 * operator actions, and reports what the element shows (loading, banners) and fires (through
 * the callbacks). Work starts on connect and all of it stops on disconnect; every request takes
 * an AbortSignal.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, isAbort } from '../api/api-error.js';
import { backoffDelay, sleep } from '../api/backoff.js';
import type { ChatApi, ChatListQuery } from '../api/chat-api.js';
import { conversationLoaded, loadConversation, type ConversationChunk } from '../conversation/conversation-chunk.js';
import { ChatStore } from '../state/chat-store.js';
import type { ConversationActions, ConversationHost } from '../conversation/conversation-actions.js';

export interface ListFilter {
  statuses: readonly number[];
  search: string;
  source: number | null;
  entityId: number | null;
}

export interface DataCallbacks {
  /** A call failed in a way the operator must see (the element fires `ocp-error` too). */
  /** `chatId` names the chat an action was about, when the operator should read which. */
  onError(error: ApiError, action: string, chatId?: number): void;
  onRejected(): void;
  onListRendered(): void;
  onChatOpened(chatId: number): void;
  onMessageSent(chatId: number, messageId: number): void;
  onUnreadChange(total: number): void;
  /** The service answered again after failures: clear the offline banner. */
  onHealthy(): void;
}

export class ChatDataController implements ReactiveController, ConversationHost {
  readonly store = new ChatStore();
  api: ChatApi | null = null;
  perPage = 20;
  filter: ListFilter = { statuses: [], search: '', source: null, entityId: null };
  openChatId: number | null = null;
  listLoading = false;
  conversationLoading = false;
  chainLoaded = false;
  private listAbort: AbortController | null = null;
  private totalAbort: AbortController | null = null;
  private chatAbort: AbortController | null = null;
  private readonly lifetime = new Set<AbortController>();
  private unsubscribeStore: (() => void) | null = null;
  private unsubscribeOutbox: (() => void) | null = null;
  private scope: string | null = null;
  /** The conversation chunk (its element, data code and binding), once loaded. */
  conversation: ConversationChunk | null = null;
  private currentActions: ConversationActions | null = null;
  private listRenderedOnce = false;
  private lastUnread: number | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly callbacks: DataCallbacks,
  ) {
    host.addController(this);
    void conversationLoaded.then((chunk) => {
      this.conversation = chunk;
      this.makeActions();
    });
  }

  /** Sending, drafts, status and delete for the operator's scope, once the conversation chunk is loaded. */
  get actions(): ConversationActions | null {
    return this.currentActions;
  }

  hostConnected(): void {
    this.unsubscribeStore = this.store.subscribe((state) => {
      // Said once it is known: a 0 before the total arrived would be a wrong number for the page.
      if (state.unreadTotal !== null && state.unreadTotal !== this.lastUnread) {
        this.lastUnread = state.unreadTotal;
        this.callbacks.onUnreadChange(state.unreadTotal);
      }
      this.host.requestUpdate();
    });
    this.watchOutbox();
  }

  hostDisconnected(): void {
    this.stop();
    this.unsubscribeStore?.();
    this.unsubscribeStore = null;
    this.unsubscribeOutbox?.();
    this.unsubscribeOutbox = null;
  }

  /** One subscription to the current outbox: a new scope or a reconnect replaces it. */
  private watchOutbox(): void {
    this.unsubscribeOutbox?.();
    this.unsubscribeOutbox = this.actions?.outbox.subscribe(() => this.host.requestUpdate()) ?? null;
  }

  /** Stops every request in flight (disconnect, new token, expired token). */
  stop(): void {
    this.listAbort?.abort();
    this.chatAbort?.abort();
    this.totalAbort?.abort();
    for (const controller of this.lifetime) controller.abort();
    this.lifetime.clear();
    this.listLoading = false;
    this.conversationLoading = false;
  }

  /** Binds the stores to the operator the token is for (keys never hold the token). */
  useScope(scope: string): void {
    if (this.scope === scope) return;
    this.scope = scope;
    this.makeActions();
  }

  private makeActions(): void {
    if (!this.conversation || this.scope === null) return;
    this.currentActions = new this.conversation.ConversationActions(this, this.scope);
    this.watchOutbox();
    this.host.requestUpdate();
  }

  /** ConversationHost: the service accepted a message. */
  messageSent(chatId: number, messageId: number): void {
    this.callbacks.onMessageSent(chatId, messageId);
  }

  /** ConversationHost: the service answered again after failures. */
  healthy(): void {
    this.callbacks.onHealthy();
  }

  private query(page: number): ChatListQuery {
    return {
      page,
      perPage: this.perPage,
      statuses: this.filter.statuses,
      source: this.filter.source ?? undefined,
      entityId: this.filter.entityId ?? undefined,
      search: this.filter.search || undefined,
    };
  }

  /** Page 1 again: a new filter, a refresh or reconciliation. Keeps the rows on screen. */
  async loadList(): Promise<void> {
    await this.loadPage(1);
  }

  async loadMore(): Promise<void> {
    const state = this.store.state;
    if (this.listLoading || !state.hasMore) return;
    await this.loadPage(state.pagesLoaded + 1);
  }

  private async loadPage(page: number): Promise<void> {
    if (!this.api) return;
    this.listAbort?.abort();
    const abort = (this.listAbort = new AbortController());
    this.listLoading = true;
    this.host.requestUpdate();
    try {
      const result = await this.withReadRetries(
        (signal) => this.api!.listChats(this.query(page), signal),
        abort.signal,
        'load-chats',
      );
      this.store.dispatch({
        type: 'chats-loaded',
        page,
        perPage: this.perPage,
        result,
        wholeInbox: this.showsWholeInbox(),
      });
      this.callbacks.onHealthy();
      if (!this.listRenderedOnce) {
        this.listRenderedOnce = true;
        this.callbacks.onListRendered();
      }
    } catch (error) {
      this.fail(error, 'load-chats');
    } finally {
      if (this.listAbort === abort) {
        this.listAbort = null;
        this.listLoading = false;
        this.host.requestUpdate();
      }
    }
  }

  /** The list query has no search and every status: its unread count is the operator's total. */
  private showsWholeInbox(): boolean {
    return this.filter.search === '' && (this.filter.statuses.length === 0 || this.filter.statuses.length >= 5);
  }

  /**
   * The unread total of the operator's whole inbox (the channel and account the panel is
   * restricted to, every status, no search): what the header badge and `ocp-unread-change` say,
   * whatever the list shows. Live messages keep it up; this corrects it.
   */
  async loadUnreadTotal(): Promise<void> {
    if (!this.api || this.showsWholeInbox()) return; // the list's own count is that total
    const abort = new AbortController();
    this.totalAbort?.abort();
    this.totalAbort = abort;
    try {
      const { newMessagesCount } = await this.api.listChats(
        {
          page: 1,
          perPage: 1,
          statuses: [],
          source: this.filter.source ?? undefined,
          entityId: this.filter.entityId ?? undefined,
        },
        abort.signal,
      );
      this.store.dispatch({ type: 'unread-total-loaded', total: newMessagesCount });
    } catch (error) {
      // The list's own load reports trouble; the total is corrected by the next reconciliation.
      if (!isAbort(error) && error instanceof ApiError && error.code === 'unauthorized') this.fail(error, 'load-chats');
    } finally {
      if (this.totalAbort === abort) this.totalAbort = null;
    }
  }

  /** A fresh filter: start the list over (the store's page-1 merge keeps it from flickering). */
  async applyFilter(filter: ListFilter): Promise<void> {
    const changed = JSON.stringify(filter) !== JSON.stringify(this.filter);
    this.filter = filter;
    if (changed) this.store.dispatch({ type: 'chats-cleared' });
    await this.loadList();
  }

  async openChat(chatId: number): Promise<void> {
    if (this.openChatId !== chatId) {
      this.chatAbort?.abort();
      this.openChatId = chatId;
      this.chainLoaded = false;
      // Only the open chat keeps its messages in memory; the others are refetched when opened.
      this.store.dispatch({ type: 'chat-opened', chatId }, { type: 'messages-forgotten', keepChatIds: [chatId] });
      this.callbacks.onChatOpened(chatId);
    }
    await this.loadMessages(false);
  }

  closeChat(): void {
    this.chatAbort?.abort();
    this.openChatId = null;
    this.store.dispatch({ type: 'chat-opened', chatId: null });
    this.host.requestUpdate();
  }

  async loadMessages(isChain: boolean): Promise<void> {
    const chatId = this.openChatId;
    if (!this.api || chatId === null) return;
    this.chatAbort?.abort();
    const abort = (this.chatAbort = new AbortController());
    this.conversationLoading = true;
    this.host.requestUpdate();
    try {
      // Messages are read (and shown) by the conversation chunk: opening a chat loads it now if
      // the list has not yet. A chunk that fails to load is reported by ConversationChunkController.
      const chunk = await loadConversation().catch(() => null);
      await chunk?.readMessages(this, chatId, isChain, abort.signal);
    } finally {
      if (this.chatAbort === abort) {
        this.chatAbort = null;
        this.conversationLoading = false;
        this.host.requestUpdate();
      }
    }
  }

  /** Finds the newest chat with this phone (narrowed by account and channel) and opens it. */
  async openByPhone(
    phone: string,
    narrow: { from?: string | null; source?: number | null } = {},
  ): Promise<number | null> {
    // Only ever to show a conversation: the search travels in its chunk.
    const chunk = await loadConversation().catch(() => null);
    return chunk ? chunk.openByPhone(this, phone, narrow) : null;
  }

  /** Refetches the list and the open chat and merges them in place (no flicker). */
  async reconcile(): Promise<void> {
    await Promise.all([
      this.loadList(),
      this.loadUnreadTotal(),
      this.openChatId !== null ? this.loadMessages(this.chainLoaded) : Promise.resolve(),
    ]);
  }

  /**
   * Reads are repeated with backoff while the network or the service is down (the panel shows
   * the offline banner meanwhile); anything else, or an abort, ends the attempts.
   */
  async withReadRetries<T>(read: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, action: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read(signal);
      } catch (error) {
        if (!(error instanceof ApiError) || (error.code !== 'network' && error.code !== 'server') || signal.aborted)
          throw error;
        this.fail(error, action);
        await sleep(backoffDelay(attempt), signal);
      }
    }
  }

  /** ConversationHost: a signal aborted when the panel stops (disconnect, new or expired token). */
  lifetimeSignal(): AbortSignal {
    const controller = new AbortController();
    this.lifetime.add(controller);
    controller.signal.addEventListener('abort', () => this.lifetime.delete(controller));
    return controller.signal;
  }

  /** ConversationHost: reports a failed call (an abort or a missing token is not reported). */
  fail(error: unknown, action: string, chatId?: number): void {
    if (isAbort(error)) return;
    const apiError =
      error instanceof ApiError ? error : new ApiError('malformed', (error as Error)?.message ?? String(error));
    if (apiError.code === 'no-token') return; // the session already shows why
    if (apiError.code === 'unauthorized') {
      this.callbacks.onRejected();
      return;
    }
    this.callbacks.onError(apiError, action, chatId);
  }
}
