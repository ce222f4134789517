/**
 * The composer's quick-reply menu: opened by a `/` at the start of the text (filtered by what
 * follows it) or by the quick-reply button (every reply, put in at the caret). ArrowUp and
 * ArrowDown move, Enter and Tab choose, Escape closes. Choosing only changes the draft: the
 * operator reads and edits the text, and sends it themselves. While the menu is open Enter never
 * sends, so "/gerrt" mistyped is not sent to a customer by a reflex.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QuickReply } from '../../quick-reply.js';
import { isCompositionKey } from '../../ui/composing.js';
import {
  fillQuickReply,
  insertReply,
  matchQuickReplies,
  slashQuery,
  type QuickReplyValues,
} from './quick-reply-list.js';

export interface QuickReplyHost extends ReactiveControllerHost {
  readonly quickReplies: readonly QuickReply[];
  readonly quickReplyValues: QuickReplyValues;
  /** The composer's text field, once rendered. */
  textField(): HTMLTextAreaElement | null;
  /** Puts the new text into the chat's draft, with the caret at `caret`. */
  replaceText(text: string, caret: number): void;
}

/** What the menu shows while it is open. */
export interface QuickReplyMenu {
  items: readonly QuickReply[];
  /** Index of the item Enter and Tab choose; -1 when nothing matches. */
  active: number;
  /** What follows the slash ('' from the button). */
  query: string;
}

type Opened = { from: 'slash'; query: string } | { from: 'button'; start: number; end: number };

export class QuickReplyController implements ReactiveController {
  #opened: Opened | null = null;
  #active = 0;
  /** Escape closed the menu over this slash: it stays closed until the text stops starting with one. */
  #dismissed = false;
  #matched: { replies: readonly QuickReply[]; query: string; items: readonly QuickReply[] } | null = null;

  readonly #host: QuickReplyHost;

  constructor(host: QuickReplyHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.reset();
  }

  /** Another chat, or the composer went away: nothing of the menu stays. */
  reset(): void {
    this.#opened = null;
    this.#dismissed = false;
    this.#active = 0;
  }

  /** The menu's content, or null while it is closed. */
  menu(): QuickReplyMenu | null {
    if (!this.#opened || this.#host.quickReplies.length === 0) return null;
    const query = this.#opened.from === 'slash' ? this.#opened.query : '';
    const items = this.#matches(query);
    // Nothing matches and the query has a space: a sentence that starts with a slash, not a search.
    if (items.length === 0 && /\s/.test(query)) return null;
    return { items, active: items.length ? Math.min(this.#active, items.length - 1) : -1, query };
  }

  /** After each edit of the text: a leading slash opens the menu, filtered by what follows it. */
  handleInput(): void {
    const field = this.#host.textField();
    if (!field || this.#host.quickReplies.length === 0) return;
    const query = slashQuery(field.value, field.selectionStart ?? field.value.length);
    if (query === null) {
      this.#dismissed = false;
      this.#update(null);
    } else if (!this.#dismissed && (this.#opened?.from !== 'slash' || this.#opened.query !== query)) {
      this.#active = 0;
      this.#update({ from: 'slash', query });
    }
  }

  /** The quick-reply button: opens the menu (or closes it) and keeps the focus in the text. */
  toggle(): void {
    const field = this.#host.textField();
    if (!field) return;
    if (this.menu()) {
      this.#update(null);
    } else {
      const query = slashQuery(field.value, field.selectionStart ?? 0);
      this.#dismissed = false;
      this.#active = 0;
      this.#update(
        query === null
          ? { from: 'button', start: field.selectionStart ?? 0, end: field.selectionEnd ?? 0 }
          : { from: 'slash', query },
      );
    }
    field.focus();
  }

  /** The text field lost the focus (clicks in the menu keep it there). */
  handleBlur(): void {
    this.#update(null);
  }

  /** The menu's keys, while it is open; answers whether the key was one of them. */
  handleKeydown(event: KeyboardEvent): boolean {
    const menu = this.menu();
    if (!menu || isCompositionKey(event) || event.altKey || event.ctrlKey || event.metaKey) return false;
    const count = menu.items.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (count) this.#active = (menu.active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
        this.#host.requestUpdate();
        return true;
      case 'Enter':
        if (event.shiftKey) return false;
        event.preventDefault(); // never sends while the menu is open
        if (count) this.choose(menu.active);
        return true;
      case 'Tab':
        if (event.shiftKey || !count) return false;
        event.preventDefault();
        this.choose(menu.active);
        return true;
      case 'Escape':
        // The menu's Escape only, marked handled: not also the reply's, nor the panel's "back to the list".
        event.preventDefault();
        if (this.#opened?.from === 'slash') this.#dismissed = true;
        this.#update(null);
        return true;
      default:
        return false;
    }
  }

  /** Puts the reply into the text for editing, in place of the `/query` (or at the caret). */
  choose(index: number): void {
    const reply = this.menu()?.items[index];
    const field = this.#host.textField();
    if (!reply || !field || !this.#opened) return;
    const [start, end] =
      this.#opened.from === 'slash' ? [0, 1 + this.#opened.query.length] : [this.#opened.start, this.#opened.end];
    const next = insertReply(field.value, start, end, fillQuickReply(reply.text, this.#host.quickReplyValues));
    this.#update(null);
    this.#host.replaceText(next.text, next.caret);
  }

  #update(opened: Opened | null): void {
    if (opened === null && this.#opened === null) return;
    this.#opened = opened;
    this.#host.requestUpdate();
  }

  /** The matches of a query, the same array while the replies and the query are the same. */
  #matches(query: string): readonly QuickReply[] {
    const replies = this.#host.quickReplies;
    if (this.#matched?.replies !== replies || this.#matched.query !== query)
      this.#matched = { replies, query, items: matchQuickReplies(replies, query) };
    return this.#matched.items;
  }
}
