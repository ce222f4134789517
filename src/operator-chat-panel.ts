import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str, updateWhenLocaleChanges } from '@lit/localize';
import { connectionTrouble, type ApiError, type ApiErrorCode, type ConnectionTrouble } from './api/api-error.js';
import { ChatApi } from './api/chat-api.js';
import {
  configProperties,
  numberConverter,
  resolveConfig,
  type ConfigError,
  type PanelConfig,
  type RawAttributes,
} from './config.js';
import { ChatDataController } from './controllers/chat-data-controller.js';
import { ReconcileController } from './controllers/reconcile-controller.js';
import { panelEvent, type PanelEventDetails, type PanelEventName } from './events.js';
import { Session, type SessionState } from './session/session.js';
import { panelStyles } from './operator-chat-panel.styles.js';
import type { ListSelectDetail } from './components/chat-list/chat-list.js';
import './components/chat-list/chat-list.js';
import { ConversationChunkController, loadConversation } from './conversation/conversation-chunk.js';
import { panelBanners, renderBanners } from './components/banner/banner.js';
import { FloatingController } from './controllers/floating-controller.js';
import { LiveUpdatesController } from './controllers/live-updates-controller.js';
import { KeyboardController } from './controllers/keyboard-controller.js';
import { LiveAnnouncer } from './controllers/live-announcer.js';
import { closeIcon } from './components/icons.js';
import { activeLocale, requestLocale } from './i18n/locale.js';
import { newMessagesAnnouncement, unreadMessagesLabel } from './i18n/counts.js';
import { defineOnce } from './define.js';
import type { TemplateResult } from 'lit';

const noDrafts: ReadonlyMap<number, string> = new Map();
const noFailures: ReadonlySet<number> = new Set();

