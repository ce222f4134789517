/**
 * The open chat: header with status and actions, the message list with day separators and the
 * typing indicator, and the composer. Keeps the reader's place: it follows new messages only when
 * the operator is at the bottom, and holds the view still when earlier messages load above.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '@lit/localize';
import type { Chat, Message, MessageRef } from '../../api/wire.js';
import { channelName, chatStatusLabel, dayLabel, initials, startOfDay } from '../../format.js';
import { defineOnce } from '../../media/define.js';
import { filesFromDataTransfer } from '../../media/attachments.js';
import { safeMediaSrc } from '../../safe-url.js';
import type { Typing } from '../../state/chat-store.js';
import { type Draft, emptyDraft } from '../../state/drafts.js';
import type { OutboxEntry } from '../../state/outbox.js';
import '../composer/composer.js';
import type { ComposerElement } from '../composer/composer.js';
import { backIcon, trashIcon } from '../icons.js';
import { LightElement } from '../light-element.js';
import { newMessagesBelowLabel } from '../../i18n/counts.js';
import { renderMessage, renderOutboxEntry, type MessageViewContext } from './message-view.js';

const bottomSlackPx = 48;

type Row = { key: string; kind: 'day'; label: string } | { key: string; kind: 'message'; message: Message };

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
  @state() private atBottom = true;
  @state() private unseenBelow = 0;
  @state() private dragging = false;
  private anchor: { height: number; top: number; firstKey: string | undefined; lastKey: string | undefined } | null = null;
  /** Media and child elements grow after our update: stay at the bottom while the operator is there. */
  private readonly contentResize = new ResizeObserver(() => {
    if (this.atBottom) this.pinToBottom();
  });
  /** When we last scrolled by code: the scroll events that follow are ours, not the operator's. */
  private pinnedAt = 0;

  private pinToBottom(): void {
    const scroller = this.scroller;
    if (!scroller) return;
    this.pinnedAt = performance.now();
    scroller.scrollTop = scroller.scrollHeight;
  }
  private observedContent: Element | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.contentResize.disconnect();
    this.observedContent = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('chatId')) {
      this.translated = new Set();
      this.atBottom = true;
      this.unseenBelow = 0;
    }
    const scroller = this.scroller;
    if (scroller && (changed.has('messages') || changed.has('outbox'))) {
      this.anchor = {
        height: scroller.scrollHeight,
        top: scroller.scrollTop,
        firstKey: this.messages[0] && String(this.messages[0].id),
        lastKey: this.messages.at(-1) && String(this.messages.at(-1)!.id),
      };
      const previous = changed.get('messages') as readonly Message[] | undefined;
      if (!this.atBottom && previous && this.messages.length > previous.length && this.messages.at(-1)?.id !== previous.at(-1)?.id) {
        this.unseenBelow += this.messages.filter((message) => !previous.includes(message)).length;
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const scroller = this.scroller;
    if (!scroller) return;
    const content = this.querySelector('.conversation__content');
    if (content && content !== this.observedContent) {
      this.contentResize.disconnect();
      this.contentResize.observe(content);
      this.observedContent = content;
    }
    if (changed.has('chatId') || (this.atBottom && (changed.has('messages') || changed.has('outbox') || changed.has('typing')))) {
      this.pinToBottom();
    } else if (this.anchor && changed.has('messages')) {
      // Earlier messages were added above: keep what the operator was reading in place.
      const previous = changed.get('messages') as readonly Message[] | undefined;
      if (previous?.length && String(previous[0].id) !== String(this.messages[0]?.id) && this.anchor.lastKey === String(this.messages.at(-1)?.id)) {
        scroller.scrollTop = this.anchor.top + (scroller.scrollHeight - this.anchor.height);
      }
    }
    this.anchor = null;
  }

  private get scroller(): HTMLElement | null {
    return this.querySelector('.conversation__scroll');
  }

  private handleScroll(): void {
    const scroller = this.scroller;
    if (!scroller) return; // the chat closed (deleted, back) while a scroll event was queued
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= bottomSlackPx;
    // Content that grew right after we pinned is not the operator scrolling up.
    if (!atBottom && performance.now() - this.pinnedAt < 250) return this.pinToBottom();
    if (atBottom !== this.atBottom) this.atBottom = atBottom;
    if (atBottom && this.unseenBelow) this.unseenBelow = 0;
  }

  private jumpToNewest(): void {
    this.pinToBottom();
    this.atBottom = true;
    this.unseenBelow = 0;
  }

  private emit(type: string, detail: object = {}): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  private rows(): Row[] {
    const rows: Row[] = [];
    let day = -1;
    for (const message of this.messages) {
      const start = startOfDay(message.time);
      if (start !== day) {
        day = start;
        rows.push({ key: `day-${start}`, kind: 'day', label: dayLabel(message.time, this.now, this.locale) });
      }
      rows.push({ key: `m-${message.id}`, kind: 'message', message });
    }
    return rows;
  }

  private readonly viewContext = (): MessageViewContext => ({
    locale: this.locale,
    readonly: this.readonly,
    translated: this.translated,
    onReply: (ref: MessageRef) => {
      const composer = this.querySelector<ComposerElement>('ocp-composer');
      this.emit('ocp-draft-change', { draft: { ...this.draft, replyTo: ref } });
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
      ${this.showBack
        ? html`<button type="button" class="conversation__back" aria-label=${msg('Back to chats')} @click=${() => this.emit('ocp-conv-back')}>${backIcon}</button>`
        : nothing}
      <span class="chat-item__avatar" aria-hidden="true">${avatar ? html`<img src=${avatar} alt="" referrerpolicy="no-referrer" />` : initials(name)}</span>
      <span class="conversation__title">
        <span class="conversation__name">${name}</span>
        ${chat ? html`<span class="conversation__channel">${channelName(chat.source)}${chat.phone ? ` · ${chat.phone}` : ''}${chat.accountName ? ` · ${chat.accountName}` : ''}</span>` : nothing}
      </span>
      ${chat && !this.readonly
        ? html`<select part="status-select" class="conversation__status" aria-label=${msg('Chat status')} .value=${String(chat.status)}
            @change=${(event: Event) => this.emit('ocp-conv-status', { status: Number((event.target as HTMLSelectElement).value) })}>
            ${[0, 1, 2, 3, 4].map((code) => html`<option value=${code} ?selected=${chat.status === code}>${chatStatusLabel(code)}</option>`)}
          </select>`
        : chat
          ? html`<span class="conversation__status-text">${chatStatusLabel(chat.status)}</span>`
          : nothing}
      ${this.deeplink
        ? html`<a class="conversation__deeplink" href=${this.deeplink} target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">${msg('Open in full panel')}</a>`
        : nothing}
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
      <div class="conversation__scroll" part="message-list" role="log" aria-live="off" aria-label=${msg('Messages')} tabindex="0" @scroll=${this.handleScroll}>
        ${this.chainLoaded
          ? nothing
          : html`<button type="button" class="conversation__chain" @click=${() => this.emit('ocp-conv-chain')}>${msg('Show earlier chats with this customer')}</button>`}
        ${this.loading && this.messages.length === 0 ? html`<p class="conversation__loading" role="status">${msg('Loading…')}</p>` : nothing}
        <div class="conversation__content">
          ${repeat(this.rows(), (row) => row.key, (row) =>
            row.kind === 'day' ? html`<div class="conversation__day" role="separator">${row.label}</div>` : renderMessage(row.message, context),
          )}
          ${repeat(this.outbox, (entry) => entry.localId, (entry) => renderOutboxEntry(entry, context))}
        </div>
      </div>
      <div class="conversation__below">
        ${this.typing
          ? html`<div class="conversation__typing" part="typing-indicator" role="status">
              ${this.typing.operatorName ? msg(str`${this.typing.operatorName} is typing…`) : msg('Typing…')}
            </div>`
          : nothing}
        ${this.atBottom
          ? nothing
          : html`<button type="button" class="conversation__jump" @click=${this.jumpToNewest}>
              ${this.unseenBelow ? newMessagesBelowLabel(this.unseenBelow) : msg('Jump to newest ↓')}
            </button>`}
      </div>
      ${this.readonly
        ? nothing
        : html`<ocp-composer .draft=${this.draft} .maxUploadBytes=${this.maxUploadBytes} .locale=${this.locale}></ocp-composer>`}
    </section>`;
  }
}

defineOnce('ocp-conversation', ConversationElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-conversation': ConversationElement;
  }
}
