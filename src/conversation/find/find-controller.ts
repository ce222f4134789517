/**
 * Find in the chat (contract §4): the find bar's state and moves. It searches every message of
 * the open chat the panel holds (message-matches.ts), never the service. As the operator types,
 * the nearest match at or above the place they read at (the newest when they follow the newest
 * message) comes into view with its phrase marked; Enter and Shift+Enter (and the bar's buttons)
 * go to the older and the newer match, wrapping round with a word that they did. Closing the bar
 * brings back the place the operator was at, and the focus where it was.
 *
 * The matches are brought into view by the place-keeping itself (MessagePlaceController): the
 * window renders around a match far above, and the place is held there as if the operator had
 * scrolled to it, so nothing arriving, loading or resizing moves it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../../core/api/message-wire.js';
import type { MessagePlaceController, SavedPlace } from '../message-place.js';
import { messageRowKey } from '../message-rows.js';
import { afterNextPaint } from '../../ui/after-next-paint.js';
import { FindMatches, MessageSearch, fields, type FindMatch } from './message-matches.js';
import type { MessageHits } from './search-marks.js';

/** Where a move wrapped round to: said in the bar. */
export type Wrapped = 'newest' | 'oldest' | null;

export interface FindOptions {
  messages(): readonly Message[];
  /** The panel's language: the collator's. */
  language(): string;
  /** The conversation's elements: the bar's input, the current mark, what had the focus. */
  root(): HTMLElement;
  /** The message list, where the focus goes back when what had it is gone. */
  scroller(): HTMLElement | null;
}

type Host = ReactiveControllerHost & HTMLElement;

export class FindController implements ReactiveController {
  open = false;
  query = '';
  /** Every match, oldest first. */
  matches: FindMatches = FindMatches.none;
  /** Index in `matches` of the one shown, or -1. */
  current = -1;
  wrapped: Wrapped = null;
  readonly #search = new MessageSearch();
  /** What the operator had before the bar opened, to come back to. */
  #placeBefore: SavedPlace | null = null;
  #focusBefore: HTMLElement | null = null;
  /** Counts the moves: a reveal whose render finished after a newer move gives way to it. */
  #move = 0;

  readonly #host: Host;
  readonly #place: MessagePlaceController;
  readonly #options: FindOptions;

  constructor(host: Host, place: MessagePlaceController, options: FindOptions) {
    this.#host = host;
    this.#place = place;
    this.#options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#reset();
  }

  /** Another chat opened: the bar closes, the new chat's place is its own. */
  chatChanged(): void {
    this.#reset();
  }

  /** The header's control: opens the bar, or closes it when it is open. */
  toggle(): void {
    if (!this.close()) this.openBar();
  }