/**
 * An operator's chat inbox for any web page: chat list, conversation and composer, kept live by
 * polling the chat service's event queue.
 *
 * @tagname operator-chat-panel
 *
 * @attr token - Operator JWT, sent only as `Authorization: Bearer` to `base-url`. Default: none (the sign-in-required state).
 * @attr base-url - Chat API host: `https:`, or `http:` on a loopback host. Default: the origin of the widget script.
 * @attr panel-url - Operator web panel host; enables "Open in full panel" deeplinks. Default: none (no link).
 * @attr chat-id - Open this chat (deeplink `chat_raw_id`). Default: none.
 * @attr phone - Open the newest chat with this phone (E.164), narrowed by `from` and `source`. Default: none.
 * @attr from - Business account id that narrows `phone`. Default: none.
 * @attr source - Restrict the chat list to one channel (ChatSource code). Default: all channels.
 * @attr entity-id - Restrict the chat list to one business account (only with `source`). Default: all.
 * @attr status - Initial status filter: comma list of ChatStatus names or codes (`new,open,2`). Default: all but Closed.
 * @attr mode - `inline` fills its box; `floating` is a launcher button with a popup. Default: `inline`.
 * @attr theme - `light`, `dark` or `auto` (follows prefers-color-scheme). Default: `auto`.
 * @attr lang - UI language: `en`, `ru`, `es`, `tr`, `uk`; region tags fall back (`es-MX` to `es`). Default: the page's `lang`, then the browser's, then `en`.
 * @attr poll-interval - Milliseconds between event polls while visible (at least 1000); `0` stops polling. Default: `3000`.
 * @attr events - `consume` polls and acknowledges; `observe` polls without acknowledging; `off` only refreshes periodically. Default: `consume`.
 * @attr refresh-interval - Milliseconds between reconciliation refetches of the list and the open chat (at least 1000: a lower value becomes 1000; with `events="off"` the only source of updates). Default: `60000`.
 * @attr per-page - Chat list page size. Default: `20`.
 * @attr readonly - Boolean. Supervisor view: no composer and no status or delete actions. Default: off.
 * @attr max-upload-bytes - Largest attachment accepted before any request. Default: `10485760` (10 MiB).
 *
 * @fires {CustomEvent<Record<string, never>>} ocp-ready - The first chat list was rendered.
 * @fires {CustomEvent<ChatOpenDetail>} ocp-chat-open - A chat was opened. Detail: `{chatId}`.
 * @fires {CustomEvent<MessageDetail>} ocp-message-sent - The service accepted a message. Detail: `{chatId, messageId}`.
 * @fires {CustomEvent<MessageDetail>} ocp-message-received - An inbound message arrived live. Detail: `{chatId, messageId}`.
 * @fires {CustomEvent<UnreadChangeDetail>} ocp-unread-change - The unread total changed. Detail: `{total}`.
 * @fires {CustomEvent<TokenExpiryDetail>} ocp-token-expiring - The token expires within 60 s: time to renew it. Detail: `{expiresAt}` (ISO 8601).
 * @fires {CustomEvent<TokenExpiryDetail>} ocp-token-expired - The token expired; polling stopped, drafts are kept. Detail: `{expiresAt}` (ISO 8601).
 * @fires {CustomEvent<TokenInvalidDetail>} ocp-token-invalid - The token is missing, malformed or rejected. Detail: `{reason}`.
 * @fires {CustomEvent<ErrorDetail>} ocp-error - A request failed. Detail: `{code, message, status?}`.
 *
 * @csspart panel - The panel box.
 * @csspart header - The panel header.
 * @csspart chat-list - The chat list.
 * @csspart chat-item - A chat row; carries `data-chat-id`.
 * @csspart search-input - The chat search field.
 * @csspart status-filter - The chat status filter.
 * @csspart conversation - The open chat.
 * @csspart conversation-header - The open chat's header.
 * @csspart status-select - The chat status control.
 * @csspart message-list - The scrolling list of messages.
 * @csspart message - A message; carries `data-message-id`, `data-author`, `data-status`, `data-internal`.
 * @csspart message-media - The media of a message.
 * @csspart typing-indicator - Shown while the customer types.
 * @csspart composer - The composer.
 * @csspart composer-input - The message text field.
 * @csspart send-button - The send button.
 * @csspart attach-button - The attach button.
 * @csspart note-toggle - The internal-note toggle.
 * @csspart banner - A status banner; carries `data-kind`.
 * @csspart launcher - The floating-mode launcher button.
 * @csspart unread-badge - The unread total.
 * @csspart unread-divider - "New messages", above the first message the operator had not read when the chat opened.
 * @csspart jump-to-newest - Counts messages that arrived below while the operator reads history, and brings the newest back.
 * @csspart chat-start - Where one of the customer's chats starts, once earlier chats are loaded into the open one; carries `data-chat-id`.
 * @csspart chat-list-updates - "N updated chats": the chat list holds its order under the pointer; this shows what moved.
 *
 * @cssprop --ocp-font-family - Font of the panel. Default: the system UI font.
 * @cssprop --ocp-font-size - Base font size; everything else scales with it. Default: 14px.
 * @cssprop --ocp-color-bg - Panel and conversation background, and text fields. Light #f4f6f8, dark #0d1117.
 * @cssprop --ocp-color-surface - Header, chat list, composer and dialogs. Light #ffffff, dark #161b22.
 * @cssprop --ocp-color-text - Main text. Light #1b1f24, dark #e6edf3.
 * @cssprop --ocp-color-muted - Secondary text: times, channels, counters. Light #57606a, dark #9da7b3.
 * @cssprop --ocp-color-border - Separators between regions and rows. Light #d0d7de, dark #30363d.
 * @cssprop --ocp-color-control-border - Borders of fields, selects and buttons (3:1 against the background). Light #737d87, dark #6e7681.
 * @cssprop --ocp-color-accent - Send button, links, the active row, the launcher. Light #0b5cd5, dark #58a6ff.
 * @cssprop --ocp-color-accent-text - Text and icons on the accent colour. Light #ffffff, dark #0d1117.
 * @cssprop --ocp-color-focus - Keyboard focus ring. Default: the accent colour.
 * @cssprop --ocp-color-operator - Operator bubbles. Light #dcebff, dark #17345c.
 * @cssprop --ocp-color-client - Customer bubbles. Light #ffffff, dark #1f242c.
 * @cssprop --ocp-color-bot - Bot and messenger-account bubbles. Light #eef0f3, dark #262c36.
 * @cssprop --ocp-color-note - Internal notes and the composer in note mode. Light #fff6d6, dark #3a3000.
 * @cssprop --ocp-color-note-border - Border of internal notes. Light #9a7700, dark #d4a72c.
 * @cssprop --ocp-color-danger - Errors, failed messages, the unread badge. Light #c62828, dark #ff7b72.
 * @cssprop --ocp-color-danger-text - Text on the danger colour. Light #ffffff, dark #0d1117.
 * @cssprop --ocp-color-warning - Offline and expired banners, the star. Light #8a5a00, dark #e3b341.
 * @cssprop --ocp-radius - Corner radius of the panel and its controls. Default: 10px.
 * @cssprop --ocp-radius-bubble - Corner radius of message bubbles. Default: `--ocp-radius`.
 * @cssprop --ocp-spacing - Base spacing unit; paddings and gaps are multiples of it. Default: 8px.
 * @cssprop --ocp-list-width - Width of the chat list in the two-pane layout. Default: 320px.
 * @cssprop --ocp-default-height - Height of an inline panel when the page gives the element none (no `height` of its own, no parent with a height, no flex or grid track). Default: 600px.
 */
