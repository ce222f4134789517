/**
 * Which rows of a long chat list are rendered: the rows in view plus a margin, with two spacers
 * (the scroller's `.chat-list__spacer` elements) standing in for the rest, so a list of thousands
 * of chats keeps a few dozen rows in the DOM. Chat rows are one line each of name, last message
 * and channel, so they share one height, measured from a rendered row. Lists of up to
 * `renderAllUpTo` rows are rendered whole: the first pages stay plain DOM (find-in-page, tests
 * and screen readers see every row), but a list that gets its rows lays out only those in sight
 * before its first frame (see range).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { afterNextPaint } from '../ui/after-next-paint.js';

export interface RowRange {
  start: number;
  end: number;
}

const renderAllUpTo = 40;
const overscanRows = 10;

export class ChatWindow implements ReactiveController {
  /** Until a row was measured: close to the real height, corrected after the first render. */
  #rowHeight = 72;
  #measured = false;
  #count = 0;
  #current: RowRange = { start: 0, end: 0 };
  /**
   * The rows held back, from the render that gave the list its rows until the frame that shows
   * them: only the rows that can be in sight are rendered (see range). `seen` once hostUpdated
   * has seen that render; `rendered` settles when the rest are asked for (see released).
   */
  #held: { seen: boolean; rendered: Promise<void>; release: () => void } | null = null;

  readonly #host: ReactiveControllerHost;
  readonly #scroller: () => HTMLElement | null;

  constructor(host: ReactiveControllerHost, scroller: () => HTMLElement | null) {
    this.#host = host;
    this.#scroller = scroller;
    host.addController(this);
  }

  /** The rows to render for a list of `count`, from the scroller's position now. */
  range(count: number): RowRange {
    const shown = this.#current.end - this.#current.start;
    this.#count = count;
    const view = this.#view();
    if (!view) {
      // A list that gets its rows (the first screen, a new filter's first page) renders those that
      // can be in sight first: every rendered row is laid out before the frame that shows the
      // first. The rest joins after that frame (hostUpdated), the bottom spacer holding its place.
      // The view is the list's box where it is drawn already (a list loading), else the window.
      const viewHeight = Math.min(this.#scroller()?.clientHeight || Infinity, window.innerHeight);
      const inSight = Math.ceil(viewHeight / this.#rowHeight) + 1;
      if (shown === 0 && count > inSight && !this.#held) {
        let release!: () => void;
        const rendered = new Promise<void>((done) => (release = done));
        this.#held = { seen: false, rendered, release };
      }
      return (this.#current = { start: 0, end: this.#held ? Math.min(count, inSight) : count });
    }
    return (this.#current = {
      start: Math.max(0, Math.min(count, view.first) - overscanRows),
      end: Math.min(count, view.last + overscanRows),
    });
  }

  /** How many rows one screen of the list holds (PageUp and PageDown move by it). */
  pageRows(): number {
    const scroller = this.#scroller();
    if (scroller) this.#measure(scroller);
    return Math.max(1, Math.floor((scroller?.clientHeight ?? this.#rowHeight) / this.#rowHeight) - 1);
  }

  /** Whether the row at `index` is in the DOM now. */
  shows(index: number): boolean {
    return index >= this.#current.start && index < this.#current.end;
  }

  /** Scrolls the row at `index` into view (keyboard moves), so the next render holds it. */
  reveal(index: number): void {
    this.#release();
    const scroller = this.#scroller();
    if (!scroller || this.#count <= renderAllUpTo) return;
    const top = index * this.#rowHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + this.#rowHeight > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = top + this.#rowHeight - scroller.clientHeight;
    this.#host.requestUpdate();
  }

  /** Re-renders only when the view comes near an edge of what is rendered. */
  readonly handleScroll = (): void => {
    const view = this.#view();
    const { start, end } = this.#current;
    const margin = overscanRows / 2;
    if (view && ((view.first - start < margin && start > 0) || (end - view.last < margin && end < this.#count)))
      this.#host.requestUpdate();
  };

  hostUpdated(): void {
    const scroller = this.#scroller();
    if (this.#held && !this.#held.seen) {
      this.#held.seen = true;
      this.#releaseAfterFrame(scroller);
    }
    const spacers = scroller?.querySelectorAll<HTMLElement>(':scope > .chat-list__spacer');
    if (!scroller || spacers?.length !== 2) return;
    spacers[0].style.height = `${this.#current.start * this.#rowHeight}px`;
    spacers[1].style.height = `${(this.#count - this.#current.end) * this.#rowHeight}px`;
    // A list rendered whole needs no row height until a key moves by a page (pageRows): reading
    // one forces a layout in the middle of the first screen's render.
    if (this.#count <= renderAllUpTo) return;
    const before = this.#rowHeight;
    if (this.#measure(scroller) && this.#rowHeight !== before) this.#host.requestUpdate();
  }

  /**
   * The rows held back join after the frame that shows the first (at once in a hidden page). Rows
   * shorter than the estimate may not reach the bottom of the view: then they join in that frame,
   * before it is drawn, so no frame shows the gap. The check runs when the frame has laid the rows
   * out (a ResizeObserver's first callback, before the frame is drawn, also for rows rendered in
   * the frame's own callbacks), reading a layout that is done. A key that moves through the rows
   * renders them at once (reveal).
   */
  #releaseAfterFrame(scroller: HTMLElement | null): void {
    const rows = scroller?.querySelectorAll<HTMLElement>(':scope > [data-chat-id]');
    const last = rows?.[rows.length - 1];
    if (!scroller || !last) return this.#release();
    const laidOut = new ResizeObserver(() => {
      laidOut.disconnect();
      const viewBottom = Math.min(scroller.getBoundingClientRect().bottom, window.innerHeight);
      if (last.getBoundingClientRect().bottom < viewBottom) this.#release();
    });
    laidOut.observe(last);
    void afterNextPaint().then(() => {
      laidOut.disconnect();
      this.#release();
    });
  }

  /** Renders the rows held back, if any. */
  #release(): void {
    const held = this.#held;
    if (!held) return;
    this.#held = null;
    this.#host.requestUpdate();
    held.release();
  }

  /**
   * While rows are held back: a promise that settles once they are asked for, the host's next
   * update rendering them; null when none is. A list's update is complete only after that render
   * (ChatListElement.getUpdateComplete), so `ocp-ready` and a page that awaits the list find the
   * whole first page.
   */
  released(): Promise<void> | null {
    return this.#held?.rendered ?? null;
  }

  /** Measures a rendered row once (a size read forces a layout, which every update would pay for); true when it did now. */
  #measure(scroller: HTMLElement): boolean {
    if (this.#measured) return false;
    const height = scroller.querySelector<HTMLElement>('[data-chat-id]')?.getBoundingClientRect().height ?? 0;
    if (height <= 0) return false;
    this.#measured = true;
    this.#rowHeight = height;
    return true;
  }

  /** Rows in view, or null when the whole list is rendered. */
  #view(): { first: number; last: number } | null {
    const scroller = this.#scroller();
    if (this.#count <= renderAllUpTo || !scroller) return null;
    return {
      first: Math.floor(scroller.scrollTop / this.#rowHeight),
      last: Math.ceil((scroller.scrollTop + scroller.clientHeight) / this.#rowHeight),
    };
  }
}
