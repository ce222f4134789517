/**
 * The chat list: search, status filter, and rows with infinite scroll and arrow-key navigation.
 * It only renders what it is given and tells the panel what the operator asked for through
 * internal events; it never fetches. A long list renders only the rows in view (see ChatWindow);
 * under the operator's pointer or keyboard focus its order holds still (see held-order.ts).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '../i18n/msg.js';
import { AuthorMessage } from '../core/api/author-message.js';
import type { Chat } from '../core/api/chat-wire.js';
import { defaultStatuses } from '../core/api/chat-enums.js';
import { channelName, chatStatusLabel, relativeTime } from '../i18n/format.js';
import { defineOnce } from '../ui/define.js';
import { LightElement } from '../ui/light-element.js';
import { chatCountLabel, unreadMessagesLabel, updatedChatsLabel } from '../i18n/counts.js';
import { renderAvatar, showLoadedPhotos } from '../ui/avatar.js';
import { ChatWindow } from './chat-window.js';
import { arrangeHeld, type HeldOrder, type HeldRows } from './held-order.js';
import { ClockController } from '../ui/clock-controller.js';
import { renderWaitTime, WaitTimeController } from '../ui/wait-time.js';
import { emptyState, type ListFilter } from '../core/state/store-state.js';
import type { DraftPreview } from '../core/state/selectors.js';
import { renderListFilters, renderNoMatch, sameStatuses, type FilterPatch } from './list-filters.js';
import { FocusKeeper } from '../ui/focus-keeper.js';

const searchDebounceMs = 300;
const allStatuses = [0, 1, 2, 3, 4];

/** Something of the operator's waits in a chat: a draft, or a message that was not sent. */
export type ChatMark = 'draft' | 'failed';

export interface ListSelectDetail {
  chatId: number;
  /** Chosen with Enter or Space: the panel puts focus in the composer. */
  byKeyboard: boolean;
}

/** A row's draft mark: a note draft says so; each file is named, and so is one a reload lost. */
function renderDraftPreview({ text, note, files }: DraftPreview) {
  return html`<span class="chat-item__draft">${note ? msg('Note draft:') : msg('Draft:')}</span>
    ${files.map(({ name: file, lost }) => html`<span class="chat-item__draft-file ${lost ? 'chat-item__draft-file--lost' : ''}">📎 ${lost ? msg(str`${file} (not kept)`) : file}</span>`)}
    ${text}`;
}

export class ChatListElement extends LightElement {
  // The panel sets every input as a property; none is read from an attribute.
  @property({ attribute: false }) chats: readonly Chat[] = [];
  @property({ attribute: false }) activeChatId: number | null = null;
  @property({ attribute: false }) total = 0;
  @property({ attribute: false }) hasMore = false;
  @property({ attribute: false }) loading = false;
  /** Search, statuses and the triage toggles, as the store holds them. */
  @property({ attribute: false }) filter: ListFilter = emptyState.filter;
  /** The token names an operator: the Mine toggle shows. */
  @property({ attribute: false }) mineAvailable = false;
  /** Relative times ("5 min", "Yesterday") follow the clock: it re-renders this element only. */
  readonly #clock = new ClockController(this);
  @property({ attribute: false }) locale = 'en';
  /** Nothing can be asked of the service (the session expired): search and filter wait. */
  @property({ attribute: false }) disabled = false;
  /** Drafts (with their text) and unsent messages by chat. */
  @property({ attribute: false }) drafts: ReadonlyMap<number, DraftPreview> = new Map();
  @property({ attribute: false }) failed: ReadonlySet<number> = new Set();
  /** Minutes after which a waiting customer's wait is marked overdue (`wait-alert`); 0: never. */
  @property({ attribute: false }) waitAlertMinutes = 10;
  @state() private focusedChatId: number | null = null;
  /** The order the rows hold while the operator points at or moves through them; null: live. */
  @state() private held: HeldOrder | null = null;
  #pointerInside = false;
  #keyboardInside = false;
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  #observer: IntersectionObserver | null = null;
  /** The channel of every chat the list has held: the channel select offers them. */
  readonly #channelsSeen = new Set<number>();
  /** The tags with an id of every chat the list has held, by id: the tag menu offers them. */
  readonly #tagsSeen = new Map<number, string>();
  readonly #window = new ChatWindow(this, () => this.querySelector<HTMLElement>('.chat-list__scroll'));

