/**
 * Everything the panel does besides rendering: it resolves the attributes into a configuration,
 * holds the session and the API client, feeds the store (ChatData), starts live updates once the
 * list is up (with reconciliation), and turns failures into banners and `ocp-*` events. The element reads
 * `snapshot` and calls the intent methods; nothing else of this class is public.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { connectionTrouble, type ApiError, type ApiErrorCode, type ConnectionTrouble } from '../core/api/api-error.js';
import { ChatApi } from '../core/api/chat-api.js';
import {
  chatDeeplink,
  pageContextOf,
  resolveConfig,
  type ConfigError,
  type PanelConfig,
  type RawAttributes,
} from './config.js';
import { configWarningText } from './config-text.js';
import { panelEvent, type PanelEventDetails, type PanelEventName } from '../events.js';
import { requestLocale } from '../i18n/locale.js';
import { ChatData } from './chat-data.js';
import type { ConversationFeature } from '../conversation/conversation-feature.js';
import { Session, type SessionState } from '../core/session/session.js';
import { noTriage, pickTriage, readTriage, saveTriage } from '../core/state/list-triage.js';
import { startingFilter } from '../core/state/list-query.js';
import { scopeOf } from '../core/session/jwt.js';
import { readOpenChat, saveOpenChat } from '../core/state/open-chat-memory.js';
import type { ListFilter, StoreState } from '../core/state/store-state.js';
import { LiveAnnouncer } from './live-announcer.js';
import { takeHandover, type Handover } from '../boot/handover.js';
import { startLivePanel, type LivePanelControllers } from './live/live-panel.js';
import type { LiveUpdatesController } from './live/live-updates-controller.js';

type Host = ReactiveControllerHost & HTMLElement;

export interface PanelError {
  code: ApiErrorCode | null;
  action: string;
  chatId?: number;
}

/** What the element renders from. Each field is replaced, never changed in place. */
export interface PanelSnapshot {
  readonly config: PanelConfig;
  readonly configError: ConfigError | null;
  readonly session: SessionState['kind'];
  /** Why reads are being retried (the offline or the retrying error banner), or null. */
  readonly trouble: ConnectionTrouble | null;
  readonly error: PanelError | null;
  readonly state: StoreState;
  /** The open chat's feature: it renders the conversation pane. */
  readonly conversation: ConversationFeature;
  /** The token names an operator: the list can show their chats alone (Mine). */
  readonly mineAvailable: boolean;
  /** What `notify` asks for (the header's bell), once the live-updates chunk is loaded. */
  readonly attention: LivePanelControllers['attention'] | null;
}