export class OperatorChatPanel extends LitElement {
  static override styles = panelStyles;

  @property() token: string | null = null;
  @property({ attribute: 'base-url' }) baseUrl: string | null = null;
  @property({ attribute: 'panel-url' }) panelUrl: string | null = null;
  @property({ attribute: 'chat-id', converter: numberConverter }) chatId: number | string | null = null;
  @property() phone: string | null = null;
  @property() from: string | null = null;
  @property({ converter: numberConverter }) source: number | string | null = null;
  @property({ attribute: 'entity-id', converter: numberConverter }) entityId: number | string | null = null;
  @property() status: string | null = null;
  @property({ reflect: true }) mode: 'inline' | 'floating' = 'inline';
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto';
  @property() override lang = '';
  @property({ attribute: 'poll-interval', converter: numberConverter }) pollInterval: number | string | null = null;
  @property() events: 'consume' | 'observe' | 'off' | null = null;
  @property({ attribute: 'refresh-interval', converter: numberConverter }) refreshInterval: number | string | null =
    null;
  @property({ attribute: 'per-page', converter: numberConverter }) perPage: number | string | null = null;
  @property({ type: Boolean }) readonly = false;
  @property({ attribute: 'max-upload-bytes', converter: numberConverter }) maxUploadBytes: number | string | null =
    null;

