/**
 * The list filters' tag control (part `tag-filter`): a menu button whose menu holds a checkable
 * item per tag offered, several chosen at once. Keys as the menu-button pattern has them: ArrowDown
 * or ArrowUp on the button opens the menu on its first or last item; in the menu the arrows, Home
 * and End move, Space and Enter check or uncheck (the menu stays open), a letter goes to a tag
 * starting with it, Escape closes the menu only (marked handled: the panel does not also go back
 * or close) and Tab leaves it; focus comes back to the button. It tells the list the tags chosen
 * through `change`; the list asks the service again, and the menu stays open over the new list.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '../i18n/msg.js';
import type { FilterTag } from '../core/state/store-state.js';
import { defineOnce } from '../ui/define.js';
import { LightElement } from '../ui/light-element.js';
import { isCompositionKey } from '../ui/composing.js';

/** The chosen tags by name, as the button and "No chats match these filters" say them. */
export function chosenTagsLabel(tags: readonly FilterTag[]): string {
  const names = tags.map((tag) => tag.name).join(', ');
  return msg(str`Tags: ${names}`);
}

const menuId = 'ocp-tag-filter-menu';
/** Space kept between the menu and the edges of the list it lies over. */
const edge = 8;

export class TagFilterElement extends LightElement {
  /** The tags to offer, in the order shown. */
  @property({ attribute: false }) offered: readonly FilterTag[] = [];
  /** The tags chosen, in the order chosen. */
  @property({ attribute: false }) chosen: readonly FilterTag[] = [];
  @property({ attribute: false }) disabled = false;
  /** Called with the tags chosen after a check or an uncheck. */
  @property({ attribute: false }) change: (tags: FilterTag[]) => void = () => undefined;
  @state() private open = false;
  /**
   * The tags as the operator last chose them, until `chosen` says so: a second check before the
   * list has rendered the first must add to it, not replace it.
   */
  #choosing: readonly FilterTag[] | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listenOutside(false);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('chosen')) this.#choosing = null;
    if (changed.has('disabled') && this.disabled) this.#close(false);
  }

  #chosenNow(): readonly FilterTag[] {
    return this.#choosing ?? this.chosen;
  }

  protected override updated(): void {
    if (this.open) this.#place();
  }

  #button(): HTMLButtonElement | null {
    return this.querySelector<HTMLButtonElement>('.tag-filter__button');
  }

  #items(): HTMLElement[] {
    return Array.from(this.querySelectorAll<HTMLElement>('.tag-filter__item'));
  }

  /** Opens the menu with the focus on an item: the first chosen one, or the first (or last) of all. */
  async #openAt(where: 'first' | 'last' | 'chosen'): Promise<void> {
    this.open = true;
    this.#listenOutside(true);
    await this.updateComplete;
    const items = this.#items();
    const chosen = items.find((item) => item.getAttribute('aria-checked') === 'true');
    (where === 'last' ? items.at(-1) : where === 'chosen' ? (chosen ?? items[0]) : items[0])?.focus();
  }

  /** Closes the menu; `refocus` puts the focus back on the button (Escape, a second click, Tab). */
  #close(refocus: boolean): void {
    if (!this.open) return;
    this.open = false;
    this.#listenOutside(false);
    if (refocus) this.#button()?.focus();
  }

  #listenOutside(on: boolean): void {
    if (on) document.addEventListener('pointerdown', this.#handleOutsidePointer, true);
    else document.removeEventListener('pointerdown', this.#handleOutsidePointer, true);
  }

  /** A press anywhere else closes the menu (the focus goes where the press puts it). */
  readonly #handleOutsidePointer = (event: PointerEvent): void => {
    if (!event.composedPath().includes(this)) this.#close(false);
  };

  readonly #handleFocusOut = (event: FocusEvent): void => {
    // Focus gone elsewhere (Tab, a click on another control); none at all is the pointer's to judge.
    const next = event.relatedTarget as Node | null;
    if (next && !this.contains(next)) this.#close(false);
  };

  #toggle(tag: FilterTag): void {
    const chosen = this.#chosenNow();
    const on = chosen.some((known) => known.id === tag.id);
    this.#choosing = on ? chosen.filter((known) => known.id !== tag.id) : [...chosen, tag];
    this.requestUpdate();
    this.change([...this.#choosing]);
  }

  readonly #handleButtonKeydown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || this.disabled) return;
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    void this.#openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  readonly #handleKeydown = (event: KeyboardEvent): void => {
    if (!this.open || event.defaultPrevented || isCompositionKey(event)) return;
    if (event.key === 'Escape') {
      // The menu's Escape only: not also the panel's "back to the list" or the popup's close.
      event.preventDefault();
      event.stopPropagation();
      this.#close(true);
    } else if (event.key === 'Tab') {
      // The focus leaves from the button, so Tab goes on from where the menu opened.
      this.#close(true);
    }
  };

  readonly #handleMenuKeydown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || isCompositionKey(event)) return;
    const items = this.#items();
    const current = items.indexOf(event.target as HTMLElement);
    let next = -1;
    if (event.key === 'ArrowDown') next = (current + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (current - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (current >= 0) this.#toggle(this.offered[current]);
      return;
    } else if (event.key.length === 1 && event.key.trim()) next = this.#startingWith(event.key, current);
    if (next < 0) return;
    event.preventDefault();
    items[next]?.focus();
  };

  /** The next tag after `current` whose name starts with `letter`, round the end; -1: none. */
  #startingWith(letter: string, current: number): number {
    const wanted = letter.toLocaleLowerCase();
    for (let step = 1; step <= this.offered.length; step++) {
      const index = (current + step) % this.offered.length;
      if (this.offered[index].name.toLocaleLowerCase().startsWith(wanted)) return index;
    }
    return -1;
  }

  /**
   * Keeps the open menu inside the list it lies over: as wide as the list allows, moved back from
   * its right edge, and no taller than the room below the button.
   */
  #place(): void {
    const menu = this.querySelector<HTMLElement>('.tag-filter__menu');
    const list = this.closest('.chat-list');
    if (!menu || !list) return;
    const room = list.getBoundingClientRect();
    const own = this.getBoundingClientRect();
    menu.style.maxWidth = `${Math.max(0, room.width - 2 * edge)}px`;
    menu.style.maxHeight = `${Math.max(0, room.bottom - own.bottom - edge)}px`;
    menu.style.left = '0px';
    const box = menu.getBoundingClientRect();
    const shift = Math.min(box.right - (room.right - edge), box.left - (room.left + edge));
    if (shift > 0) menu.style.left = `${-shift}px`;
  }

  protected override render() {
    const chosenNow = this.#chosenNow();
    const chosen = chosenNow.length > 0;
    const label = chosen ? chosenTagsLabel(chosenNow) : msg('Tags');
    return html`<span class="tag-filter" @keydown=${this.#handleKeydown} @focusout=${this.#handleFocusOut}>
      <button
        type="button"
        class="chat-list__toggle tag-filter__button"
        part="tag-filter"
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls=${this.open ? menuId : nothing}
        ?data-chosen=${chosen}
        title=${chosen ? label : nothing}
        ?disabled=${this.disabled}
        @click=${() => (this.open ? this.#close(true) : void this.#openAt('chosen'))}
        @keydown=${this.#handleButtonKeydown}
      >
        <span class="tag-filter__label">${label}</span><span class="tag-filter__arrow" aria-hidden="true"></span>
      </button>
      ${
        this.open
          ? html`<div class="tag-filter__menu" id=${menuId} role="menu" aria-label=${msg('Filter by tag')} @keydown=${this.#handleMenuKeydown}>
              ${repeat(
                this.offered,
                (tag) => tag.id,
                (tag) => {
                  const checked = chosenNow.some((known) => known.id === tag.id);
                  // Keys are handled once on the menu, not on every item.
                  // eslint-disable-next-line lit-a11y/click-events-have-key-events
                  return html`<div class="tag-filter__item" role="menuitemcheckbox" tabindex="-1" data-tag-id=${tag.id}
                    aria-checked=${checked ? 'true' : 'false'} @click=${() => this.#toggle(tag)}>
                    <span class="tag-filter__check" aria-hidden="true"></span><span class="tag-filter__name">${tag.name}</span>
                  </div>`;
                },
              )}
            </div>`
          : nothing
      }
    </span>`;
  }
}

defineOnce('ocp-tag-filter', TagFilterElement);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-tag-filter': TagFilterElement;
  }
}
