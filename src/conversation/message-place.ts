/**
 * Keeps the operator's place in the message list: one mechanism, one rule. The place is either
 * "the newest message" (following) or "these rows at these offsets from the top of the view"
 * (reading). Whatever changes the list (a render, rows that arrive or load above, media that
 * finish loading, a resize, the typing indicator), the place is put back before the browser
 * paints: after each render and in a ResizeObserver callback on the list and its rows.
 *
 * Only the operator moves the place. Leaving the newest message needs their input (wheel, touch,
 * keys, the scrollbar, focus moving into the list); a scroll event without it came from layout or
 * clamping and the newest message is held. Reaching the bottom again, End, the "new messages"
 * control or sending goes back to following. Scroll positions the panel set itself are known and
 * ignored, so the panel never takes its own corrections for the operator's.
 *
 * The rows in the DOM are a window over the chat (MessageWindow); it grows a page at a time as
 * the view nears an edge, with the place kept as it does.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../core/api/message-wire.js';
import { MessageWindow, rowsInSight, type WindowRange } from './message-window.js';
import { isSeparator, rowKey, type RowLookup } from './message-rows.js';
import {
  anchorDrift,
  distanceToBottom,
  nearestEdgeAnchor,
  rowsInView,
  unreadAtTop,
  unreadTallerThanView,
  type Anchor,
} from './place-anchors.js';
import { FrameSpan } from './frame-span.js';
import { ListInput } from './list-input.js';
import { afterNextPaint } from '../ui/after-next-paint.js';

export type PlaceMode = 'newest' | 'reading';

/** The operator's place, to come back to (the find bar closing). */
export type SavedPlace =
  | { mode: 'newest'; topMessageId: null }
  | { mode: 'reading'; anchors: Anchor[]; /** The message at the top of the view. */ topMessageId: number | null };

/** Within this of the bottom counts as at the bottom: about one line. */
const bottomSlackPx = 32;
/**
 * After the list changed while following the newest message, it is held there in each frame for
 * this long: WebKit, on a busy machine, grew a row with no size reported for it (see frame-span.ts).
 */
const settleLength = { ms: 1000, frames: 10, longestMs: 5000 };

export interface MessagePlaceOptions {
  /** The scrolling list. */
  scroller(): HTMLElement | null;
  /** The element holding the rows: its size changes as rows render, load media or rewrap. */
  content(): HTMLElement | null;
  /** Runs the host's pending update at once (Lit's `performUpdate`), before a key moves the list. */
  updateNow(): void;
}