  constructor() {
    super();
    // Waiting times follow the minutes on their own, without a render of the list.
    new WaitTimeController(this, {
      root: () => this,
      alertMinutes: () => this.waitAlertMinutes,
      locale: () => this.locale,
    });
    // A control a render takes away (the updated chats' button) leaves the focus on the list's stop.
    new FocusKeeper(this, () => this.tabStop());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#searchTimer);
    this.#observer?.disconnect();
    this.#observer = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new search or filter starts the list over: nothing left to hold.
    if (changed.has('chats') && this.chats.length === 0) this.held = null;
    if (changed.has('chats'))
      for (const chat of this.chats) {
        this.#channelsSeen.add(chat.source);
        for (const tag of chat.tags) if (tag.id !== null) this.#tagsSeen.set(tag.id, tag.name);
      }
  }

  /** Complete once the rows held back from the list's first frame (ChatWindow) are rendered too. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    const released = this.#window.released();
    if (!released) return complete;
    await released;
    return this.updateComplete;
  }

  /** The rows in the order shown: held under the pointer, else the live order. */
  #rowsShown(): HeldRows {
    return this.held ? arrangeHeld(this.held, this.chats) : { chats: this.chats as Chat[], updated: 0 };
  }

  #hold(): void {
    this.held ??= { ids: this.chats.map((chat) => chat.id) };
  }

  #release(): void {
    if (this.#pointerInside || this.#keyboardInside) return;
    this.held = null;
  }

  readonly #handlePointerEnter = (): void => {
    this.#pointerInside = true;
    this.#hold();
  };

  readonly #handlePointerLeave = (): void => {
    this.#pointerInside = false;
    this.#release();
  };

  readonly #handleFocusIn = (event: FocusEvent): void => {
    // Keyboard focus on a row holds the order; a row focused by a click does not keep it held.
    const row = event.target as HTMLElement;
    if (!row.matches?.('[data-chat-id]:focus-visible')) return;
    this.#keyboardInside = true;
    this.#hold();
  };

  readonly #handleFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    // Still held while the keys go from row to row, or to the control that shows what the hold
    // keeps back: released there, it would go as the focus reached it.
    if (
      next &&
      (this.querySelector('.chat-list__scroll')?.contains(next) || next === this.querySelector('.chat-list__updates'))
    )
      return;
    this.#keyboardInside = false;
    this.#release();
  };

  /** "N updated chats": show them, from the top. */
  #showUpdates(): void {
    this.#pointerInside = false;
    this.#keyboardInside = false;
    this.held = null;
    const scroller = this.querySelector<HTMLElement>('.chat-list__scroll');
    if (scroller) scroller.scrollTop = 0;
  }

  protected override updated(changed: PropertyValues<this>): void {
    showLoadedPhotos(this);
    if (!this.#observer) {
      const scroller = this.querySelector('.chat-list__scroll');
      const sentinel = this.querySelector('.chat-list__sentinel');
      if (scroller && sentinel) {
        this.#observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting) && this.hasMore && !this.loading)
              this.#emit('ocp-list-more', {});
          },
          { root: scroller, rootMargin: '200px' },
        );
        this.#observer.observe(sentinel);
      }
    }
    if ((changed.has('loading') || changed.has('hasMore')) && !this.loading && this.hasMore && this.#observer) {
      // The sentinel may still be in view after a short page, or when more pages become known: ask again.
      this.#observer.unobserve(this.querySelector('.chat-list__sentinel')!);
      this.#observer.observe(this.querySelector('.chat-list__sentinel')!);
    }
  }

  #emit(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  #handleSearchInput(event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => this.#changeFilter({ search: value.trim() }), searchDebounceMs);
  }

  /** Tells the panel what the operator changed of the filter; it answers with the new list. */
  readonly #changeFilter = (patch: FilterPatch): void => this.#emit('ocp-list-filter', patch);

  #handleFilterChange(event: Event): void {
    const value = (event.target as HTMLSelectElement).value;
    const statuses =
      value === 'active'
        ? defaultStatuses.slice()
        : value === 'all'
          ? allStatuses.slice()
          : value === 'custom'
            ? this.filter.statuses.slice()
            : [Number(value)];
    this.#changeFilter({ statuses });
  }

  #select(chatId: number, byKeyboard = false): void {
    this.focusedChatId = chatId;
    const detail: ListSelectDetail = { chatId, byKeyboard };
    this.#emit('ocp-list-select', detail);
  }

  #handleListKeydown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return; // Alt+arrows belong to the panel: previous/next chat
    const ids = this.#rowsShown().chats.map((chat) => chat.id);
    if (ids.length === 0) return;
    const current = ids.indexOf(this.focusedChatId ?? this.activeChatId ?? -1);
    const page = this.#window.pageRows();
    let next = current;
    if (event.key === 'ArrowDown') next = Math.min(ids.length - 1, current + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (event.key === 'PageDown') next = Math.min(ids.length - 1, Math.max(0, current) + page);
    else if (event.key === 'PageUp') next = Math.max(0, current - page);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ids.length - 1;
    else if (event.key === 'Enter' || event.key === ' ') {
      if (current >= 0) this.#select(ids[current], true);
      event.preventDefault();
      return;
    } else return;
    event.preventDefault();
    void this.#focusRow(ids, next);
  }

  /** The list's one Tab stop: the focused chat's row, else (that row not rendered) the list itself. */
  tabStop(): HTMLElement | null {
    return (
      this.querySelector<HTMLElement>('.chat-list__scroll [tabindex="0"]') ??
      this.querySelector<HTMLElement>('.chat-list__scroll')
    );
  }

  /** Puts the focus on a chat's row, rendered and scrolled into view (back from its conversation). */
  async focusChat(chatId: number): Promise<void> {
    const ids = this.#rowsShown().chats.map((chat) => chat.id);
    const index = ids.indexOf(chatId);
    if (index >= 0) await this.#focusRow(ids, index);
  }

  async #focusRow(ids: readonly number[], index: number): Promise<void> {
    this.focusedChatId = ids[index];
    this.#window.reveal(index);
    await this.updateComplete;
    const row = this.querySelector<HTMLElement>(`[data-chat-id="${ids[index]}"]`);
    row?.focus();
    row?.scrollIntoView({ block: 'nearest' });
  }

  #filterValue(): string {
    const { statuses } = this.filter;
    if (sameStatuses(statuses, defaultStatuses)) return 'active';
    if (sameStatuses(statuses, allStatuses)) return 'all';
    if (statuses.length === 1) return String(statuses[0]);
    return 'custom';
  }

  /** `index` in the whole list: a long list renders only some rows, so each says where it sits. */
  #renderRow(chat: Chat, index: number, firstId: number | undefined) {
    const active = chat.id === this.activeChatId;
    const focusable = chat.id === (this.focusedChatId ?? this.activeChatId ?? firstId);
    const parts = ['chat-item', active ? 'chat-item--active' : '', chat.unread > 0 ? 'chat-item--unread' : '']
      .filter(Boolean)
      .join(' ');
    const name = chat.name || msg(str`Chat ${chat.id}`);
    const fromOperator = chat.lastAuthor === AuthorMessage.Operator && !chat.lastIsNote;
    const last = chat.lastText || (chat.lastIsMedia ? msg('Attachment') : '');
    // The open chat's draft is in its composer, in front of the operator.
    const draft = active ? undefined : this.drafts.get(chat.id);
    // Keys are handled once on the listbox (roving active option), not on every row.
    // eslint-disable-next-line lit-a11y/click-events-have-key-events
    return html`<div
      class="chat-item"
      part=${parts}
      role="option"
      id=${`chat-${chat.id}`}
      data-chat-id=${chat.id}
      data-status=${chat.status}
      aria-selected=${active ? 'true' : 'false'}
      aria-posinset=${index + 1}
      aria-setsize=${Math.max(this.total, this.chats.length)}
      tabindex=${focusable ? 0 : -1}
      @click=${() => this.#select(chat.id)}
      @focus=${() => (this.focusedChatId = chat.id)}
    >
      ${renderAvatar(name, chat.photo)}
      <span class="chat-item__main">
        <span class="chat-item__top">
          <span class="chat-item__name">${name}</span>
          ${chat.starred ? html`<span class="chat-item__star" title=${msg('Starred')} aria-label=${msg('Starred')}>★</span>` : nothing}
          <time class="chat-item__time" datetime=${chat.lastTime ? new Date(chat.lastTime).toISOString() : nothing}>${relativeTime(chat.lastTime, this.#clock.now, this.locale)}</time>
        </span>
        <span class="chat-item__last">${
          draft !== undefined
            ? renderDraftPreview(draft)
            : html`${
                chat.lastIsNote
                  ? html`<span class="chat-item__note">${msg('Note:')}</span> `
                  : fromOperator
                    ? html`<span class="chat-item__you">${msg('You:')}</span> `
                    : nothing
              }${last}`
        }</span>
        <span class="chat-item__meta">
          <span class="chat-item__channel">${channelName(chat.source)}${chat.accountName ? ` · ${chat.accountName}` : ''}</span>
          ${renderWaitTime(chat)}
          ${this.failed.has(chat.id) ? html`<span class="chat-item__failed" title=${msg('A message was not sent')}>${msg('Not sent')}</span>` : nothing}
          <span class="chat-item__status" data-status=${chat.status}>${chatStatusLabel(chat.status)}</span>
          ${
            chat.unread > 0
              ? html`<span class="chat-item__badge" part="chat-item-badge" aria-label=${unreadMessagesLabel(chat.unread)}>${chat.unread > 99 ? '99+' : chat.unread}</span>`
              : nothing
          }
        </span>
      </span>
    </div>`;
  }

  protected override render() {
    const filter = this.#filterValue();
    const { chats, updated } = this.#rowsShown();
    const range = this.#window.range(chats.length);
    const focusId = this.focusedChatId ?? this.activeChatId ?? chats[0]?.id;
    // Until the first page of a new search or filter is in, there is no count to say.
    const waiting = this.loading && chats.length === 0;
    // The focused chat's row is the list's one Tab stop; the list itself only when that row is not
    // rendered (scrolled away, no rows). Not a stop beside the row in Firefox, which makes a scroller one.
    const listTabIndex = this.#window.shows(chats.findIndex((chat) => chat.id === focusId)) ? -1 : 0;
    return html`<div class="chat-list" part="chat-list">
      <div class="chat-list__tools">
        <input
          part="search-input"
          class="chat-list__search"
          type="search"
          .value=${this.filter.search}
          placeholder=${msg('Search chats')}
          aria-label=${msg('Search chats')}
          ?disabled=${this.disabled}
          @input=${this.#handleSearchInput}
        />
        <select part="status-filter" class="chat-list__filter" aria-label=${msg('Chat status filter')} .value=${filter} ?disabled=${this.disabled} @change=${this.#handleFilterChange}>
          <option value="active" ?selected=${filter === 'active'}>${msg('Active chats')}</option>
          <option value="all" ?selected=${filter === 'all'}>${msg('All chats')}</option>
          ${allStatuses.map((code) => html`<option value=${code} ?selected=${filter === String(code)}>${chatStatusLabel(code)}</option>`)}
          ${filter === 'custom' ? html`<option value="custom" selected>${this.filter.statuses.map(chatStatusLabel).join(', ')}</option>` : nothing}
        </select>
      </div>
      ${renderListFilters(this.filter, {
        mineAvailable: this.mineAvailable,
        channelsSeen: this.#channelsSeen,
        tagsSeen: this.#tagsSeen,
        locale: this.locale,
        disabled: this.disabled,
        change: this.#changeFilter,
      })}
      <div class="chat-list__count"><span aria-live="polite">${waiting ? msg('Loading…') : chatCountLabel(this.total)}</span>${
        // On the line of the count, above the rows: it covers none of them, and showing it moves none.
        updated > 0
          ? html`<button type="button" class="chat-list__updates" part="chat-list-updates" @click=${() => this.#showUpdates()}
              @focusout=${this.#handleFocusOut}>${updatedChatsLabel(updated)}</button>`
          : nothing
      }</div>
      <div class="chat-list__scroll" role=${chats.length > 0 ? 'listbox' : nothing} aria-label=${chats.length > 0 ? msg('Chats') : nothing}
        aria-busy=${this.loading ? 'true' : 'false'}
        tabindex=${listTabIndex}
        @keydown=${this.#handleListKeydown} @scroll=${this.#window.handleScroll}
        @pointerenter=${this.#handlePointerEnter} @pointerleave=${this.#handlePointerLeave}
        @focusin=${this.#handleFocusIn} @focusout=${this.#handleFocusOut}>
        <div class="chat-list__spacer" aria-hidden="true"></div>
        ${
          // Keyed by chat: a row element is always the same chat's, so its photo, its focus and
          // the browser's scroll anchoring stay with that chat when rows move or join above.
          repeat(
            chats.slice(range.start, range.end),
            (chat) => chat.id,
            (chat, index) => this.#renderRow(chat, range.start + index, chats[0]?.id),
          )
        }
        <div class="chat-list__spacer" aria-hidden="true"></div>
        ${chats.length === 0 && !this.loading ? renderNoMatch(this.filter, defaultStatuses, () => this.#emit('ocp-list-clear-filters', {})) : nothing}
        <div class="chat-list__sentinel" aria-hidden="true"></div>
        ${this.loading && !waiting ? html`<p class="chat-list__loading" aria-hidden="true">${msg('Loading…')}</p>` : nothing}
      </div>
    </div>`;
  }
}

defineOnce('ocp-chat-list', ChatListElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-chat-list': ChatListElement;
  }
}
