/**
 * The customer beside the open chat (contract §4 "Customer details"): who they are and what the
 * chat's record holds about them, and their other chats, each of which opens on a click. A side
 * pane when the conversation is wide, a sheet over it when narrow (customer-details.styles.ts).
 * Its code is a chunk of its own; it brings its styles into the panel's shadow root.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg } from '../../i18n/msg.js';
import type { Chat } from '../../core/api/chat-wire.js';
import { channelName, chatStatusLabel, fullDateTime, relativeTime } from '../../i18n/format.js';
import { defineOnce } from '../../ui/define.js';
import { LightElement } from '../../ui/light-element.js';
import { renderAvatar, showLoadedPhotos } from '../../ui/avatar.js';
import { closeIcon } from '../../ui/icons.js';
import { adoptStyles } from '../../ui/styles/adopt-styles.js';
import { customerDetailsStyles } from './customer-details.styles.js';
import { customerKey, readCustomerDetails } from './customer-record.js';
import { CustomerChatsController, type LoadCustomerChats } from './customer-chats.js';

/** "German (de)" for a language tag the browser knows; the record's text as it is otherwise. */
function languageName(lang: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(lang);
    return name && name.toLowerCase() !== lang.toLowerCase() ? `${name} (${lang})` : lang;
  } catch {
    return lang;
  }
}

export class CustomerDetailsElement extends LightElement {
  @property({ attribute: false }) chat: Chat | null = null;
  /** Asks the service for the customer's chats; null while there is no API client. */
  @property({ attribute: false }) loadChats: LoadCustomerChats | null = null;
  @property({ attribute: false }) locale = 'en';
  @state() private copied = false;
  #copiedTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #otherChats = new CustomerChatsController(this);

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), [customerDetailsStyles]);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#copiedTimer);
  }

  protected override willUpdate(): void {
    if (this.chat) this.#otherChats.ask(customerKey(this.chat), this.chat.id, this.loadChats);
  }

  #emit(type: string, detail: object = {}): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  async #copyPhone(phone: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(phone);
    } catch {
      return; // No clipboard here (an insecure page, a denied permission): the number stays selectable.
    }
    this.copied = true;
    clearTimeout(this.#copiedTimer);
    this.#copiedTimer = setTimeout(() => (this.copied = false), 2000);
  }

  #field(label: string, value: TemplateResult | string | null, name: string) {
    return value === null ? nothing : html`<dt>${label}</dt><dd data-field=${name}>${value}</dd>`;
  }

  #renderOtherChats() {
    const state = this.#otherChats.state;
    switch (state.kind) {
      case 'idle': // no customer to ask about
        return html`<p class="customer-details__quiet">${msg('No other chats.')}</p>`;
      case 'loading':
        return html`<p class="customer-details__quiet" role="status">${msg('Loading…')}</p>`;
      case 'failed':
        return html`<p class="customer-details__quiet" role="status" data-state="failed">
          ${msg('Their other chats could not be loaded.')}
          <button type="button" class="customer-details__retry" @click=${() => this.chat && this.#otherChats.ask(customerKey(this.chat), this.chat.id, this.loadChats, true)}>${msg('Retry')}</button>
        </p>`;
      case 'loaded':
        if (state.chats.length === 0) return html`<p class="customer-details__quiet">${msg('No other chats.')}</p>`;
        return html`<ul class="customer-details__chats">${repeat(
          state.chats,
          (chat) => chat.id,
          (
            chat,
          ) => html`<li><button type="button" class="customer-chat" part="customer-chat" data-chat-id=${chat.id} data-status=${chat.status}
            @click=${() => this.#emit('ocp-details-open', { chat })}>
            <span class="customer-chat__top">
              <span class="customer-chat__status" data-status=${chat.status}>${chatStatusLabel(chat.status)}</span>
              <span class="customer-chat__channel">${channelName(chat.source)}</span>
              <time datetime=${chat.lastTime ? new Date(chat.lastTime).toISOString() : nothing}>${relativeTime(chat.lastTime, Date.now(), this.locale)}</time>
            </span>
            <span class="customer-chat__last">${chat.lastText || (chat.lastIsMedia ? msg('Attachment') : '')}</span>
          </button></li>`,
        )}</ul>`;
    }
  }

  protected override updated(): void {
    showLoadedPhotos(this);
  }

  protected override render() {
    if (!this.chat) return nothing;
    const details = readCustomerDetails(this.chat);
    const name = details.name || msg('Customer');
    const phone = details.phone;
    return html`<section class="customer-details" aria-labelledby="ocp-customer-details-title">
      <header class="customer-details__header">
        <h2 class="customer-details__title" id="ocp-customer-details-title">${msg('Customer details')}</h2>
        <button type="button" class="customer-details__close" aria-label=${msg('Close customer details')} @click=${() => this.#emit('ocp-details-toggle')}>${closeIcon}</button>
      </header>
      <div class="customer-details__scroll">
        <div class="customer-details__who">
          ${renderAvatar(name, details.photo, 'customer-details__avatar')}
          <span class="customer-details__names">
            <span class="customer-details__name" data-field="name">${name}</span>
            ${details.handle ? html`<span class="customer-details__handle" data-field="handle">@${details.handle}</span>` : nothing}
          </span>
        </div>
        ${
          details.blocked || details.stopListed
            ? html`<p class="customer-details__flags">
              ${details.blocked ? html`<span class="customer-details__flag" data-field="blocked">${msg('Blocked')}</span>` : nothing}
              ${details.stopListed ? html`<span class="customer-details__flag" data-field="stop-list">${msg('In the stop list')}</span>` : nothing}
            </p>`
            : nothing
        }
        <dl class="customer-details__fields">
          ${this.#field(msg('Channel'), channelName(details.source), 'channel')}
          ${this.#field(msg('Business account'), details.account, 'account')}
          ${this.#field(
            msg('Phone'),
            phone
              ? html`<span class="customer-details__phone">${phone}</span>
                <button type="button" class="customer-details__copy" title=${msg('Copy phone number')} @click=${() => this.#copyPhone(phone)}>${this.copied ? msg('Copied') : msg('Copy')}</button>`
              : null,
            'phone',
          )}
          ${this.#field(
            msg('Tags'),
            details.tags.length
              ? html`<span class="customer-details__tags">${details.tags.map((tag) => html`<span class="customer-details__tag">${tag}</span>`)}</span>`
              : null,
            'tags',
          )}
          ${this.#field(
            msg('Rating'),
            details.rate || details.rateComment
              ? html`${details.rate ? html`<span class="customer-details__rate">★ ${details.rate}</span>` : nothing}
                ${details.rateComment ? html`<q class="customer-details__comment">${details.rateComment}</q>` : nothing}`
              : null,
            'rating',
          )}
          ${this.#field(msg('Language'), details.lang ? languageName(details.lang, this.locale) : null, 'lang')}
          ${this.#field(
            msg('First contact'),
            details.createdAt
              ? html`<time datetime=${new Date(details.createdAt).toISOString()}>${fullDateTime(details.createdAt, this.locale)}</time>`
              : null,
            'created',
          )}
        </dl>
        <h3 class="customer-details__subtitle">${msg('Other chats')}</h3>
        ${this.#renderOtherChats()}
      </div>
    </section>`;
  }
}

defineOnce('ocp-customer-details', CustomerDetailsElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-customer-details': CustomerDetailsElement;
  }
}
