/**
 * The open chat: header with status and actions, the message list with day separators, the
 * "New messages" divider and the typing indicator, and the composer. The list keeps the
 * operator's place (MessagePlaceController): it opens at the newest message (or the first
 * unread one), follows new messages only while the operator is at the bottom, and otherwise holds
 * the rows on screen still, whatever arrives, loads or resizes. It renders a window of the chat's
 * rows (MessageWindow), so a chat of any length keeps a bounded DOM.
 * It brings its styles into the shadow root it renders in (the panel's has its box's and its
 * composer's already: the first screen draws them too).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '../i18n/msg.js';
import type { Chat } from '../core/api/chat-wire.js';
import type { Message, MessageRef } from '../core/api/message-wire.js';
import { defineOnce } from '../ui/define.js';
import { filesFromDataTransfer } from './media/attachments.js';
import type { Typing } from '../core/state/store-state.js';
import { type Draft, emptyDraft } from '../core/state/composer-draft.js';
import type { OutboxEntry } from '../core/state/outbox-entry.js';
import './composer/composer.js';
import type { ComposerElement } from './composer/composer.js';
import { renderConversationHeader } from './conversation-header.js';
import type { LoadCustomerChats } from './customer-details/customer-chats.js';
import { DetailsPaneController } from './details-pane.js';
import { WaitTimeController } from '../ui/wait-time.js';
import { LightElement } from '../ui/light-element.js';
import { renderNoChatOpen } from '../ui/no-chat-open.js';
import { showLoadedPhotos } from '../ui/avatar.js';
import { FocusKeeper } from '../ui/focus-keeper.js';
import { containWheel } from '../ui/contain-wheel.js';
import type { QuickReply } from '../quick-reply.js';
import { customerName } from './quick-replies/quick-reply-list.js';
import { newMessagesBelowLabel } from '../i18n/counts.js';
import { adoptStyles } from '../ui/styles/adopt-styles.js';
import { conversationStyles } from './conversation.styles.js';
import { composerStyles } from './composer/composer.styles.js';
import { firstUnread, messageRowKey, MessageRows, type RowLookup } from './message-rows.js';
import { messageAuthors, type RowViewContext } from './message-row-view.js';
import { MessageFocusController } from './message-focus.js';
import { MessagePlaceController } from './message-place.js';
import { StatusChoice } from './status-select.js';
import { renderConversationView, type MessageListHandlers } from './conversation-view.js';
import { ClockController } from '../ui/clock-controller.js';
import { isCompositionKey } from '../ui/composing.js';
import { FindController } from './find/find-controller.js';
import { renderFindBar } from './find/find-bar.js';
import { findBarStyles } from './find/find-bar.styles.js';
import { searchHitStyles } from './find/search-hit.styles.js';
import { isFindKey } from './find/find-key.js';

export class ConversationElement extends LightElement {
  @property({ attribute: false }) chatId: number | null = null;
  @property({ attribute: false }) chat: Chat | null = null;
  /** Known chat records: the separators of the customer's earlier chats say how each ended. */
  @property({ attribute: false }) chatRecords: ReadonlyMap<number, Chat> = new Map();
  /** The chat's record could not be found (not listed, not among its customer's chats). */
  @property({ type: Boolean }) chatUnknown = false;
  @property({ attribute: false }) messages: readonly Message[] = [];
  @property({ attribute: false }) outbox: readonly OutboxEntry[] = [];
  @property({ attribute: false }) typing: Typing | null = null;
  @property({ attribute: false }) draft: Draft = emptyDraft;
  @property({ attribute: false }) deeplink: string | null = null;
  @property({ type: Boolean }) readonly = false;
  /** The session expired: the chat stays readable, nothing is sent or changed until a new token. */
  @property({ type: Boolean }) paused = false;
  @property({ type: Boolean }) loading = false;
  @property({ type: Boolean }) chainLoaded = false;
  @property({ type: Boolean }) showBack = false;
  @property({ type: Number }) maxUploadBytes = 10485760;
  /** The page's usable quick replies, and the operator's name for their `{operator}`. */
  @property({ attribute: false }) quickReplies: readonly QuickReply[] = [];
  @property() operatorName = '';
  /** Relative times ("5 min", "Yesterday") follow the clock: it re-renders this element only. */
  readonly #clock = new ClockController(this);
  @property() locale = 'en';
  /** Whose choice to keep the customer details open is remembered (the operator's scope). */
  @property({ attribute: false }) detailsScope: string | null = null;
  @property({ attribute: false }) loadCustomerChats: LoadCustomerChats | null = null;
  @property({ attribute: false }) waitAlertMinutes = 10;
  readonly #details = new DetailsPaneController(this, () => this.detailsScope);
  @state() private translated = new Set<number>();
  @state() private dragging = false;
  readonly #place = new MessagePlaceController(this, {
    scroller: () => this.querySelector<HTMLElement>('.conversation__scroll'),
    content: () => this.querySelector<HTMLElement>('.conversation__content'),
    updateNow: () => this.performUpdate(), // Lit's synchronous flush of a pending update
  });
  readonly #messageFocus = new MessageFocusController(
    this,
    () => this.querySelector<HTMLElement>('.conversation__scroll'),
    this.#place,
  );
  readonly #messageRows = new MessageRows();
  /** Find in the chat: the bar, its matches, and the place to come back to. */
  readonly #find = new FindController(this, this.#place, {
    messages: () => this.messages,
    language: () => this.locale,
    root: () => this,
    scroller: () => this.querySelector<HTMLElement>('.conversation__scroll'),
  });
  /** The status control: arrows look through the statuses, only a choice sets one. */
  readonly #statusChoice = new StatusChoice(
    (status) => this.#emit('ocp-conv-status', { status }),
    () => this.chat?.status ?? null,
  );
  /** The message whose quote was just clicked, shown highlighted for a moment. */
  @state() private highlighted: number | null = null;
  #highlightTimer: ReturnType<typeof setTimeout> | undefined;
  #lookup: RowLookup | null = null;
  /** The divider's message, fixed when the chat's messages first show (undefined: not yet). */
  #unreadFrom: number | null | undefined = undefined;

  constructor() {
    super();
    // The header's wait follows the minutes without a render of the conversation.
    new WaitTimeController(this, {
      root: () => this.querySelector('.conversation__header'),
      alertMinutes: () => this.waitAlertMinutes,
      locale: () => this.locale,
    });
    // A control a render takes away ("Jump to newest", Discard, a message's Reply as another chat
    // opens) leaves the focus where the operator goes on: the composer, else the messages.
    new FocusKeeper(this, () => this.#whereToGoOn());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), [conversationStyles, composerStyles, findBarStyles, searchHitStyles]);
    // Before the composer's and the panel's own: the find bar is the layer above the reply target.
    this.addEventListener('keydown', this.#handleEscapeFirst, { capture: true });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('detailsScope')) this.#details.scopeChanged();
    const statusBefore = (changed.get('chat') as Chat | null | undefined)?.status;
    if (changed.has('chatId') || (changed.has('chat') && statusBefore !== this.chat?.status))
      this.#statusChoice.reset();
    if (changed.has('chatId')) {
      this.translated = new Set();
      this.#unreadFrom = undefined;
      this.highlighted = null;
      this.#messageFocus.reset();
      this.#place.open();
      this.#find.chatChanged();
    } else if (changed.has('messages')) {
      this.#place.messagesChanging((changed.get('messages') as readonly Message[] | undefined) ?? [], this.messages);
      this.#find.messagesChanged();
    }
    // Read once, as the chat opens: reading the chat marks its messages read right after.
    if (this.#unreadFrom === undefined && this.messages.length > 0) this.#unreadFrom = firstUnread(this.messages);
  }

  protected override updated(): void {
    // The header's photo, already held when the chat's row showed it: no glimpse of the initials.
    // Only the header holds one (the details mark their own): not a search of every message row.
    const header = this.querySelector('.conversation__header');
    if (header) showLoadedPhotos(header);
    this.#place.rendered();
  }

  /** Puts focus where the operator goes on: the composer, or the messages when there is none. */
  async focusComposer(): Promise<void> {
    await this.updateComplete;
    await this.querySelector<ComposerElement>('ocp-composer')?.updateComplete;
    this.#whereToGoOn()?.focus();
  }

  /** The composer's text, or the messages when there is no composer (a read-only panel). */
  #whereToGoOn(): HTMLElement | null {
    return (
      this.querySelector<ComposerElement>('ocp-composer')?.textField() ??
      this.querySelector<HTMLElement>('.conversation__scroll')
    );
  }

  /** Shows the newest message and follows from there (a message was sent, End, the control). */
  showNewest(): void {
    this.#place.jumpToNewest();
  }

  #emit(type: string, detail: object = {}): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#highlightTimer);
    this.removeEventListener('keydown', this.#handleEscapeFirst, { capture: true });
  }

  /** A quote was clicked: the quoted message comes into view, focused and highlighted for a moment. */
  #showQuoted(messageId: number): void {
    if (!this.#place.showRow(messageRowKey(messageId))) return;
    this.highlighted = messageId;
    clearTimeout(this.#highlightTimer);
    this.#highlightTimer = setTimeout(() => (this.highlighted = null), 2000);
    void this.updateComplete.then(() =>
      this.querySelector<HTMLElement>(`[part~="message"][data-message-id="${messageId}"]`)?.focus({
        preventScroll: true,
      }),
    );
  }

  readonly #authors = messageAuthors(
    () => this.chat?.name,
    () => this.#lookup,
  );

  readonly #viewContext = (): RowViewContext => ({
    messageRows: this.#messageRows,
    now: this.#clock.now,
    chatStatus: (chatId) => this.chatRecords.get(chatId)?.status ?? null,
    locale: this.locale,
    readonly: this.readonly || this.paused,
    translated: this.#find.shownTranslated(this.translated),
    current: this.#messageFocus.current,
    highlighted: this.highlighted,
    hits: (messageId) => this.#find.hitsOf(messageId),
    ...this.#authors,
    onQuote: (messageId) => this.#showQuoted(messageId),
    onReply: (ref: MessageRef) => {
      const composer = this.querySelector<ComposerElement>('ocp-composer');
      if (this.chatId === null) return;
      // A reply to an internal note is a note too: the composer switches, visibly, and the
      // operator can switch back on purpose. A reply to anything else keeps the mode chosen.
      const patch = ref.isInternal ? { replyTo: ref, isInternal: true } : { replyTo: ref };
      this.#emit('ocp-draft-change', { chatId: this.chatId, patch });
      void this.updateComplete.then(() => composer?.focusInput());
    },
    onToggleTranslation: (messageId: number) => {
      const next = new Set(this.translated);
      if (!next.delete(messageId)) next.add(messageId);
      this.translated = next;
    },
    onRetry: (localId: string) => this.#emit('ocp-outbox-retry', { localId }),
    onDiscard: (localId: string) => this.#emit('ocp-outbox-discard', { localId }),
  });

  readonly #handleListKeydown = (event: KeyboardEvent): void => {
    this.#place.handleKeydown(event);
    this.#messageFocus.handleKeydown(event);
  };

  /** The operator's input; at an end of the list, the turn stays in it (containWheel: not passive). */
  readonly #handleListWheel = (event: WheelEvent): void => {
    containWheel(event);
    this.#place.handleWheel(event); // after: a turn kept from scrolling brings no scroll to await
  };

  readonly #handleListFocusIn = (event: FocusEvent): void => {
    // Focus that lands in the list (Tab onto a message or a control in it) may scroll it natively:
    // the operator's move. The list itself taking the focus scrolls nothing, and neither does the
    // focus the keys moved (a smooth PageUp still under way is not the operator's after End).
    if (!this.#messageFocus.moving && event.target !== event.currentTarget) this.#place.handleIntent();
    this.#messageFocus.handleFocusIn(event);
  };

  #handleDrop(event: DragEvent): void {
    event.preventDefault();
    this.dragging = false;
    if (this.readonly || this.paused) return;
    this.querySelector<ComposerElement>('ocp-composer')?.addFiles(filesFromDataTransfer(event.dataTransfer));
  }

  #handleDragOver(event: DragEvent): void {
    if (this.readonly || this.paused || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    this.dragging = true;
  }

  async #confirmDelete(): Promise<void> {
    const dialog = this.querySelector<HTMLDialogElement>('.conversation__confirm');
    dialog?.showModal();
  }

  /**
   * Escape's layers in the conversation that the panel closes (KeyboardController), when the key
   * was pressed outside the conversation's own: the find bar, then the customer details. Answers
   * whether one closed.
   */
  closeLayer(): boolean {
    return this.#find.close() || this.#details.close();
  }

  /** Ctrl+F (Cmd+F on Apple's systems) anywhere in the conversation opens the find bar, not the browser's. */
  readonly #handleFindKey = (event: KeyboardEvent): void => {
    if (!isFindKey(event) || event.defaultPrevented || isCompositionKey(event)) return;
    event.preventDefault();
    this.#find.openBar();
  };

  /**
   * Escape with the find bar open closes it, before the reply target (the composer's) and the
   * sheets (the panel's): a menu (the quick replies, a status looked at) and a dialog stay above
   * it and take the key themselves.
   */
  readonly #handleEscapeFirst = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.altKey || event.defaultPrevented || isCompositionKey(event)) return;
    if (!this.#find.open || this.querySelector('[part~="quick-replies"]') || this.#statusChoice.looking) return;
    if (event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open)) return;
    event.preventDefault();
    this.#find.close();
  };

  readonly #listHandlers: MessageListHandlers = {
    scroll: this.#place.handleScroll,
    wheel: { handleEvent: this.#handleListWheel, passive: false },
    touch: { handleEvent: this.#place.handleIntent, passive: true },
    keydown: this.#handleListKeydown,
    pointerdown: this.#place.handlePointerDown,
    focusin: this.#handleListFocusIn,
  };

  protected override render() {
    if (this.chatId === null) return renderNoChatOpen();
    const lookup = (this.#lookup = this.#messageRows.rows(this.messages, this.#unreadFrom ?? null, this.chatId));
    const { start, end } = this.#place.rows(lookup);
    const place = this.#place;
    return html`${renderConversationView({
      header: renderConversationHeader({
        chatId: this.chatId,
        chat: this.chat,
        chatUnknown: this.chatUnknown,
        showBack: this.showBack,
        readonly: this.readonly,
        paused: this.paused,
        deeplink: this.deeplink,
        detailsOpen: this.#details.open,
        findOpen: this.#find.open,
        toggleFind: () => this.#find.toggle(),
        statusControl: (chat) => this.#statusChoice.render(chat.status, this.paused),
        back: () => this.#emit('ocp-conv-back'),
        toggleDetails: () => this.#details.toggle(),
        preloadDetails: () => this.#details.preload(),
        confirmDelete: () => void this.#confirmDelete(),
        deleted: () => this.#emit('ocp-conv-delete'),
      }),
      findBar: renderFindBar(this.#find),
      dragging: this.dragging,
      rows: lookup.rows.slice(start, end),
      context: this.#viewContext(),
      listTabIndex: this.#messageFocus.current === null ? 0 : -1,
      atOldest: place.atOldest,
      chainLoaded: this.chainLoaded,
      chained: lookup.chained ?? false,
      loading: this.loading && this.messages.length === 0,
      outbox: place.atNewestRows ? this.outbox : null,
      below: [
        this.typing
          ? html`<div class="conversation__typing" part="typing-indicator" role="status">
              ${this.typing.operatorName ? msg(str`${this.typing.operatorName} is typing…`) : msg('Typing…')}
            </div>`
          : nothing,
        place.awayFromNewest
          ? html`<button type="button" class="conversation__jump" part="jump-to-newest" @click=${() => place.jumpToNewest()}>
              ${place.unseenBelow ? newMessagesBelowLabel(place.unseenBelow) : msg('Jump to newest ↓')}
            </button>`
          : nothing,
      ],
      composer: this.readonly
        ? nothing
        : html`<ocp-composer .chatId=${this.chatId} .draft=${this.draft} .maxUploadBytes=${this.maxUploadBytes} .locale=${this.locale} .disabled=${this.paused}
            .quickReplies=${this.quickReplies} .customerName=${customerName(this.chat)} .operatorName=${this.operatorName}
            @ocp-compose-send=${() => place.jumpToNewest()}></ocp-composer>`,
      on: {
        list: this.#listHandlers,
        chain: () => this.#emit('ocp-conv-chain'),
        keydown: this.#handleFindKey,
        dragover: this.#handleDragOver,
        dragleave: () => (this.dragging = false),
        drop: this.#handleDrop,
      },
    })}
    ${
      this.#details.shown && this.chat
        ? html`<ocp-customer-details id="ocp-customer-details" part="customer-details" .chat=${this.chat} .loadChats=${this.loadCustomerChats}
          .locale=${this.locale} @ocp-details-toggle=${() => this.#details.toggle()}></ocp-customer-details>`
        : nothing
    }`;
  }
}

defineOnce('ocp-conversation', ConversationElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-conversation': ConversationElement;
  }
}
