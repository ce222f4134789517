/**
 * Keeps the operator's place in the message list. New messages are followed only while the
 * operator is at the bottom; otherwise they are counted for the "new messages" control and the
 * view stays exactly where it was. When earlier messages load above, the message the operator was
 * looking at stays at the same pixel. Works the same for a plain and a virtual list: a virtual
 * list lends `reveal` to bring a message that is not rendered into the DOM first.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../../api/wire.js';

const bottomSlackPx = 48;
/**
 * A scroll away from the bottom this soon after we pinned, without moving up from where we
 * pinned, comes from content that grew, not from the operator. A move up is always the operator's:
 * re-pinning it too would hold the view at the bottom for as long as a virtual list keeps
 * measuring and new messages keep arriving.
 */
const settleMs = 250;

interface Anchor {
  messageId: number;
  /** Its top edge, in px below the scroller's top edge. */
  offset: number;
}

export interface MessageScrollOptions {
  scroller: () => HTMLElement | null;
  /** The element whose size changes as rows are rendered and measured. */
  content: () => Element | null;
  /** Renders the message (virtual list) so it can be measured; resolves once it is laid out. */
  reveal: (messageId: number) => Promise<void>;
}

/** How far the list is scrolled above its bottom, in px. */
const distanceToBottom = (scroller: HTMLElement) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export class MessageScrollController implements ReactiveController {
  atBottom = true;
  unseenBelow = 0;
  private pinnedAt = 0;
  private pinnedTop = 0;
  private anchor: Anchor | null = null;
  private observed: Element | null = null;
  private readonly resize = new ResizeObserver(() => {
    if (this.atBottom) this.follow();
  });

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: MessageScrollOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.resize.disconnect();
    this.observed = null;
  }

  /** A chat was opened: start at its newest message. */
  reset(): void {
    this.atBottom = true;
    this.unseenBelow = 0;
    this.anchor = null;
    this.pinnedTop = 0; // another chat: nothing the operator did in this one counts as moving up
  }

  /** Before the list renders a new array of messages (same chat). */
  messagesChanging(previous: readonly Message[], next: readonly Message[]): void {
    const scroller = this.options.scroller();
    if (!scroller || this.atBottom || previous.length === 0) return;
    if (next.length && previous[0].id !== next[0].id) this.anchor = this.firstInView(scroller);
    const lastSeen = previous[previous.length - 1].id;
    let index = next.length - 1;
    while (index >= 0 && next[index].id !== lastSeen) index--;
    if (index >= 0 && index < next.length - 1) {
      this.unseenBelow += next.length - 1 - index;
      this.host.requestUpdate();
    }
  }

  /** After the list rendered: follow the bottom, or put the anchored message back in place. */
  rendered(follow: boolean): void {
    const content = this.options.content();
    if (content !== this.observed) {
      this.resize.disconnect();
      if (content) this.resize.observe(content);
      this.observed = content;
    }
    if (follow && this.atBottom) this.follow();
    const anchor = this.anchor;
    this.anchor = null;
    if (anchor) void this.restore(anchor);
  }

  readonly handleScroll = (): void => {
    const scroller = this.options.scroller();
    if (!scroller) return; // the chat closed while a scroll event was queued
    const atBottom = distanceToBottom(scroller) <= bottomSlackPx;
    if (!atBottom && this.atBottom && performance.now() - this.pinnedAt < settleMs && !this.movedUp(scroller))
      return this.pinToBottom();
    if (atBottom === this.atBottom && !(atBottom && this.unseenBelow)) return;
    this.atBottom = atBottom;
    if (atBottom) this.unseenBelow = 0;
    this.host.requestUpdate();
  };

  /**
   * A virtual list re-rendered (new rows, new range): while following, go to its new bottom at
   * once. Its size is final only after this event's dispatch, hence the microtask; the `scroll`
   * event tells the virtual list to render the rows there in this task, not in the next frame.
   */
  readonly handleRangeChanged = (): void => {
    if (!this.atBottom) return;
    queueMicrotask(() => {
      const scroller = this.options.scroller();
      if (!scroller || !this.atBottom || distanceToBottom(scroller) < 1) return;
      if (!this.follow()) return;
      scroller.dispatchEvent(new Event('scroll'));
    });
  };

  jumpToNewest(): void {
    this.atBottom = true;
    this.unseenBelow = 0;
    this.pinToBottom();
    this.host.requestUpdate();
  }

  /**
   * Keeps following the newest message, unless the operator has scrolled up since the last pin:
   * their `scroll` event may still be queued when a render or a measurement asks to follow, and
   * pinning then would throw them back to the bottom. Answers whether it pinned.
   */
  private follow(): boolean {
    const scroller = this.options.scroller();
    if (!scroller) return false;
    if (distanceToBottom(scroller) > bottomSlackPx && this.movedUp(scroller)) {
      this.atBottom = false;
      this.host.requestUpdate();
      return false;
    }
    this.pinToBottom();
    return true;
  }

  /** The view is above where we last pinned it: the operator scrolled up. */
  private movedUp(scroller: HTMLElement): boolean {
    return scroller.scrollTop < this.pinnedTop - 1;
  }

  private pinToBottom(): void {
    const scroller = this.options.scroller();
    if (!scroller) return;
    this.pinnedAt = performance.now();
    scroller.scrollTop = scroller.scrollHeight;
    this.pinnedTop = scroller.scrollTop;
  }

  private firstInView(scroller: HTMLElement): Anchor | null {
    const { top, bottom } = scroller.getBoundingClientRect();
    for (const element of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const box = element.getBoundingClientRect();
      // A virtual list keeps rows above and below the view too: only one in view is an anchor.
      if (box.bottom > top && box.top < bottom)
        return { messageId: Number(element.dataset.messageId), offset: box.top - top };
    }
    return null;
  }

  /** Moves the view until the anchored message is back at its offset (a few rounds at most). */
  private async restore(anchor: Anchor): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const scroller = this.options.scroller();
      if (!scroller || this.atBottom) return;
      const element = scroller.querySelector<HTMLElement>(`[data-message-id="${anchor.messageId}"]`);
      if (!element) {
        await this.options.reveal(anchor.messageId);
        continue;
      }
      const delta = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - anchor.offset;
      if (Math.abs(delta) < 0.5) return;
      scroller.scrollTop += delta;
      await nextFrame();
    }
  }
}
