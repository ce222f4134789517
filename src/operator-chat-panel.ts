/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging -- the attribute properties' types are merged
   into the class from their one declaration (panel/attributes.ts), which creates them (static properties). */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { msg, updateWhenLocaleChanges } from './i18n/msg.js';
import { type RawAttributes } from './panel/config.js';
import { initialValue, numberConverter, panelAttributes, type AttributeValues } from './panel/attributes.js';
import { PanelController } from './panel/panel-controller.js';
import { panelStyles } from './operator-chat-panel.styles.js';
import type { ChatListElement, ListSelectDetail } from './chat-list/chat-list.js';
import { renderPanel, renderPanes, renderRoot } from './panel/panel-frame.js';
import { handoverOf } from './boot/handover.js';
import { closeIcon } from './ui/icons.js';
import { activeLocale } from './i18n/locale.js';
import { defineOnce } from './ui/define.js';
import { LazyFeature } from './core/lazy-feature.js';
import { renderPanelBanners } from './panel/banners/banners.js';
import { draftPreviewsSelector, failedChatsSelector, listedChatsSelector } from './core/state/selectors.js';
import type { QuickReply } from './quick-reply.js';
import { KeyboardController } from './panel/keyboard-controller.js';
import { FocusKeeper } from './ui/focus-keeper.js';

/** The attribute properties, typed from their one declaration (panel/attributes.ts). */
const attributeProperties: PropertyDeclarations = Object.fromEntries(
  panelAttributes.map((attribute) => [
    attribute.property,
    {
      attribute: attribute.name,
      reflect: 'reflect' in attribute && attribute.reflect,
      type: attribute.kind === 'boolean' ? Boolean : String,
      converter: attribute.kind === 'number' ? numberConverter : undefined,
    },
  ]),
);

