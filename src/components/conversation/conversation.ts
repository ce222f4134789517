/**
 * The open chat: header with status and actions, the message list with day separators and the
 * typing indicator, and the composer. Keeps the reader's place (MessageScrollController): it
 * follows new messages only when the operator is at the bottom, and holds the view still when
 * earlier messages load above. A long chat is a virtual list: only the rows in view are in the DOM.
 * This module is the lazily loaded conversation chunk (conversation-chunk.ts); it brings its styles
 * into the panel's shadow root itself.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { keyed } from 'lit/directives/keyed.js';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { provideResizeObserver } from '@lit-labs/virtualizer/polyfillLoaders/ResizeObserver.js';
import { msg, str } from '@lit/localize';
import type { Chat, Message, MessageRef } from '../../api/wire.js';
import { channelName, chatStatusLabel, initials } from '../../format.js';
import { defineOnce } from '../../define.js';
import { filesFromDataTransfer } from '../../media/attachments.js';
import { safeMediaSrc } from '../../safe-url.js';
import type { Typing } from '../../state/chat-store.js';
import { type Draft, emptyDraft } from '../../state/drafts.js';
import type { OutboxEntry } from '../../state/outbox.js';
import '../composer/composer.js';
import type { ComposerElement } from '../composer/composer.js';
import { composerStyles } from '../composer/composer.styles.js';
import { backIcon, trashIcon } from './conversation-icons.js';
import { LightElement } from '../light-element.js';
import { newMessagesBelowLabel } from '../../i18n/counts-conversation.js';
import { adoptStyles } from './adopt-styles.js';
import { conversationStyles } from './conversation.styles.js';
import { MessageRows, rowKey, type Row } from './message-rows.js';
import { MessageScrollController } from './message-scroll.js';
import { messageListLayout } from './message-layout.js';
import { renderMessage, renderOutboxEntry, type MessageViewContext } from './message-view.js';

/**
 * The virtualizer measures rows in ResizeObserver callbacks and resizes its list in reaction.
 * Handing those measurements over a frame later keeps the list from growing while the browser
 * still delivers resize notifications, which the page would see as an uncaught
 * "ResizeObserver loop completed with undelivered notifications" error.
 */
provideResizeObserver(
  class extends ResizeObserver {
    constructor(callback: ResizeObserverCallback) {
      super((entries, observer) => requestAnimationFrame(() => callback(entries, observer)));
    }
  },
);

/**
 * Chats up to this many rows render every row (plain DOM that find-in-page and screen readers see
 * whole); longer ones are virtual.
 */
const virtualFromRows = 150;