export class MessagePlaceController implements ReactiveController {
  mode: PlaceMode = 'newest';
  /** Messages that arrived below since the operator left the newest one. */
  unseenBelow = 0;
  #window = new MessageWindow();
  #lookup: RowLookup | null = null;
  #range: WindowRange = { start: 0, end: 0 };
  /** Reading: rows that were in view, topmost first (the next one serves if one goes). */
  #anchors: Anchor[] = [];
  /** Where the list was, and how many inputs the operator had made, when the anchors were last read or put back. */
  #anchorsTaken: { top: number; inputs: number } | null = null;
  /** A chat just opened: where to start is decided once its rows are first rendered. */
  #opening = true;
  /** The chat opened with a few unread rows: once rendered, whether they fit in the view decides where it starts. */
  #measureUnread = false;
  /** The scroll position the panel set last: its scroll event is not the operator's. */
  #setTop: number | null = null;
  /** The list's scrollTop at its last scroll event or write: which way a scroll went. */
  #lastTop = 0;
  readonly #input = new ListInput(() => this.mode === 'newest');
  /** The list changed while following: the newest message is held at the bottom in each frame. */
  readonly #settling = new FrameSpan(settleLength, () => {
    const scroller = this.#visibleScroller();
    // Not while the operator's input may still move the list: its scroll can be seen frames later
    // (Firefox), and a write now would cancel it.
    if (scroller && this.mode === 'newest' && !this.#input.byOperator) this.#pin(scroller);
  });
  #scrollerObserved: HTMLElement | null = null;
  #contentObserved: HTMLElement | null = null;
  /** The rows in the DOM, each observed too (see `#observeRows`). */
  #rowsObserved = new Set<Element>();
  readonly #resize = new ResizeObserver(() => this.#resized());
  /** The frame that grows the window after a change of size, if one is to come. */
  #growFrame = 0;
  /** The list's height when last seen shown, 0 before: how many rows can be in sight. */
  #viewHeight = 0;

  readonly #host: ReactiveControllerHost;
  readonly #options: MessagePlaceOptions;

  constructor(host: ReactiveControllerHost, options: MessagePlaceOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#resize.disconnect();
    this.#scrollerObserved = null;
    this.#contentObserved = null;
    this.#rowsObserved.clear();
    cancelAnimationFrame(this.#growFrame);
    this.#growFrame = 0;
    this.#input.disconnect();
    this.#settling.end();
  }

  /** Whether the "new messages" control shows: the newest message is not being followed. */
  get awayFromNewest(): boolean {
    return this.mode === 'reading';
  }

  /** Another chat opened: it starts at its newest message (or its first unread, see `rows`). */
  open(): void {
    this.#window = new MessageWindow();
    this.mode = 'newest';
    this.unseenBelow = 0;
    this.#anchors = [];
    this.#opening = true;
    this.#measureUnread = false;
    this.#input.reset();
  }

  /** Before a new list of the same chat renders: counts what arrived below while reading. */
  messagesChanging(previous: readonly Message[], next: readonly Message[]): void {
    if (this.mode !== 'reading' || previous.length === 0) return;
    const lastSeen = previous[previous.length - 1].id;
    let index = next.length - 1;
    while (index >= 0 && next[index].id !== lastSeen) index--;
    if (index >= 0) this.unseenBelow += next.length - 1 - index;
  }

  /** The rows to render now (called from render). */
  rows(lookup: RowLookup): WindowRange {
    this.#lookup = lookup;
    const inSight = rowsInSight(this.#viewHeight);
    if (this.#opening && lookup.rows.length > 0) {
      this.#opening = false;
      // Unread rows taller than the view: the divider at the top, read down from it (MessageWindow.open).
      const start = this.#window.open(lookup, inSight);
      if (start === 'unread') this.#read([unreadAtTop]);
      this.#measureUnread = start === 'measure';
    }
    const keep = this.mode === 'reading' ? this.#anchorIndex(lookup) : 'newest';
    this.#range = this.#window.range(lookup, keep, inSight); // rows in sight first, see MessageWindow.range
    // The rest after the frame; before it if a key comes (handleKeydown): joining during the key's
    // smooth scroll, the rest would be kept in place by a write that ends that scroll (WebKit).
    if (this.#window.restToCome) void afterNextPaint().then(() => this.#host.requestUpdate());
    return this.#range;
  }

  /** Whether the window shows the start of the chat (earlier chats can be asked for there). */
  get atOldest(): boolean {
    return this.#range.start === 0;
  }

  /** Whether the window shows the newest rows (the outbox shows under them). */
  get atNewestRows(): boolean {
    return this.#window.reachesNewest;
  }

  /** After a render: watch what can change size, then put the place back. */
  rendered(): void {
    const scroller = this.#options.scroller();
    const content = this.#options.content();
    if (scroller !== this.#scrollerObserved || content !== this.#contentObserved) {
      this.#resize.disconnect();
      this.#rowsObserved.clear();
      if (scroller) this.#resize.observe(scroller);
      if (content) this.#resize.observe(content);
      this.#scrollerObserved = scroller;
      this.#contentObserved = content;
      this.#anchorsTaken = null; // read on another list
    }
    if (content) this.#observeRows(content);
    if (this.#measureUnread && scroller) {
      this.#measureUnread = false;
      this.#openUnreadIfTaller(scroller);
    }
    this.#keep();
    // The elements inside rows (media, story previews) render after this, in their own updates,
    // and may grow their rows: the place is put back once more after them, so it is right when
    // the next frame starts, not only after that frame's resize observations.
    queueMicrotask(() => this.#keep());
  }

  /** The newest message, followed from now on: the control, End, a message sent. */
  jumpToNewest(): void {
    if (this.#lookup) this.#window.showNewest(this.#lookup);
    // Scrolling still under way from the operator's earlier input (a smooth PageUp) is not a new move.
    this.#input.reset();
    this.mode = 'newest';
    this.unseenBelow = 0;
    this.#anchors = [];
    this.#host.requestUpdate();
  }

  /**
   * Brings a row into view (the message a quote quotes), a third of the way down the list, and
   * holds it there as the operator's place. Answers whether the chat holds that row.
   */
  showRow(key: string): boolean {
    const index = this.#lookup?.indexOf(key) ?? -1;
    if (!this.#lookup || index < 0) return false;
    if (index < this.#range.start || index >= this.#range.end) this.#window.showAround(this.#lookup, index);
    const scroller = this.#options.scroller();
    this.#read([{ key, offset: Math.round((scroller?.clientHeight ?? 0) / 3) }]);
    this.#host.requestUpdate();
    return true;
  }

  /** The operator's place now: the newest message, or the rows in view where they are. */
  savePlace(): SavedPlace {
    if (this.mode === 'newest') return { mode: 'newest', topMessageId: null };
    const scroller = this.#visibleScroller();
    const anchors = scroller ? rowsInView(scroller) : this.#anchors.slice();
    return { mode: 'reading', anchors, topMessageId: this.#firstMessageFrom(anchors) };
  }

  /**
   * Back to a place saved before (`savePlace`): following the newest message again, or the rows
   * that were in view at the offsets they had, rendered again if the window moved away from them.
   */
  returnTo(place: SavedPlace): void {
    if (place.mode === 'newest') return this.jumpToNewest();
    const lookup = this.#lookup;
    const held = lookup ? place.anchors.find((anchor) => lookup.indexOf(anchor.key) >= 0) : undefined;
    if (!lookup || !held) return;
    const index = lookup.indexOf(held.key);
    if (index < this.#range.start || index >= this.#range.end) this.#window.showAround(lookup, index);
    this.#input.reset();
    this.#read(place.anchors);
    this.#host.requestUpdate();
  }

  /** Whether the row is in the DOM now. */
  isRendered(key: string): boolean {
    return this.#options.scroller()?.querySelector(`[data-row-key="${key}"]`) != null;
  }

  /**
   * Brings `target` (a mark inside the row `key`, or the row itself) into view a third of the
   * way down the list, and holds the row there as the operator's place; a target in view already
   * changes nothing (following the newest message goes on).
   */
  bringIntoView(key: string, target: HTMLElement | null): void {
    const scroller = this.#visibleScroller();
    const row = scroller?.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
    if (!scroller || !row) return;
    const view = scroller.getBoundingClientRect();
    const box = (target ?? row).getBoundingClientRect();
    if (box.top >= view.top && box.bottom <= view.bottom) return;
    const above = box.top - row.getBoundingClientRect().top;
    this.#input.reset();
    this.#read([{ key, offset: Math.round(view.height / 3 - above) }]);
    this.#keep();
    this.#host.requestUpdate();
  }

  /** The first message at or below the first anchored row (a day line may be at the top). */
  #firstMessageFrom(anchors: readonly Anchor[]): number | null {
    const lookup = this.#lookup;
    if (!lookup || anchors.length === 0) return null;
    for (let index = Math.max(0, lookup.indexOf(anchors[0].key)); index < lookup.rows.length; index++) {
      const row = lookup.rows[index];
      if (!isSeparator(row)) return row.id;
    }
    return null;
  }

  /**
   * The keyboard moved to a row (ArrowUp, Home): it comes into view at the nearest edge, as
   * `scrollIntoView({block: 'nearest'})` would, and that is the operator's place from now on. A
   * row outside the rendered window is rendered first, at the top of the view. A row in view, or
   * one covering it, changes nothing.
   */
  reveal(key: string): void {
    // The key moved the focus, not the list (its default is prevented): the list moves only by
    // the panel's writes from here, and a scroll event meanwhile is the layout's (a picture above
    // that loaded, WebKit moving the list before the new size is reported).
    this.#input.reset();
    const scroller = this.#options.scroller();
    if (!scroller || !this.#lookup) return;
    const row = scroller.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
    if (!row) {
      const index = this.#lookup.indexOf(key);
      if (index < 0) return;
      this.#window.showAround(this.#lookup, index);
      this.#read([{ key, offset: 0 }]);
      this.#host.requestUpdate();
      return;
    }
    const anchor = nearestEdgeAnchor(scroller, row, key);
    if (!anchor) return; // in view, or covering it
    // Before the render the focus change asks for, which would otherwise put the old place back.
    this.#read([anchor]);
    this.#keep();
  }

  /** The key of the first message of the chat's rows (Home), or null. */
  firstMessageKey(): string | null {
    const first = this.#lookup?.rows.find((row) => !isSeparator(row));
    return first ? rowKey(first) : null;
  }

  readonly handleScroll = (): void => {
    const scroller = this.#options.scroller();
    if (!scroller || scroller.clientHeight === 0) return;
    const movedUp = scroller.scrollTop < this.#lastTop - 0.5;
    this.#lastTop = scroller.scrollTop;
    if (this.#setTop !== null && Math.abs(scroller.scrollTop - this.#setTop) < 1) return; // the panel's own
    this.#setTop = null;
    const byOperator = this.#input.byOperator;
    if (byOperator) this.#input.scrolled(() => scroller.scrollTop);
    const distance = distanceToBottom(scroller);
    // The operator scrolling up has left the newest message, however little the first step of a
    // smooth scroll moved (WebKit's PageUp starts with 2 px): pinning it back would cancel it.
    const leaving = byOperator && movedUp && distance > 0.5;
    const atBottom = this.#window.reachesNewest && distance <= bottomSlackPx && !leaving;
    if (this.mode === 'newest') {
      // Not a move of the operator's (layout, clamping, the tail of a smooth scroll the keys began
      // before End): back to the very bottom, also from within the slack, or the newest is cut.
      if (!byOperator) return this.#pin(scroller);
      if (atBottom) return;
      this.#read(rowsInView(scroller));
      this.#host.requestUpdate();
    } else if (atBottom) {
      this.mode = 'newest';
      this.unseenBelow = 0;
      this.#anchors = [];
      this.#host.requestUpdate();
      return;
    } else {
      this.#anchors = rowsInView(scroller);
      this.#tookAnchors(scroller);
    }
    this.#growTowardsView(scroller);
  };

  /** The operator's input on the list (touch, the scrollbar, a focus that scrolls it). */
  readonly handleIntent = this.#input.handleIntent;
  readonly handleWheel = this.#input.handleWheel;
  /**
   * A key on the list, which may scroll it or move the focus (MessageFocusController measures the
   * rows next): the rest of the window renders first (see `rows`), and the place is put back. A
   * picture above that loaded since the last frame has moved the rows, and the resize observer
   * would put them back only after the key's message was chosen where the rows do not stay.
   */
  readonly handleKeydown = (event: KeyboardEvent): void => {
    // A render puts the place back itself (`rendered`); without one, the key does it.
    if (this.#window.restToCome) {
      this.#host.requestUpdate();
      this.#options.updateNow();
    } else this.#keep();
    this.#input.handleKeydown(event);
  };
  readonly handlePointerDown = this.#input.handlePointerDown;

  /**
   * Puts the place back (the newest message at the bottom, or the anchored rows where they were),
   * then grows the window towards the view.
   */
  #keep(): void {
    const scroller = this.#visibleScroller();
    if (!scroller) return;
    this.#putBack(scroller);
    this.#growTowardsView(scroller);
  }

  /**
   * Each row is watched as well as the element holding them: WebKit can grow a row (a picture
   * that loaded) and leave the holder's size as it was, the row hanging out of it, so that only
   * the row's own size says the list moved.
   */
  #observeRows(content: HTMLElement): void {
    const rows = new Set<Element>(content.children);
    for (const row of this.#rowsObserved) {
      if (rows.has(row)) continue;
      this.#resize.unobserve(row);
      this.#rowsObserved.delete(row);
    }
    for (const row of rows) {
      if (this.#rowsObserved.has(row)) continue;
      this.#resize.observe(row);
      this.#rowsObserved.add(row);
    }
  }

  /**
   * A size changed (a picture loaded, the view resized): the place is put back at once, before
   * the paint. More rows wait for the next frame: rendered now, inside the observer's callback,
   * they would change observed sizes again, which the browser reports as an error to the page
   * ("ResizeObserver loop completed with undelivered notifications").
   */
  #resized(): void {
    const scroller = this.#visibleScroller();
    if (!scroller) return;
    this.#putBack(scroller);
    if (this.#growFrame) return;
    this.#growFrame = requestAnimationFrame(() => {
      this.#growFrame = 0;
      const shown = this.#visibleScroller();
      if (shown) this.#growTowardsView(shown);
    });
  }

  /** The list, unless it is hidden (the floating popup closed): then there is no place to keep until it shows. */
  #visibleScroller(): HTMLElement | null {
    const scroller = this.#options.scroller();
    if (!scroller || scroller.clientHeight === 0) return null;
    this.#viewHeight = scroller.clientHeight;
    return scroller;
  }

  #putBack(scroller: HTMLElement): void {
    if (this.mode === 'newest') {
      this.#pin(scroller);
      this.#settling.start();
    } else this.#restore(scroller);
  }

  #read(anchors: Anchor[]): void {
    this.mode = 'reading';
    this.#anchors = anchors;
    this.#tookAnchors(this.#options.scroller());
  }

  #tookAnchors(scroller: HTMLElement | null): void {
    this.#anchorsTaken = scroller && { top: scroller.scrollTop, inputs: this.#input.inputs };
  }

  #pin(scroller: HTMLElement): void {
    if (this.#input.upwardScrollPending) return;
    // Already at the bottom, but for a fraction of a pixel (Firefox keeps fractional positions):
    // a write would cancel the smooth scroll a key of the operator's has just begun. Past the end
    // is not at the bottom (see `#clampToEnd`).
    if (Math.abs(distanceToBottom(scroller)) <= 0.5) return;
    this.#scrollTo(scroller, scroller.scrollHeight);
  }

  /**
   * WebKit (WebKitGTK 2.50), once the operator has turned the wheel over the list, no longer
   * clamps its position when the list gets shorter (another chat opens, the "new messages"
   * control goes): it stays past the end, the rows above the view, a blank list. A write is
   * clamped, so the panel puts the list back at its end as other engines do by themselves.
   */
  #clampToEnd(scroller: HTMLElement): void {
    if (distanceToBottom(scroller) < -0.5) this.#scrollTo(scroller, scroller.scrollHeight);
  }

  #scrollTo(scroller: HTMLElement, top: number): void {
    scroller.scrollTop = top;
    this.#setTop = scroller.scrollTop;
    // A write may bring no scroll event (the position it left is where the last event was).
    this.#lastTop = scroller.scrollTop;
    this.#tookAnchors(scroller);
  }

  /**
   * The operator moved the list since the anchors were read (a wheel turn in the same frame as a
   * picture above that loaded, whose size is reported before the scroll event): the rows are held
   * where that move took them, and only the other change is undone. Put back as read, the turn
   * was lost; so was a smooth PageUp's next step when the "jump to newest" control it brings
   * shortened the list. A move with neither an input since the anchors were read nor the
   * operator's scroll under way is the layout's (the list clamped while it was resized), and is
   * undone.
   */
  #keepOperatorsMove(scroller: HTMLElement): void {
    const taken = this.#anchorsTaken;
    if (!taken || (taken.inputs === this.#input.inputs && !this.#input.scrolling)) return;
    const moved = scroller.scrollTop - taken.top;
    if (Math.abs(moved) < 0.5) return;
    this.#anchors = this.#anchors.map((anchor) =>
      anchor.fromBottom === undefined
        ? { ...anchor, offset: anchor.offset - moved }
        : { ...anchor, fromBottom: anchor.fromBottom + moved },
    );
    this.#tookAnchors(scroller);
  }

  #restore(scroller: HTMLElement): void {
    this.#keepOperatorsMove(scroller);
    this.#clampToEnd(scroller);
    for (const anchor of this.#anchors) {
      const drift = anchorDrift(scroller, anchor);
      if (drift === null) continue;
      if (Math.abs(drift) >= 0.5) this.#scrollTo(scroller, scroller.scrollTop + drift);
      return;
    }
    // Every anchored row is gone (deleted): hold on to what is in view now.
    this.#anchors = rowsInView(scroller);
    this.#tookAnchors(scroller);
  }

  #anchorIndex(lookup: RowLookup): number | null {
    for (const anchor of this.#anchors) {
      const index = lookup.indexOf(anchor.key);
      if (index >= 0) return index;
    }
    return null;
  }

  /** Near an edge of the window with more rows beyond it: a page more, the place kept. */
  #growTowardsView(scroller: HTMLElement): void {
    if (!this.#lookup) return;
    const nearTop = scroller.scrollTop < scroller.clientHeight;
    const nearBottom = distanceToBottom(scroller) < scroller.clientHeight;
    if (this.mode === 'reading' && nearTop && this.#range.start > 0 && this.#window.extendUp(this.#lookup)) {
      this.#host.requestUpdate();
    } else if (nearBottom && this.#window.extendDown(this.#lookup)) {
      this.#host.requestUpdate();
    }
  }

  /**
   * A chat opened with a few unread messages: when they do not fit in the view after all, the
   * divider above the first of them goes to the top (so none is skipped) and the operator reads
   * down from there.
   */
  #openUnreadIfTaller(scroller: HTMLElement): void {
    if (!unreadTallerThanView(scroller)) return;
    this.#read([unreadAtTop]);
    // Decided after the render, which showed no control: without a render of its own, the
    // control would wait for whatever next changes the chat (often nothing, with events off).
    this.#host.requestUpdate();
  }
}
