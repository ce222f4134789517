/**
 * The quick-reply menu over the composer (parts `quick-replies`, `quick-reply`): a listbox whose
 * options the text field points at with `aria-activedescendant`, so the focus never leaves the
 * text. It shows each reply filled in as it would go into the composer. It fits in the room
 * between the composer and the top of the message list, so the panel never clips it.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { msg, str } from '../../i18n/msg.js';
import { defineOnce } from '../../ui/define.js';
import { LightElement } from '../../ui/light-element.js';
import type { QuickReply } from '../../quick-reply.js';
import { adoptStyles } from '../../ui/styles/adopt-styles.js';
import { fillQuickReply, type QuickReplyValues } from './quick-reply-list.js';
import { quickRepliesStyles } from './quick-replies.styles.js';

import { quickRepliesId, quickReplyId } from './quick-reply-ids.js';

export interface QuickReplyPickDetail {
  index: number;
}

const noValues: QuickReplyValues = { name: '', operator: '' };

export class QuickRepliesElement extends LightElement {
  @property({ attribute: false }) items: readonly QuickReply[] = [];
  @property({ type: Number }) active = 0;
  /** What follows the slash: named when nothing matches it. */
  @property() query = '';
  @property({ attribute: false }) values: QuickReplyValues = noValues;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), [quickRepliesStyles]);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const list = this.querySelector<HTMLElement>('.quick-replies');
    if (!list) return;
    // The room above the composer, down from the top of the message list.
    const ceiling = this.closest('ocp-conversation')?.querySelector('[part~="message-list"]');
    const floor = this.parentElement?.getBoundingClientRect().top;
    if (ceiling && floor !== undefined)
      list.style.setProperty(
        '--_ocp-quick-replies-room',
        `${Math.max(96, floor - ceiling.getBoundingClientRect().top - 8)}px`,
      );
    if (changed.has('active') || changed.has('items')) this.#keepActiveInView(list);
  }

  /** Scrolls the menu alone (scrollIntoView would move the page and the message list too). */
  #keepActiveInView(list: HTMLElement): void {
    const item = list.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }

  #pick(event: Event): void {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (!option) return;
    const detail: QuickReplyPickDetail = { index: Number(option.dataset.index) };
    this.dispatchEvent(new CustomEvent('ocp-quick-reply-pick', { detail }));
  }

  protected override render() {
    if (this.items.length === 0)
      return html`<div class="quick-replies" part="quick-replies">
        <p class="quick-replies__empty" role="status">${msg(str`No quick reply matches “/${this.query}”. Escape closes this list; then Enter sends the text as written.`)}</p>
      </div>`;
    // Options are chosen by keyboard from the text field (aria-activedescendant), by pointer
    // here; mousedown is stopped so that a click leaves the focus in the text field.
    // eslint-disable-next-line lit-a11y/click-events-have-key-events
    return html`<div class="quick-replies" part="quick-replies" id=${quickRepliesId} role="listbox" aria-label=${msg('Quick replies')}
      @mousedown=${(event: Event) => event.preventDefault()} @click=${this.#pick}>
      ${this.items.map((reply, index) => this.#renderItem(reply, index))}
    </div>`;
  }

  #renderItem(reply: QuickReply, index: number) {
    const active = index === this.active;
    return html`<div class="quick-replies__item" id=${quickReplyId(index)} role="option" data-index=${index}
      part=${active ? 'quick-reply quick-reply--active' : 'quick-reply'} aria-selected=${active ? 'true' : 'false'}>
      <span class="quick-replies__shortcut">/${reply.shortcut}</span>
      ${reply.title ? html`<span class="quick-replies__title">${reply.title}</span>` : nothing}
      <span class="quick-replies__text">${fillQuickReply(reply.text, this.values)}</span>
    </div>`;
  }
}

defineOnce('ocp-quick-replies', QuickRepliesElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-quick-replies': QuickRepliesElement;
  }
}