  @state() private config!: PanelConfig;
  @state() private configError: ConfigError | null = null;
  @state() private sessionState: SessionState = { kind: 'missing' };
  /** Why reads are being retried (the offline or the retrying error banner), or null. */
  @state() private trouble: ConnectionTrouble | null = null;
  @state() private error: { code: ApiErrorCode | null; action: string; chatId?: number } | null = null;
  @state() private now = Date.now();
  private readonly warned = new Set<string>();
  private api: ChatApi | null = null;
  private readonly session = new Session({
    onChange: (next) => this.handleSessionChange(next),
    onExpiring: (expiresAt) => this.fire('ocp-token-expiring', { expiresAt: new Date(expiresAt).toISOString() }),
    onExpired: (expiresAt) => this.fire('ocp-token-expired', { expiresAt: new Date(expiresAt).toISOString() }),
  });
  private readonly data = new ChatDataController(this, {
    onError: (error, action, chatId) => this.handleApiError(error, action, chatId),
    onRejected: () => this.session.unauthorized(),
    onListRendered: () => void this.updateComplete.then(() => this.fire('ocp-ready', {})),
    onChatOpened: (chatId) => this.fire('ocp-chat-open', { chatId }),
    onMessageSent: (chatId, messageId) => this.fire('ocp-message-sent', { chatId, messageId }),
    onUnreadChange: (total) => this.fire('ocp-unread-change', { total }),
    onHealthy: () => {
      this.trouble = null;
    },
  });
  private readonly floating = new FloatingController(this);
  private readonly announcer = new LiveAnnouncer(this);
  private readonly live = new LiveUpdatesController(this, {
    api: () => (this.sessionState.kind === 'valid' ? this.api : null),
    store: this.data.store,
    mode: () => (this.config?.pollIntervalMs === 0 ? 'off' : (this.config?.events ?? 'consume')),
    intervalMs: () => this.config?.pollIntervalMs || 3000,
    scopeKey: () => {
      if (this.sessionState.kind !== 'valid') return null;
      const { organizationId, operatorId } = this.sessionState.claims;
      return `${this.config.baseUrl}|${organizationId ?? ''}|${operatorId ?? ''}`;
    },
    openChatId: () => this.data.openChatId,
    onReceived: (list) => this.handleReceived(list),
    onUnknownChats: () => this.scheduleListRefresh(),
    onHealth: ({ trouble, error }) => {
      this.trouble = trouble;
      if (error?.code === 'unauthorized') this.session.unauthorized();
    },
  });
  private listRefreshTimer: ReturnType<typeof setTimeout> | undefined;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private started = false;

  constructor() {
    super();
    updateWhenLocaleChanges(this);
    new ReconcileController(
      this,
      () => this.config?.refreshIntervalMs ?? 60000,
      () => this.reconcile(),
    );
    new KeyboardController(this, {
      chatOrder: () => this.data.store.state.order,
      openChatId: () => this.data.openChatId,
      openChat: (chatId) => void this.data.openChat(chatId),
      back: () => this.data.closeChat(),
      focusConversation: () => this.focusConversation(),
    });
    new ConversationChunkController(
      this,
      () => this.data.openChatId !== null || this.data.store.state.pagesLoaded > 0,
      () => (this.error = { code: null, action: 'load-conversation' }),
    );
  }

  /** Opens a chat by id, as the `chat-id` attribute does. */
  async openChat(chatId: number): Promise<void> {
    if (this.session.usableToken()) await this.data.openChat(chatId);
  }

  /** Opens the newest chat with this phone, narrowed by business account and channel. */
  async openByPhone(phone: string, narrow: { from?: string; source?: number } = {}): Promise<void> {
    if (this.session.usableToken()) await this.data.openByPhone(phone, narrow);
  }

