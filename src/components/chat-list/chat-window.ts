/**
 * Which rows of a long chat list are rendered: the rows in view plus a margin, with spacers
 * standing in for the rest, so a list of thousands of chats keeps a few dozen rows in the DOM.
 * Chat rows are one line each of name, last message and channel, so they share one height,
 * measured from a rendered row. Lists of up to `renderAllUpTo` rows are rendered whole: the
 * first pages stay plain DOM (find-in-page, tests and screen readers see every row).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface RowRange {
  start: number;
  end: number;
  /** Height standing in for the rows before `start` and after `end`. */
  before: number;
  after: number;
}

const renderAllUpTo = 40;
const overscanRows = 10;
/** Until a row was measured: close to the real height, corrected on the next update. */
const estimatedRowPx = 72;

export class ChatWindow implements ReactiveController {
  private rowHeight = 0;
  private count = 0;
  private current: RowRange = { start: 0, end: 0, before: 0, after: 0 };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly scroller: () => HTMLElement | null,
  ) {
    host.addController(this);
  }

  /** The rows to render for a list of `count`, from the scroller's position now. */
  range(count: number): RowRange {
    this.count = count;
    const scroller = this.scroller();
    if (count <= renderAllUpTo || !scroller) return (this.current = { start: 0, end: count, before: 0, after: 0 });
    const height = this.rowHeight || estimatedRowPx;
    const top = Math.max(0, scroller.scrollTop - this.listOffset(scroller));
    const start = Math.max(0, Math.min(count, Math.floor(top / height)) - overscanRows);
    const end = Math.min(count, Math.ceil((top + scroller.clientHeight) / height) + overscanRows);
    return (this.current = { start, end, before: start * height, after: (count - end) * height });
  }

  /** Whether the row at `index` is in the DOM now. */
  shows(index: number): boolean {
    return index >= this.current.start && index < this.current.end;
  }

  /** Scrolls the row at `index` into view (keyboard moves), so the next render holds it. */
  reveal(index: number): void {
    const scroller = this.scroller();
    if (!scroller || this.count <= renderAllUpTo) return;
    const height = this.rowHeight || estimatedRowPx;
    const top = this.listOffset(scroller) + index * height;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + height > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + height - scroller.clientHeight;
    this.host.requestUpdate();
  }

  readonly handleScroll = (): void => {
    const scroller = this.scroller();
    if (!scroller || this.count <= renderAllUpTo) return;
    const height = this.rowHeight || estimatedRowPx;
    const top = scroller.scrollTop - this.listOffset(scroller);
    // Re-render only when the view comes near an edge of what is rendered.
    const first = Math.floor(top / height);
    const last = Math.ceil((top + scroller.clientHeight) / height);
    const margin = overscanRows / 2;
    if ((first - this.current.start < margin && this.current.start > 0) || (this.current.end - last < margin && this.current.end < this.count)) {
      this.host.requestUpdate();
    }
  };

  hostUpdated(): void {
    const row = this.scroller()?.querySelector<HTMLElement>('[data-chat-id]');
    const measured = row?.getBoundingClientRect().height ?? 0;
    if (measured > 0 && Math.abs(measured - this.rowHeight) > 0.5) {
      this.rowHeight = measured;
      if (this.count > renderAllUpTo) this.host.requestUpdate();
    }
  }

  /** Where the first row starts inside the scroller (the spacer before the rows). */
  private listOffset(scroller: HTMLElement): number {
    const spacer = scroller.firstElementChild as HTMLElement | null;
    return spacer ? spacer.offsetTop - scroller.offsetTop : 0;
  }
}