export class ConversationElement extends LightElement {
  @property({ attribute: false }) chatId: number | null = null;
  @property({ attribute: false }) chat: Chat | null = null;
  @property({ attribute: false }) messages: readonly Message[] = [];
  @property({ attribute: false }) outbox: readonly OutboxEntry[] = [];
  @property({ attribute: false }) typing: Typing | null = null;
  @property({ attribute: false }) draft: Draft = emptyDraft;
  @property({ attribute: false }) deeplink: string | null = null;
  @property({ type: Boolean }) readonly = false;
  @property({ type: Boolean }) loading = false;
  @property({ type: Boolean }) chainLoaded = false;
  @property({ type: Boolean }) showBack = false;
  @property({ type: Number }) maxUploadBytes = 10485760;
  @property({ attribute: false }) now = Date.now();
  @property() locale = 'en';
  @state() private translated = new Set<number>();
  @state() private dragging = false;
  private readonly place = new MessageScrollController(this, {
    scroller: () => this.querySelector('.conversation__scroll'),
    content: () => this.querySelector('.conversation__content'),
    reveal: (messageId) => this.reveal(messageId),
  });
  /** The chat whose virtual list was created, and its row count when it was (see updated). */
  private virtualChatId: number | null = null;
  private primeRows = 0;
  /** The virtual list's row count at its last render, and how many rows that render added. */
  private virtualRows = 0;
  private addedRows = 0;
  private readonly messageRows = new MessageRows();

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), [conversationStyles, composerStyles]);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('chatId')) {
      this.translated = new Set();
      this.place.reset();
    } else if (changed.has('messages')) {
      this.place.messagesChanging((changed.get('messages') as readonly Message[] | undefined) ?? [], this.messages);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const host = this.querySelector<HTMLElement>('.conversation__content--virtual');
    if (this.primeRows && host && !host.style.minHeight) {
      // The virtualizer looked for the scroller it lives in while its template was still a
      // detached fragment, so it found none and would not hear the list scroll: connected now,
      // it finds `.conversation__scroll`.
      const virtualizer = (host as VirtualizerHostElement)[virtualizerRef];
      virtualizer?.disconnected();
      virtualizer?.connected();
      // Before its first layout the virtualizer counts 100 px a row: give the list that height so
      // pinning to the bottom below makes it lay out the newest rows first, not the oldest.
      host.style.minHeight = `${this.primeRows * 100}px`;
    } else if (host && this.addedRows > 0 && this.place.atBottom) {
      // Rows arrived below while the operator follows the bottom. The virtualizer sizes the list
      // for them only after laying out the old bottom; grow it now by their share of its height, so
      // pinning below makes its first layout the new bottom, one layout pass instead of several.
      const before = this.virtualRows - this.addedRows;
      host.style.minHeight = `${Math.round((host.offsetHeight * this.virtualRows) / before)}px`;
    }
    this.primeRows = 0;
    this.addedRows = 0;
    this.place.rendered(
      changed.has('chatId') || changed.has('messages') || changed.has('outbox') || changed.has('typing'),
    );
  }

  /**
   * Brings a message of the virtual list near the view (scroll position restore): from a rendered
   * row, scroll by the rows between them at the list's average row height; the caller then puts
   * the message exactly in place. (The virtualizer's own scrollIntoView pins its layout, which
   * renders nothing in this list.)
   */
  private async reveal(messageId: number): Promise<void> {
    const host = this.querySelector<HTMLElement>('.conversation__content--virtual');
    const scroller = this.querySelector<HTMLElement>('.conversation__scroll');
    const seen = host?.querySelector<HTMLElement>('[data-message-id]');
    if (!host || !scroller || !seen) return;
    const rows = this.rows();
    const indexOf = (id: number) => rows.findIndex((row) => row.kind === 'message' && row.message.id === id);
    const target = indexOf(messageId);
    const from = indexOf(Number(seen.dataset.messageId));
    if (target < 0 || from < 0) return;
    scroller.scrollTop +=
      seen.getBoundingClientRect().top -
      scroller.getBoundingClientRect().top +
      (target - from) * (host.offsetHeight / rows.length);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }

  private emit(type: string, detail: object = {}): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  private rows(): Row[] {
    return this.messageRows.rows(this.messages, this.locale, this.now);
  }

  private renderRows(context: MessageViewContext) {
    const rows = this.rows();
    const renderItem = (row: Row) =>
      row.kind === 'day'
        ? html`<div class="conversation__day" role="separator">${row.label}</div>`
        : renderMessage(row.message, context);
    if (rows.length < virtualFromRows) {
      this.virtualChatId = null; // a virtual list made later is a fresh one: primed again
      return html`<div class="conversation__content">${repeat(rows, rowKey, renderItem)}</div>`;
    }
    // A fresh virtualizer per chat: no layout state carries over from the previous one.
    if (this.virtualChatId !== this.chatId) this.primeRows = rows.length;
    else this.addedRows = Math.max(0, rows.length - this.virtualRows);
    this.virtualChatId = this.chatId;
    this.virtualRows = rows.length;
    return keyed(
      this.chatId,
      html`<div class="conversation__content conversation__content--virtual" @rangeChanged=${this.place.handleRangeChanged}>${virtualize({ items: rows, keyFunction: rowKey, renderItem, layout: messageListLayout })}</div>`,
    );
  }

  private readonly viewContext = (): MessageViewContext => ({
    locale: this.locale,
    readonly: this.readonly,
    translated: this.translated,
    onReply: (ref: MessageRef) => {
      const composer = this.querySelector<ComposerElement>('ocp-composer');
      if (this.chatId === null) return;
      this.emit('ocp-draft-change', { chatId: this.chatId, patch: { replyTo: ref } });
      void this.updateComplete.then(() => composer?.focusInput());
    },
    onToggleTranslation: (messageId: number) => {
      const next = new Set(this.translated);
      if (!next.delete(messageId)) next.add(messageId);
      this.translated = next;
    },
    onRetry: (localId: string) => this.emit('ocp-outbox-retry', { localId }),
    onDiscard: (localId: string) => this.emit('ocp-outbox-discard', { localId }),
  });

  private handleDrop(event: DragEvent): void {
    event.preventDefault();
    this.dragging = false;
    if (this.readonly) return;
    this.querySelector<ComposerElement>('ocp-composer')?.addFiles(filesFromDataTransfer(event.dataTransfer));
  }

  private handleDragOver(event: DragEvent): void {
    if (this.readonly || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    this.dragging = true;
  }

  private async confirmDelete(): Promise<void> {
    const dialog = this.querySelector<HTMLDialogElement>('.conversation__confirm');
    dialog?.showModal();
  }

  private renderHeader() {
    const chat = this.chat;
    const name = chat?.name || msg(str`Chat ${this.chatId ?? ''}`);
    const avatar = safeMediaSrc(chat?.photo);
    return html`<header class="conversation__header" part="conversation-header">
      ${
        this.showBack
          ? html`<button type="button" class="conversation__back" aria-label=${msg('Back to chats')} @click=${() => this.emit('ocp-conv-back')}>${backIcon}</button>`
          : nothing
      }
      <span class="chat-item__avatar" aria-hidden="true">${avatar ? html`<img src=${avatar} alt="" referrerpolicy="no-referrer" />` : initials(name)}</span>
      <span class="conversation__title">
        <span class="conversation__name">${name}</span>
        ${chat ? html`<span class="conversation__channel">${channelName(chat.source)}${chat.phone ? ` · ${chat.phone}` : ''}${chat.accountName ? ` · ${chat.accountName}` : ''}</span>` : nothing}
      </span>
      ${
        chat && !this.readonly
          ? html`<select part="status-select" class="conversation__status" aria-label=${msg('Chat status')} .value=${String(chat.status)}
            @change=${(event: Event) => this.emit('ocp-conv-status', { status: Number((event.target as HTMLSelectElement).value) })}>
            ${[0, 1, 2, 3, 4].map((code) => html`<option value=${code} ?selected=${chat.status === code}>${chatStatusLabel(code)}</option>`)}
          </select>`
          : chat
            ? html`<span class="conversation__status-text">${chatStatusLabel(chat.status)}</span>`
            : nothing
      }
      ${
        this.deeplink
          ? html`<a class="conversation__deeplink" href=${this.deeplink} target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">${msg('Open in full panel')}</a>`
          : nothing
      }
      ${this.readonly ? nothing : html`<button type="button" class="conversation__delete" aria-label=${msg('Delete chat')} title=${msg('Delete chat')} @click=${this.confirmDelete}>${trashIcon}</button>`}
      <dialog class="conversation__confirm" aria-label=${msg('Delete chat')}
        @close=${(event: Event) => (event.target as HTMLDialogElement).returnValue === 'delete' && this.emit('ocp-conv-delete')}>
        <form method="dialog">
          <p>${msg('Delete this chat and all its messages? This cannot be undone.')}</p>
          <div class="conversation__confirm-actions">
            <button value="cancel" autofocus>${msg('Cancel')}</button>
            <button value="delete" class="conversation__confirm-delete">${msg('Delete')}</button>
          </div>
        </form>
      </dialog>
    </header>`;
  }

  protected override render() {
    if (this.chatId === null) {
      return html`<section class="conversation conversation--empty" part="conversation"><p>${msg('Choose a chat to read it.')}</p></section>`;
    }
    const context = this.viewContext();
    return html`<section class="conversation ${this.dragging ? 'conversation--drop' : ''}" part="conversation" aria-label=${msg('Conversation')}
      @dragover=${this.handleDragOver} @dragleave=${() => (this.dragging = false)} @drop=${this.handleDrop}>
      ${this.renderHeader()}
      <div class="conversation__scroll" part="message-list" role="log" aria-live="off" aria-label=${msg('Messages')} tabindex="0" @scroll=${this.place.handleScroll}>
        ${
          this.chainLoaded
            ? nothing
            : html`<button type="button" class="conversation__chain" @click=${() => this.emit('ocp-conv-chain')}>${msg('Show earlier chats with this customer')}</button>`
        }
        ${this.loading && this.messages.length === 0 ? html`<p class="conversation__loading" role="status">${msg('Loading…')}</p>` : nothing}
        ${this.renderRows(context)}
        <div class="conversation__outbox">${repeat(
          this.outbox,
          (entry) => entry.localId,
          (entry) => renderOutboxEntry(entry, context),
        )}</div>
      </div>
      <div class="conversation__below">
        ${
          this.typing
            ? html`<div class="conversation__typing" part="typing-indicator" role="status">
              ${this.typing.operatorName ? msg(str`${this.typing.operatorName} is typing…`) : msg('Typing…')}
            </div>`
            : nothing
        }
        ${
          this.place.atBottom
            ? nothing
            : html`<button type="button" class="conversation__jump" @click=${() => this.place.jumpToNewest()}>
              ${this.place.unseenBelow ? newMessagesBelowLabel(this.place.unseenBelow) : msg('Jump to newest ↓')}
            </button>`
        }
      </div>
      ${
        this.readonly
          ? nothing
          : html`<ocp-composer .chatId=${this.chatId} .draft=${this.draft} .maxUploadBytes=${this.maxUploadBytes} .locale=${this.locale}></ocp-composer>`
      }
    </section>`;
  }
}

defineOnce('ocp-conversation', ConversationElement);

// The data side of the conversation travels in this chunk too (see conversation-chunk.ts).
export { ConversationActions } from '../../controllers/conversation-actions.js';
export { markRead, openByPhone, readMessages } from '../../controllers/conversation-reads.js';
export { renderConversation } from './conversation-binding.js';

declare global {
  interface HTMLElementTagNameMap {
    'ocp-conversation': ConversationElement;
  }
}