  /** Ctrl+F or the header's control: opens the bar (or goes back to it), its input focused and selected. */
  openBar(): void {
    if (!this.open) {
      this.open = true;
      this.#placeBefore = this.#place.savePlace();
      this.#focusBefore = this.#focused();
      this.#host.requestUpdate();
    }
    void this.#host.updateComplete.then(() => {
      const input = this.#input();
      input?.focus();
      input?.select();
      // The messages are folded for searching once the bar shows, before the first key comes.
      void afterNextPaint().then(() => {
        if (this.open) this.#search.prepare(this.#options.messages(), this.#options.language());
      });
    });
  }

  /** Escape or the close button: answers whether the bar was open. The place and the focus come back. */
  close(): boolean {
    if (!this.open) return false;
    const place = this.#placeBefore;
    const focus = this.#focusBefore;
    // The focus in the bar (its input, its close button) would fall to the page with it.
    const hadFocus = this.#focused()?.closest('.find-bar') != null;
    this.#reset();
    if (place) this.#place.returnTo(place);
    this.#host.requestUpdate();
    if (hadFocus)
      void this.#host.updateComplete.then(() => {
        const target = focus?.isConnected ? focus : this.#options.scroller();
        target?.focus({ preventScroll: true });
      });
    return true;
  }

  /** The operator typed: the nearest match at or above where they were comes into view. */
  setQuery(query: string): void {
    this.query = query;
    this.wrapped = null;
    this.#research();
  }

  /** Enter, Shift+Enter and the buttons: the older or the newer match, round past the end. */
  step(direction: 'older' | 'newer'): void {
    const count = this.matches.count;
    if (count === 0) return;
    const next = this.current + (direction === 'older' ? -1 : 1);
    this.wrapped = next < 0 ? 'newest' : next >= count ? 'oldest' : null;
    this.current = (next + count) % count;
    this.#reveal();
  }

  /** The chat's messages changed while the bar is open (arrivals, edits): searched again, the shown match kept. */
  messagesChanged(): void {
    if (this.open && this.query) this.#research(false);
  }

  /** The match shown, or null. */
  get currentMatch(): FindMatch | null {
    return this.matches.at(this.current);
  }

  /** "3 of 17": the shown match's number, counted from the newest (the newest match is 1). */
  get numberFromNewest(): number {
    return this.current < 0 ? 0 : this.matches.count - this.current;
  }

  /**
   * The match shown, where it is in its message; null for every other message. Only that match
   * is marked: marking every hit in the rendered rows changed dozens of rows on each keystroke
   * of a short phrase, and their layout and painting made the keystroke slow in WebKit.
   */
  hitsOf(messageId: number): MessageHits | null {
    const match = this.open ? this.currentMatch : null;
    if (!match || match.messageId !== messageId) return null;
    return { [match.field]: [{ start: match.start, end: match.end }] };
  }

  /**
   * Which messages show their translation: a match in a translation shows it, one in the
   * original text shows that, while it is the match shown. The operator's own choice otherwise.
   */
  shownTranslated(chosen: ReadonlySet<number>): ReadonlySet<number> {
    const match = this.currentMatch;
    if (!match || match.field === 'name' || chosen.has(match.messageId) === (match.field === 'translation'))
      return chosen;
    const shown = new Set(chosen);
    if (match.field === 'translation') shown.add(match.messageId);
    else shown.delete(match.messageId);
    return shown;
  }

  #research(moveToNearest = true): void {
    const before = this.currentMatch;
    const messages = this.#options.messages();
    this.matches = this.#search.search(messages, this.query, this.#options.language());
    if (!moveToNearest && before) {
      // The match shown stays shown: found again where it is now.
      const kept = this.#indexOf(messages, before);
      if (kept >= 0) {
        this.current = kept;
        this.#host.requestUpdate();
        return;
      }
    }
    this.current = this.#nearest(messages, before);
    this.#reveal();
  }

  /**
   * The last match at or above the origin: the match shown before (typing on keeps it while it
   * still matches), else the message at the top of the view when the bar opened, else the newest.
   * None above: the nearest below (the oldest match).
   */
  #nearest(messages: readonly Message[], before: FindMatch | null): number {
    const matches = this.matches;
    if (matches.count === 0) return -1;
    const originMessage = before ? before.messageId : (this.#placeBefore?.topMessageId ?? null);
    const origin = originMessage === null ? -1 : indexOfMessage(messages, originMessage, before?.messageIndex);
    if (origin < 0) return matches.count - 1;
    const origins: [number, number, number] = [
      origin,
      before ? fields.indexOf(before.field) : Infinity,
      before?.start ?? Infinity,
    ];
    const past = firstPast(matches, origins, true);
    return past > 0 ? past - 1 : 0;
  }

  /** Where a match found before is among the matches now, or -1. */
  #indexOf(messages: readonly Message[], match: FindMatch): number {
    const messageIndex = indexOfMessage(messages, match.messageId, match.messageIndex);
    if (messageIndex < 0) return -1;
    const place: [number, number, number] = [messageIndex, fields.indexOf(match.field), match.start];
    const index = firstPast(this.matches, place, false);
    if (index >= this.matches.count) return -1;
    const [at, field, start] = this.matches.order(index);
    return at === place[0] && field === place[1] && start === place[2] ? index : -1;
  }

  /** The shown match comes into view: its row rendered, then its mark inside the view. */
  #reveal(): void {
    const move = ++this.#move;
    this.#host.requestUpdate();
    const match = this.currentMatch;
    if (!match) return;
    const key = messageRowKey(match.messageId);
    void this.#host.updateComplete.then(async () => {
      if (move !== this.#move || !this.open) return;
      if (!this.#place.isRendered(key)) {
        this.#place.showRow(key);
        await this.#host.updateComplete;
        if (move !== this.#move || !this.open) return;
      }
      // The mark may be in the row's media, drawn in that element's own update.
      await this.#options
        .root()
        .querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(`[data-row-key="${key}"] ocp-message-media`)
        ?.updateComplete;
      if (move !== this.#move || !this.open) return;
      const mark = currentMark(this.#options.root(), key);
      this.#place.bringIntoView(key, mark);
    });
  }

  #reset(): void {
    this.open = false;
    this.query = '';
    this.matches = FindMatches.none;
    this.current = -1;
    this.wrapped = null;
    this.#placeBefore = null;
    this.#focusBefore = null;
    this.#move++;
  }

  #input(): HTMLInputElement | null {
    return this.#options.root().querySelector<HTMLInputElement>('.find-bar__input');
  }

  /** The focused element in the panel (through the shadow roots inside it). */
  #focused(): HTMLElement | null {
    let active = (this.#host.getRootNode() as Document | ShadowRoot).activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active instanceof HTMLElement ? active : null;
  }
}

/** A message's index by its id: where it was (`hint`) if it is still there, else searched from the newest. */
function indexOfMessage(messages: readonly Message[], messageId: number, hint = -1): number {
  if (messages[hint]?.id === messageId) return hint;
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index].id === messageId) return index;
  return -1;
}

/**
 * How many matches come before `place` (message index, field, offset) in the chat's order;
 * `inclusive`: the one at it too. The matches are in that order, so it is found by halves.
 */
function firstPast(matches: FindMatches, place: [number, number, number], inclusive: boolean): number {
  const before = (index: number): boolean => {
    const [message, field, start] = matches.order(index);
    if (message !== place[0]) return message < place[0];
    if (field !== place[1]) return field < place[1];
    return inclusive ? start <= place[2] : start < place[2];
  };
  let low = 0;
  let high = matches.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The shown match's mark in its row (in the text, or in the media's name behind its shadow root). */
function currentMark(root: HTMLElement, key: string): HTMLElement | null {
  const row = root.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
  if (!row) return null;
  return (
    row.querySelector<HTMLElement>('[part~="search-hit"]') ??
    row.querySelector('ocp-message-media')?.shadowRoot?.querySelector<HTMLElement>('[part~="search-hit"]') ??
    null
  );
}