/**
 * An operator's chat inbox for any web page: chat list, conversation and composer, kept live by
 * polling the chat service's event queue.
 *
 * @tagname operator-chat-panel
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
 * @fires {CustomEvent<MessageDetail>} ocp-attention - An inbound message arrived live that the operator cannot be looking at (the page is hidden, or another chat or none is open); fired whatever `notify` says. Detail: `{chatId, messageId}`.
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
 * @csspart attach-button - The attach button: its picker takes several files (so do drop and paste), up to 10.
 * @csspart note-toggle - The internal-note toggle.
 * @csspart banner - A status banner; carries `data-kind`.
 * @csspart launcher - The floating-mode launcher button; while its code could not be loaded, a stand-in with `data-state="failed"` that tries again when clicked.
 * @csspart unread-badge - The unread total.
 * @csspart unread-divider - "New messages", above the first message the operator had not read when the chat opened.
 * @csspart jump-to-newest - Counts messages that arrived below while the operator reads history, and brings the newest back.
 * @csspart chat-start - Where one of the customer's chats starts, once earlier chats are loaded into the open one; carries `data-chat-id`.
 * @csspart chat-list-updates - "N updated chats": the chat list holds its order under the pointer; this shows what moved.
 * @csspart list-filters - The row of chat list filters: Unread, Mine, Starred and the channel.
 * @csspart filter-unread - Toggle (`aria-pressed`): only chats with unread messages (`isUnread=true`).
 * @csspart filter-mine - Toggle (`aria-pressed`): only chats assigned to the token's operator (`operatorId`); absent when the token names no operator.
 * @csspart filter-starred - Toggle (`aria-pressed`): only starred chats (`starMark=true`).
 * @csspart channel-filter - The channel select (`source`); absent when the `source` attribute fixes the channel.
 * @csspart tag-filter - The tag menu's button in the list filters (`aria-haspopup="menu"`, `aria-expanded`): the tags with an id of the chats seen, several at once (`tagIds`); disabled until a chat with a tag has been shown.
 * @csspart list-empty - The empty chat list when filters hide every chat: which filters are on, and a button that clears them.
 * @csspart quick-reply-button - Opens the quick-reply menu; shown only when `quickReplies` has entries.
 * @csspart quick-replies - The quick-reply menu over the composer (a listbox), or its "nothing matches" note.
 * @csspart quick-reply - A quick reply in the menu; `quick-reply--active` on the one Enter or Tab chooses.
 * @csspart shortcuts - The keyboard shortcuts dialog that `?` opens (outside text fields).
 * @csspart wait-time - How long the customer has waited for an answer, a `<time datetime>` in a chat's row and in the open chat's header: shown from the first customer message that no customer-visible answer followed (internal notes answer nobody), in a chat that is not closed; `data-overdue` once past `wait-alert` minutes.
 * @csspart customer-details - The customer beside the open chat (a side pane when the panel is wide, a sheet over the conversation when narrow): who they are, the chat's record, and their other chats.
 * @csspart customer-details-toggle - The open chat's header button that shows and hides `customer-details` (`aria-expanded`); the choice is remembered per operator.
 * @csspart customer-chat - One of the customer's other chats in `customer-details`; carries `data-chat-id`; choosing it opens that chat.
 * @csspart message-search - The find bar above the messages (Ctrl+F, Cmd+F on Apple's systems, or the search control in the conversation header): the phrase, "3 of 17" counted from the newest match (announced politely), the older and newer match, close.
 * @csspart search-hit - A `<mark>` around the find bar's phrase where the match shown is: in a message's text, its translation or a file's name.
 * @csspart notify-toggle - The bell in the header that turns the sound and desktop notifications of `notify` off and on (`aria-pressed`); shown when `notify` holds `sound` or `desktop`.
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
  static override properties = attributeProperties;
  /**
   * Property only. Canned answers, `[{shortcut, title, text}]`: typing `/` at the start of the composer (or its
   * quick-reply button) lists them, filtered by what follows the slash; the chosen text goes into the composer for
   * editing, never sent by itself. In `text`, `{name}` becomes the customer's name and `{operator}` the operator's
   * (the token's `operatorName` claim). Set a new array to change them; invalid entries are left out with one
   * `console.warn`. Default: none (no button, and `/` is an ordinary character).
   */
  @property({ attribute: false }) quickReplies: readonly QuickReply[] = [];

  readonly #panel = new PanelController(this);
  /** `mode="floating"`'s launcher and popup: a chunk of its own, loaded only in that mode. */
  readonly #floating = new LazyFeature(
    () => import('./panel/floating-controller.js').then(({ FloatingController }) => new FloatingController(this)),
    (floating) => {
      this.#launcherFailures = floating === null ? this.#launcherFailures + 1 : 0;
      this.requestUpdate();
    },
  );
  /** Failed loads of the launcher's code in a row: a plain launcher stands in, and tries again when clicked. */
  #launcherFailures = 0;
  /** The panel-wide keys: Alt+arrows, Escape (one layer per press), `?` for the shortcut sheet. */
  readonly #keys = new KeyboardController(this, {
    chatOrder: () => this.#panel.snapshot.state.order,
    openChatId: () => this.#panel.snapshot.state.openChatId,
    openChat: (chatId) => void this.#panel.openChat(chatId),
    back: () => void this.#backToList(),
    closePopup: () => this.#floating.value?.close() ?? false,
    shortcuts: () => ({
      composer: !this.readonly,
      quickReplies: Array.isArray(this.quickReplies) && this.quickReplies.length > 0,
    }),
  });
  readonly #listedChats = listedChatsSelector();
  readonly #draftPreviews = draftPreviewsSelector();
  readonly #failedChats = failedChatsSelector();

  constructor() {
    super();
    for (const attribute of panelAttributes)
      (this as AttributeValues)[attribute.property] = initialValue(attribute) as never;
    updateWhenLocaleChanges(this);
    // A control the panel's own render takes away (a dismissed banner) leaves the focus where the
    // operator works: the open chat's composer, else the chat list.
    new FocusKeeper(
      this,
      () =>
        this.renderRoot.querySelector<HTMLElement>('[part~="composer-input"]') ??
        this.renderRoot.querySelector<ChatListElement>('ocp-chat-list')?.tabStop(),
    );
  }

  /** Opens a chat by id, as the `chat-id` attribute does (on an element not yet in the page, once it is added). */
  async openChat(chatId: number): Promise<void> {
    await this.#configured();
    await this.#panel.openChat(chatId);
  }

  /** Opens the newest chat with this phone, narrowed by business account and channel. */
  async openByPhone(phone: string, narrow: { from?: string; source?: number } = {}): Promise<void> {
    await this.#configured();
    await this.#panel.openByPhone(phone, narrow);
  }

  /**
   * A page that calls a method as soon as the element is defined calls it before the element's
   * first update, which takes up the attributes and the token: the call waits for that update
   * (not for the list, as `updateComplete` does) rather than finding no session and doing nothing.
   */
  async #configured(): Promise<void> {
    if (!this.hasUpdated) await super.getUpdateComplete();
  }

  /** Refetches the chat list and the open chat. */
  async refresh(): Promise<void> {
    await this.#panel.refresh();
  }

  /**
   * The script tag may have drawn the first screen in this root already (boot/first-screen.ts),
   * with the templates this element renders (panel/panel-frame.ts): the first render then updates
   * it in place, so that its rows stay what and where they are, rather than rendering beside it.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    if (handoverOf(this)?.drawn) this.renderOptions.renderBefore = null;
    return root;
  }

  /**
   * The first render takes over the first screen: while the first screen is drawing a chat the
   * operator chose there (its messages on their way), it waits for them to show (Handover.drawing).
   */
  protected override async scheduleUpdate(): Promise<unknown> {
    for (let drawing = this.#firstScreenDrawing(); drawing; drawing = this.#firstScreenDrawing()) await drawing;
    return super.scheduleUpdate();
  }

  #firstScreenDrawing(): Promise<void> | null {
    return this.hasUpdated ? null : (handoverOf(this)?.drawing ?? null);
  }

  /** Also waits for the chat list's own render: `ocp-ready` says the rows are on screen. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    await this.renderRoot?.querySelector<LitElement>('ocp-chat-list')?.updateComplete;
    return complete;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const raw = Object.fromEntries(panelAttributes.map(({ property }) => [property, this[property]])) as RawAttributes;
    const config = this.#panel.configure(raw, this.token, changed as ReadonlyMap<PropertyKey, unknown>);
    // Reflected for CSS: an invalid value shows as the default it falls back to.
    if (this.mode !== config.mode) this.mode = config.mode;
    if (this.theme !== config.theme) this.theme = config.theme;
    // Nothing shows until it is in (not the whole panel where a launcher belongs).
    if (config.mode === 'floating') void this.#floating.load();
  }

  /** The narrow layout's way back (its button, Escape): the list shows, focus on the row of the chat left. */
  async #backToList(): Promise<void> {
    const chatId = this.#panel.snapshot.state.openChatId;
    this.#panel.closeChat();
    await this.#focusList(chatId);
  }

  /**
   * The open chat was deleted, and the control that had the focus with it: the focus goes to the
   * chat that was next in the list, unless the operator has put it somewhere else meanwhile.
   */
  async #chatDeleted(next: number | null): Promise<void> {
    await this.updateComplete;
    await this.renderRoot.querySelector<LitElement>('ocp-conversation')?.updateComplete;
    const focused = (this.renderRoot as ShadowRoot).activeElement;
    if (focused?.isConnected && focused.getClientRects().length > 0) return;
    await this.#focusList(next);
  }

  /** Focus on the chat's row; a chat the list does not show (filtered out, deeplinked, none): its first row, or the list itself. */
  async #focusList(chatId: number | null): Promise<void> {
    await this.updateComplete;
    const list = this.renderRoot.querySelector<ChatListElement>('ocp-chat-list');
    if (chatId !== null) await list?.focusChat(chatId);
    if (!this.renderRoot.querySelector(':focus'))
      (
        this.renderRoot.querySelector<HTMLElement>('[part~="chat-item"]') ??
        list?.querySelector<HTMLElement>('[tabindex="0"]')
      )?.focus();
  }

  readonly #handleListSelect = ({ chatId, byKeyboard }: ListSelectDetail): void => {
    void this.#panel.openChat(chatId);
    // Chosen by keyboard, the operator goes on typing in the composer.
    if (byKeyboard) void this.#keys.focusConversation();
  };

  protected override render(): TemplateResult {
    const { config, session, state, conversation, mineAvailable, attention } = this.#panel.snapshot;
    const chatId = state.openChatId;
    // An expired session keeps what was on screen, dimmed and read-only, until a new token
    // comes; one that starts expired has nothing to keep.
    const paused = session === 'expired' || session === 'rejected';
    const ready = session === 'valid' || (paused && state.pagesLoaded > 0);
    // The language actually shown, which may differ from config.locale while a chunk loads or
    // when another panel on the page chose (see i18n/locale.ts); dates and numbers follow it.
    const locale = activeLocale();
    const floating = this.mode === 'floating';
    const panel = renderPanel({
      locale,
      chatOpen: chatId !== null,
      unreadTotal: ready ? state.unreadTotal : null,
      headerEnd: html`${attention?.renderBell() ?? nothing}${
        floating
          ? html`<button type="button" class="panel__close" aria-label=${msg('Close chats')} @click=${() => this.#floating.value?.close()}>${closeIcon}</button>`
          : nothing
      }`,
      banners: renderPanelBanners({ ...this.#panel.snapshot, dismissError: () => this.#panel.dismissError() }),
      panes: ready
        ? renderPanes(
            {
              chats: this.#listedChats(state),
              activeChatId: chatId,
              total: state.total,
              hasMore: state.hasMore,
              loading: state.listLoading,
              filter: state.filter,
              mineAvailable,
              locale,
              disabled: paused,
              drafts: this.#draftPreviews(state),
              failed: this.#failedChats(state),
              waitAlertMinutes: config.waitAlertMinutes,
              select: this.#handleListSelect,
              more: () => this.#panel.loadMore(),
              changeFilter: (patch) => this.#panel.setFilter(patch),
              clearFilters: () => this.#panel.clearFilters(),
            },
            conversation.render({
              readonly: this.readonly,
              paused,
              maxUploadBytes: config.maxUploadBytes,
              locale,
              deeplink: (id) => this.#panel.deeplink(id),
              quickReplies: this.quickReplies,
              operatorName: this.#panel.operatorName(),
              waitAlertMinutes: config.waitAlertMinutes,
            }),
            paused,
            {
              back: () => void this.#backToList(),
              deleted: (next) => void this.#chatDeleted(next),
            },
          )
        : nothing,
    });
    return renderRoot(
      floating ? this.#renderFloating(panel, ready ? (state.unreadTotal ?? 0) : 0) : panel,
      this.#panel.announcer.render(),
    );
  }

  /**
   * The launcher and its popup once their code is in; nothing while it is on its way (not the
   * whole panel where a launcher belongs); after a failed load, a launcher that says so and tries
   * again when clicked, opening the chats once it is in.
   */
  #renderFloating(panel: TemplateResult, unread: number): TemplateResult | typeof nothing {
    const floating = this.#floating.value;
    if (floating) return floating.render(panel, unread);
    if (this.#launcherFailures === 0) return nothing;
    // A browser that keeps a failed module for the page (Firefox ESR 153) never loads it again.
    const label =
      this.#launcherFailures === 1
        ? msg('The chats could not be loaded. Try again')
        : msg('The chats could not be loaded. Try again, or reload the page');
    return html`<button
      type="button"
      class="launcher launcher--failed"
      part="launcher"
      data-state="failed"
      aria-label=${label}
      title=${label}
      aria-busy=${this.#floating.status === 'loading' ? 'true' : 'false'}
      @click=${this.#retryLauncher}
    >
      <span aria-hidden="true">!</span>
    </button>`;
  }

  readonly #retryLauncher = async (): Promise<void> => {
    const floating = await this.#floating.retry();
    // Clicked twice while it loads: opened once.
    if (floating && !floating.open) floating.toggle();
  };
}

// The attribute properties' types, merged into the class: `token`, `baseUrl`, `mode`, ...
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OperatorChatPanel extends AttributeValues {}

declare global {
  interface HTMLElementTagNameMap {
    'operator-chat-panel': OperatorChatPanel;
  }
}

// Page authors and bundlers import this module (package.json `exports`): it types every event and
// the quick replies, and defines the element, once, without the script tag's auto-mount (that is widget-script.ts).
export type * from './events.js';
export type * from './quick-reply.js';
defineOnce('operator-chat-panel', OperatorChatPanel);