export class PanelController implements ReactiveController {
  #config!: PanelConfig;
  #configError: ConfigError | null = null;
  #sessionState: SessionState = { kind: 'missing' };
  #trouble: ConnectionTrouble | null = null;
  #error: PanelError | null = null;
  readonly #warned = new Set<string>();
  #started = false;
  #listLoadedOnce = false;
  /** What the script tag hands over (answers asked early, the first screen and what was done there), until the first start. */
  #handover: Handover | null = null;
  #lastUnread: number | null = null;
  #live: LiveUpdatesController | null = null;
  #attention: LivePanelControllers['attention'] | null = null;
  /** The operator the token is for (`organization:operator` ids): what drafts and filters are kept under. */
  #scope: string | null = null;
  #listRefreshTimer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribeStore: (() => void) | null = null;
  readonly announcer: LiveAnnouncer;
  /** Resolves once the first chat list is on screen (`ocp-ready`). */
  readonly listShown: Promise<void>;
  #resolveListShown!: () => void;
  readonly #session = new Session({
    onChange: (next) => this.#handleSessionChange(next),
    onExpiring: (expiresAt) => this.#fire('ocp-token-expiring', { expiresAt: new Date(expiresAt).toISOString() }),
    onExpired: (expiresAt) => this.#fire('ocp-token-expired', { expiresAt: new Date(expiresAt).toISOString() }),
  });
  readonly #data = new ChatData({
    onError: (error, action, chatId) => this.#handleApiError(error, action, chatId),
    onRejected: (saysExpired) => this.#session.unauthorized(saysExpired),
    onListLoaded: () => this.#handleListLoaded(),
    onChatOpened: (chatId) => this.#fire('ocp-chat-open', { chatId }),
    onMessageSent: (chatId, messageId) => this.#fire('ocp-message-sent', { chatId, messageId }),
    onHealthy: () => this.#setTrouble(null),
  });

  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
    this.announcer = new LiveAnnouncer(host);
    this.listShown = new Promise((resolve) => (this.#resolveListShown = resolve));
  }

  get snapshot(): PanelSnapshot {
    return {
      config: this.#config,
      configError: this.#configError,
      session: this.#sessionState.kind,
      trouble: this.#trouble,
      error: this.#error,
      state: this.#data.store.state,
      conversation: this.#data.conversation,
      mineAvailable: this.#data.operatorId !== null,
      attention: this.#attention,
    };
  }

  hostConnected(): void {
    this.#unsubscribeStore = this.#data.store.subscribe((state, previous) => {
      if (state.openChatId !== previous.openChatId && this.#scope !== null) saveOpenChat(this.#scope, state.openChatId);
      // Said once it is known: a 0 before the total arrived would be a wrong number for the page.
      if (state.unreadTotal !== null && state.unreadTotal !== this.#lastUnread) {
        this.#lastUnread = state.unreadTotal;
        this.#fire('ocp-unread-change', { total: state.unreadTotal });
      }
      this.#host.requestUpdate();
    });
    this.#session.resume();
    if (this.#config) void requestLocale(this.#host, this.#config.locale, this.#config.localeExplicit);
    if (this.#started && this.#sessionState.kind === 'valid') void this.refresh();
  }

  hostDisconnected(): void {
    this.#unsubscribeStore?.();
    this.#unsubscribeStore = null;
    clearTimeout(this.#listRefreshTimer);
    this.#data.stop();
    // The expiry clock too: a removed panel must not fire token events or stay referenced.
    this.#session.dispose();
  }

  /**
   * The element's attributes and properties, on every update where one of them changed (and the
   * first): resolves them, warns once per bad value, and applies what changed. Answers the
   * resolved configuration (the element reflects its `mode` and `theme`).
   */
  configure(raw: RawAttributes, token: string | null, changed: ReadonlyMap<PropertyKey, unknown>): PanelConfig {
    const hadConfigError = this.#configError !== null;
    if (!this.#config || [...changed.keys()].some((key) => key in raw)) this.#applyConfig(raw, changed);
    // A config error stops the session as a missing token would (nothing is sent, the list goes);
    // once the attributes are right again the token is taken up anew.
    if (changed.has('token') || !this.#started || hadConfigError !== (this.#configError !== null)) {
      this.#started = true;
      this.#session.setToken(this.#configError ? null : token);
    }
    return this.#config;
  }

  // Intents. What the operator asks of the list needs a live session: an expired one keeps it as it is.

  async openChat(chatId: number): Promise<void> {
    if (this.#session.usableToken()) await this.#data.openChat(chatId);
  }

  async openByPhone(phone: string, narrow: { from?: string | null; source?: number | null } = {}): Promise<void> {
    if (this.#session.usableToken()) await this.#data.openByPhone(phone, narrow);
  }

  closeChat(): void {
    this.#data.closeChat();
  }

  loadMore(): void {
    if (this.#sessionState.kind === 'valid') void this.#data.loadMore();
  }

  /**
   * Search, statuses and the triage toggles (Unread, Mine, Starred, channel): the list starts over
   * with them, the open chat stays open, and the toggles are remembered for this operator.
   */
  setFilter(patch: Partial<Omit<ListFilter, 'source' | 'entityId'>>): void {
    if (this.#sessionState.kind !== 'valid') return;
    const filter = { ...this.#data.store.state.filter, ...patch };
    this.#saveTriage(filter);
    void this.#data.applyFilter(filter);
  }

  /** The triage toggles are remembered for this operator. */
  #saveTriage(filter: ListFilter): void {
    if (this.#scope !== null) saveTriage(this.#scope, pickTriage(filter));
  }

  /** Every filter the operator set off: the configured statuses, no search, no triage. */
  clearFilters(): void {
    this.setFilter({ search: '', statuses: this.#config.statuses, ...noTriage });
  }

  async refresh(): Promise<void> {
    if (this.#sessionState.kind === 'valid') await this.#data.reconcile();
  }

  dismissError(): void {
    this.#error = null;
    this.#host.requestUpdate();
  }

  /** The operator's web panel link for a chat, or null without `panel-url` or a usable token. */
  deeplink(chatId: number): string | null {
    return chatDeeplink(this.#config.panelUrl, chatId, this.#session.usableToken());
  }

  /** The operator's name from the token (quick replies' `{operator}`), or null. */
  operatorName(): string | null {
    return 'claims' in this.#sessionState ? this.#sessionState.claims.operatorName : null;
  }

  #applyConfig(raw: RawAttributes, changed: ReadonlyMap<PropertyKey, unknown>): void {
    const resolved = resolveConfig(raw, pageContextOf(import.meta.url));
    // Once per attribute value.
    for (const warning of resolved.warnings) {
      const key = `${warning.attribute}=${warning.value}`;
      if (this.#warned.has(key)) continue;
      this.#warned.add(key);
      console.warn(configWarningText(warning));
    }
    const previous = this.#config;
    const next = (this.#config = resolved.config);
    void requestLocale(this.#host, next.locale, next.localeExplicit);
    this.#configError = resolved.configError;
    this.#data.perPage = next.perPage;
    if (previous && (previous.events !== next.events || previous.pollIntervalMs !== next.pollIntervalMs))
      queueMicrotask(() => this.#live?.restart());
    if (!previous || previous.baseUrl !== next.baseUrl) {
      // Only the first API client takes the script tag's answers: another base-url asks for itself.
      this.#handover = previous ? null : takeHandover(this.#host);
      this.#data.api = next.baseUrl
        ? new ChatApi({
            baseUrl: next.baseUrl,
            getToken: () => this.#session.usableToken(),
            early: this.#handover?.answers,
          })
        : null;
      if (previous && this.#sessionState.kind === 'valid') void this.#start();
      return;
    }
    if (this.#sessionState.kind !== 'valid') return;
    if (['status', 'source', 'entityId', 'perPage'].some((key) => changed.has(key)))
      void this.#data.applyFilter({
        ...this.#data.store.state.filter,
        statuses: next.statuses,
        source: next.source,
        entityId: next.entityId,
        // A channel fixed by the page replaces the operator's; when it goes, theirs is not restored.
        channel: next.source === null ? this.#data.store.state.filter.channel : null,
      });
    if (changed.has('chatId') && next.chatId !== null) void this.#data.openChat(next.chatId);
    if (changed.has('phone') && next.phone)
      void this.#data.openByPhone(next.phone, { from: next.from, source: next.source });
  }

  #handleSessionChange(next: SessionState): void {
    const before = this.#sessionState;
    this.#sessionState = next;
    this.#host.requestUpdate();
    if (next.kind === 'valid') {
      if (before.kind !== 'valid' || before.claims !== next.claims) void this.#start();
      return;
    }
    this.#data.stop();
    this.#live?.restart(); // with no usable token the poller stops
    // An expired token has events of its own; a missing one behind a config error is that error.
    const { kind } = next;
    if (kind === 'malformed' || kind === 'rejected' || (kind === 'missing' && !this.#configError))
      queueMicrotask(() => this.#fire('ocp-token-invalid', { reason: kind }));
  }

  /** A usable token arrived (first, renewed): bind the stores to its operator, then load. */
  async #start(): Promise<void> {
    if (this.#sessionState.kind !== 'valid' || !this.#data.api) return;
    const { claims } = this.#sessionState;
    const config = this.#config;
    const data = this.#data;
    const scope = (this.#scope = scopeOf(claims));
    data.useScope(scope);
    data.operatorId = claims.operatorId;
    data.operatorName = claims.operatorName;
    // What the operator did on the script tag's first screen comes first, so that this panel's
    // first render shows it: the filter they changed, the chat they chose (its messages asked for).
    const handover = this.#handover;
    this.#handover = null;
    const filter = startingFilter(config, readTriage(scope), claims.operatorId, data.store.state.filter.search);
    data.store.dispatch({ type: 'filter-changed', filter: handover?.filter ?? filter });
    if (handover?.filter) this.#saveTriage(handover.filter);
    const chosen = handover?.chosenChatId ?? null;
    const opening = chosen !== null ? data.openChat(chosen) : null;
    // A new token: the chat open before it.
    const openBefore = data.store.state.openChatId;
    await Promise.all([data.loadList(), data.loadUnreadTotal()]);
    this.#host.requestUpdate();
    this.#live?.restart();
    if (opening) await opening;
    // The operator opened a chat while the list loaded: theirs stays, and is not read twice.
    else if (data.store.state.openChatId !== openBefore) return;
    else {
      // The chat open before, the page's chat-id, else the one open before a reload.
      const target = openBefore ?? config.chatId ?? (config.phone ? null : readOpenChat(scope));
      if (target !== null) await data.openChat(target);
      else if (config.phone) await data.openByPhone(config.phone, { from: config.from, source: config.source });
    }
  }

  #handleListLoaded(): void {
    if (this.#listLoadedOnce) return;
    this.#listLoadedOnce = true;
    void this.#host.updateComplete.then(() => {
      this.#fire('ocp-ready', {});
      this.#resolveListShown();
      this.#startLive();
    });
  }

  /** Polling, news and reconciliation start once the first list is on screen. */
  #startLive(): void {
    if (this.#live) return;
    const started = startLivePanel(this.#host, {
      store: this.#data.store,
      announcer: this.announcer,
      config: () => this.#config,
      api: () => (this.#sessionState.kind === 'valid' ? this.#data.api : null),
      claims: () => (this.#sessionState.kind === 'valid' ? this.#sessionState.claims : null),
      fire: (name, detail) => this.#fire(name, detail),
      openChat: (chatId) => void this.openChat(chatId),
      markRead: (chatId) => void this.#data.conversation.markRead(chatId),
      refreshList: () => this.#scheduleListRefresh(),
      setTrouble: (trouble) => this.#setTrouble(trouble),
      unauthorized: (saysExpired) => this.#session.unauthorized(saysExpired),
      reconcile: () => void this.refresh(),
    });
    this.#live = started.updates;
    this.#attention = started.attention;
  }

  /** New chats or chats beyond the loaded pages: one list refetch for a burst of them. */
  #scheduleListRefresh(): void {
    clearTimeout(this.#listRefreshTimer);
    this.#listRefreshTimer = setTimeout(() => void this.#data.loadList(), 300);
  }

  #setTrouble(trouble: ConnectionTrouble | null): void {
    if (this.#trouble === trouble) return;
    this.#trouble = trouble;
    this.#host.requestUpdate();
  }

  #handleApiError(error: ApiError, action: string, chatId?: number): void {
    // Trouble is about what the panel repeats by itself: its reads, and marking the open chat read
    // (each reconciliation marks it again), so its banner goes once the service answers. A failed
    // send is shown on the message itself.
    const repeated = action === 'load-chats' || action === 'load-messages' || action === 'mark-read';
    const trouble = connectionTrouble(error);
    if (repeated && trouble) this.#setTrouble(trouble);
    else if (action !== 'send') {
      this.#error = { code: error.code, action, chatId };
      this.#host.requestUpdate();
    }
    this.#fire('ocp-error', {
      code: error.code,
      message: error.message,
      ...(error.status ? { status: error.status } : {}),
    });
  }

  #fire<K extends PanelEventName>(name: K, detail: PanelEventDetails[K]): void {
    this.#host.dispatchEvent(panelEvent(name, detail));
  }
}