  /** Refetches the chat list and the open chat. */
  async refresh(): Promise<void> {
    await this.reconcile();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.clockTimer = setInterval(() => (this.now = Date.now()), 30_000);
    this.session.resume();
    if (this.config) void requestLocale(this, this.config.locale, this.config.localeExplicit);
    if (this.started && this.sessionState.kind === 'valid') void this.reconcile();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.clockTimer);
    clearTimeout(this.listRefreshTimer);
    // The expiry clock too: a removed panel must not fire token events or stay referenced.
    this.session.dispose();
  }

  /**
   * Inbound messages that arrived live: tell the page, announce them, read the open chat's. In
   * the task after the one that applied them, so they are on screen first: the page hears of
   * messages it can see, and a poll page of hundreds renders before hundreds of events run.
   */
  private handleReceived(list: readonly { chatId: number; messageId: number }[]): void {
    setTimeout(() => {
      if (!this.isConnected) return;
      for (const { chatId, messageId } of list) this.fire('ocp-message-received', { chatId, messageId });
      this.announceReceived(list);
      const open = this.data.openChatId;
      if (open !== null && document.visibilityState === 'visible' && list.some((item) => item.chatId === open)) {
        // A chat is shown (and read) only once the conversation chunk is loaded.
        void this.data.conversation?.markRead(this.data, open, this.data.store.state.messages.get(open) ?? []);
      }
    });
  }

  private announceReceived(list: readonly { chatId: number; messageId: number }[]): void {
    const latest = list.at(-1);
    if (!latest) return;
    const state = this.data.store.state;
    const chat = state.chats.get(latest.chatId);
    const message = state.messages.get(latest.chatId)?.find((candidate) => candidate.id === latest.messageId);
    const text = message ? message.text || msg('Attachment') : (chat?.lastText ?? '');
    const from = chat?.name || msg('a customer');
    const news =
      list.length > 1 ? newMessagesAnnouncement(list.length, from, text) : msg(str`New message from ${from}: ${text}`);
    this.announcer.announce(news);
  }

  /** New chats or chats beyond the loaded pages: one list refetch for a burst of them. */
  private scheduleListRefresh(): void {
    clearTimeout(this.listRefreshTimer);
    this.listRefreshTimer = setTimeout(() => void this.data.loadList(), 300);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const hadConfigError = this.configError !== null;
    if (!this.config || configProperties.some((key) => changed.has(key))) this.applyConfig(changed);
    // A config error stops the session as a missing token would (nothing is sent, the list goes);
    // once the attributes are right again the token is taken up anew.
    if (changed.has('token') || !this.started || hadConfigError !== (this.configError !== null)) {
      this.started = true;
      this.session.setToken(this.configError ? null : this.token);
    }
  }

  private applyConfig(changed: PropertyValues<this>): void {
    const raw = Object.fromEntries(configProperties.map((key) => [key, this[key]])) as RawAttributes;
    const resolved = resolveConfig(raw, {
      scriptUrl: import.meta.url,
      pageLang: document.documentElement.lang || null,
      browserLangs: navigator.languages ?? [navigator.language],
    });
    for (const warning of resolved.warnings) {
      const key = `${warning.attribute}=${warning.value}`;
      if (!this.warned.has(key)) {
        this.warned.add(key);
        console.warn(warning.message);
      }
    }
    const previous = this.config;
    this.config = resolved.config;
    void requestLocale(this, resolved.config.locale, resolved.config.localeExplicit);
    this.configError = resolved.configError;
    if (this.mode !== resolved.config.mode) this.mode = resolved.config.mode;
    if (this.theme !== resolved.config.theme) this.theme = resolved.config.theme;
    this.data.perPage = resolved.config.perPage;
    if (
      previous &&
      (previous.events !== resolved.config.events || previous.pollIntervalMs !== resolved.config.pollIntervalMs)
    ) {
      queueMicrotask(() => this.live.restart());
    }
    if (!previous || previous.baseUrl !== resolved.config.baseUrl) {
      this.api = resolved.config.baseUrl
        ? new ChatApi({ baseUrl: resolved.config.baseUrl, getToken: () => this.session.usableToken() })
        : null;
      this.data.api = this.api;
      if (previous && this.sessionState.kind === 'valid') void this.start();
    } else if (this.sessionState.kind === 'valid') {
      const filterChanged = ['status', 'source', 'entityId', 'perPage'].some((key) =>
        changed.has(key as keyof OperatorChatPanel),
      );
      if (filterChanged)
        void this.data.applyFilter({
          ...this.data.filter,
          statuses: resolved.config.statuses,
          source: resolved.config.source,
          entityId: resolved.config.entityId,
        });
      if (changed.has('chatId') && resolved.config.chatId !== null) void this.data.openChat(resolved.config.chatId);
      if (changed.has('phone') && resolved.config.phone)
        void this.data.openByPhone(resolved.config.phone, {
          from: resolved.config.from,
          source: resolved.config.source,
        });
    }
  }

  private handleSessionChange(next: SessionState): void {
    const before = this.sessionState;
    this.sessionState = next;
    if (next.kind === 'valid') {
      if (before.kind !== 'valid' || before.claims !== next.claims) void this.start();
      return;
    }
    this.data.stop();
    this.live.restart(); // with no usable token the poller stops
    if (next.kind === 'missing' && !this.configError)
      queueMicrotask(() => this.fire('ocp-token-invalid', { reason: 'missing' }));
    if (next.kind === 'malformed') queueMicrotask(() => this.fire('ocp-token-invalid', { reason: 'malformed' }));
    if (next.kind === 'rejected') queueMicrotask(() => this.fire('ocp-token-invalid', { reason: 'rejected' }));
  }

  /** A usable token arrived (first, renewed): bind the stores to its operator, then load. */
  private async start(): Promise<void> {
    if (this.sessionState.kind !== 'valid' || !this.api) return;
    const { claims } = this.sessionState;
    this.data.useScope(`${claims.organizationId ?? 'org'}:${claims.operatorId ?? 'op'}`);
    this.data.filter = {
      statuses: this.config.statuses,
      search: this.data.filter.search,
      source: this.config.source,
      entityId: this.config.entityId,
    };
    await Promise.all([this.data.loadList(), this.data.loadUnreadTotal()]);
    this.live.restart();
    const target = this.data.openChatId ?? this.config.chatId;
    if (target !== null) await this.data.openChat(target);
    else if (this.config.phone)
      await this.data.openByPhone(this.config.phone, { from: this.config.from, source: this.config.source });
  }

  private async reconcile(): Promise<void> {
    if (this.sessionState.kind === 'valid') await this.data.reconcile();
  }

  private handleApiError(error: ApiError, action: string, chatId?: number): void {
    // Trouble is about reads the panel repeats; a failed send is shown on the message itself.
    const isRead = action === 'load-chats' || action === 'load-messages';
    const trouble = connectionTrouble(error);
    if (isRead && trouble) this.trouble = trouble;
    else if (action !== 'send') this.error = { code: error.code, action, chatId };
    this.fire('ocp-error', {
      code: error.code,
      message: error.message,
      ...(error.status ? { status: error.status } : {}),
    });
  }

  // What the operator asks of the list needs a live session: an expired one keeps the list as it is.
  private readonly handleListSelect = (event: CustomEvent<ListSelectDetail>): void => {
    if (this.sessionState.kind === 'valid') void this.openFromList(event.detail);
  };

  private readonly handleListMore = (): void => {
    if (this.sessionState.kind === 'valid') void this.data.loadMore();
  };

  private readonly handleListSearch = (event: CustomEvent<{ search: string }>): void => {
    if (this.sessionState.kind === 'valid')
      void this.data.applyFilter({ ...this.data.filter, search: event.detail.search });
  };

  private readonly handleListFilter = (event: CustomEvent<{ statuses: number[] }>): void => {
    if (this.sessionState.kind === 'valid')
      void this.data.applyFilter({ ...this.data.filter, statuses: event.detail.statuses });
  };

  /** A row was chosen; chosen by keyboard, the operator goes on typing in the composer. */
  private async openFromList({ chatId, byKeyboard }: ListSelectDetail): Promise<void> {
    const opening = this.data.openChat(chatId);
    if (byKeyboard) await this.focusConversation();
    return opening;
  }

  private async focusConversation(): Promise<void> {
    // A chat opened before its chunk finished loading shows once the chunk is in and the panel
    // rendered it: a few frames at most.
    await loadConversation().catch(() => undefined);
    for (let frame = 0; frame < 30; frame++) {
      await this.updateComplete;
      const conversation = this.renderRoot.querySelector<HTMLElement & { focusComposer(): Promise<void> }>(
        'ocp-conversation',
      );
      if (conversation) return conversation.focusComposer();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }

  private fire<K extends PanelEventName>(name: K, detail: PanelEventDetails[K]): void {
    this.dispatchEvent(panelEvent(name, detail));
  }

  private readonly dismissError = (): void => {
    this.error = null;
  };

  private deeplink(chatId: number): string | null {
    const token = this.session.usableToken();
    if (!this.config.panelUrl || !token) return null;
    const params = new URLSearchParams({ chat_raw_id: String(chatId), token });
    return `${this.config.panelUrl}/?${params}`;
  }

  protected override render(): TemplateResult {
    const state = this.data.store.state;
    const chatId = this.data.openChatId;
    // An expired session keeps what was on screen; one that starts expired has nothing to keep.
    const ready = this.sessionState.kind === 'valid' || (this.sessionState.kind === 'expired' && state.pagesLoaded > 0);
    // An expired session keeps what was on screen, dimmed and read-only, until a new token comes.
    const paused = this.sessionState.kind === 'expired';
    // The language actually shown, which may differ from config.locale while a chunk loads or
    // when another panel on the page chose (see i18n/locale.ts); dates and numbers follow it.
    const locale = activeLocale();
    const panel = html`<div class="panel ${chatId !== null ? 'panel--chat-open' : ''}" part="panel" lang=${locale}>
      <header class="panel__header" part="header">
        <span class="panel__title">${msg('Chats')}</span>
        ${
          ready && state.unreadTotal
            ? html`<span class="panel__unread" part="unread-badge" aria-label=${unreadMessagesLabel(state.unreadTotal)}>${state.unreadTotal}</span>`
            : nothing
        }
        ${this.mode === 'floating' ? html`<button type="button" class="panel__close" aria-label=${msg('Close chats')} @click=${() => this.floating.close()}>${closeIcon}</button>` : nothing}
      </header>
      <div class="panel__body">
      ${renderBanners(
        panelBanners({
          configError: this.configError,
          session: this.sessionState.kind,
          trouble: this.trouble,
          error: this.error,
          dismissError: this.dismissError,
        }),
      )}
      ${
        ready
          ? html`<div class="panel__panes ${paused ? 'panel__panes--paused' : ''}">
            <ocp-chat-list
              class="panel__list"
              .chats=${state.order.map((id) => state.chats.get(id)!)}
              .activeChatId=${chatId}
              .total=${state.total}
              .hasMore=${state.hasMore}
              .loading=${this.data.listLoading}
              .statuses=${this.data.filter.statuses}
              .search=${this.data.filter.search}
              .now=${this.now}
              .locale=${locale}
              .disabled=${paused}
              .drafts=${this.data.actions?.drafts.withContent() ?? noDrafts}
              .failed=${this.data.actions?.outbox.failedChats() ?? noFailures}
              @ocp-list-select=${this.handleListSelect}
              @ocp-list-more=${this.handleListMore}
              @ocp-list-search=${this.handleListSearch}
              @ocp-list-filter=${this.handleListFilter}
            ></ocp-chat-list>
            ${
              this.data.conversation?.renderConversation({
                data: this.data,
                readonly: this.readonly,
                paused,
                maxUploadBytes: this.config.maxUploadBytes,
                now: this.now,
                locale,
                deeplink: (id) => this.deeplink(id),
                requestUpdate: () => this.requestUpdate(),
              }) ?? nothing
            }
          </div>`
          : nothing
      }
      </div>
    </div>`;
    return html`${this.mode === 'floating' ? this.floating.render(panel, ready ? (state.unreadTotal ?? 0) : 0) : panel}${this.announcer.render()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'operator-chat-panel': OperatorChatPanel;
  }
}

// Page authors and bundlers import this module (package.json `exports`): it types every event
// and defines the element, once, without the script tag's auto-mount (that is widget-script.ts).
export type * from './events.js';
defineOnce('operator-chat-panel', OperatorChatPanel);
