/**
 * The operator's input on the message list (wheel, touch, keys, the scrollbar): whether the scroll
 * events that follow are theirs, and whether a smooth scroll up may still be to come (both
 * last a second and at least a few rendered frames, see frame-span.ts); how many inputs they have
 * made, and whether their scroll is moving the list now.
 */
import { FrameSpan } from './frame-span.js';

/**
 * A second, and at least 30 rendered frames: where frames come, a second holds 60 of them; after a
 * starved second, the browser's scroll can still take a few frames to be seen (Firefox's
 * compositor), and half a second of frames leaves it room.
 */
const inputLength = { ms: 1000, frames: 30, longestMs: 5000 };
/** Keys that scroll a focused list. */
const scrollKeys = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

export class ListInput {
  readonly #intent = new FrameSpan(inputLength);
  readonly #upward = new FrameSpan(inputLength);
  #pointerDown = false;
  /** The list moved by the operator's scroll in the last frame: a smooth scroll's steps are under way. */
  #scrolling = false;
  #scrollingFrame = 0;
  /** Whether the list follows the newest message (a PageUp then leaves it). */
  readonly #following: () => boolean;

  constructor(following: () => boolean) {
    this.#following = following;
  }

  /** Whether a scroll event now is the operator's. */
  get byOperator(): boolean {
    return this.#pointerDown || this.#intent.active;
  }

  /**
   * Whether a smooth scroll up the operator began (PageUp, a wheel turn) may still be to come:
   * the list is not pinned meanwhile.
   */
  get upwardScrollPending(): boolean {
    return this.#upward.active;
  }

  /**
   * Whether the operator's scroll is under way: a smooth scroll moves the list a step each frame,
   * and a step can come before its scroll event (see message-place.ts).
   */
  get scrolling(): boolean {
    return this.#scrolling;
  }

  /** A scroll event of the operator's: their scroll is under way until a frame where the list stood still. */
  scrolled(top: () => number): void {
    this.#scrolling = true;
    if (this.#scrollingFrame) return;
    // A frame callback asked for in a scroll event runs in that event's own frame, before the list
    // could move again: the first one only notes where the list is, the next ones compare.
    let last: number | null = null;
    const check = () => {
      const now = top();
      if (last !== null && Math.abs(now - last) < 0.5) return this.#stopScrolling();
      last = now;
      this.#scrollingFrame = requestAnimationFrame(check);
    };
    this.#scrollingFrame = requestAnimationFrame(check);
  }

  #stopScrolling(): void {
    cancelAnimationFrame(this.#scrollingFrame);
    this.#scrollingFrame = 0;
    this.#scrolling = false;
  }

  /** What the operator started is over (they chose the newest message, or another chat). */
  reset(): void {
    this.#intent.end();
    this.#upward.end();
    this.#stopScrolling();
  }

  disconnect(): void {
    this.reset();
    this.#pointerDown = false;
    window.removeEventListener('pointerup', this.#handlePointerUp, true);
    window.removeEventListener('pointercancel', this.#handlePointerUp, true);
  }

  /** How many inputs the operator has made on the list: a move after one is theirs (see message-place.ts). */
  inputs = 0;

  /** The operator's input on the list: the scroll events that follow are theirs. */
  readonly handleIntent = (): void => {
    this.inputs += 1;
    this.#intent.start();
  };

  readonly handleKeydown = (event: KeyboardEvent): void => {
    if (!scrollKeys.has(event.key) || event.altKey || event.metaKey) return;
    this.handleIntent();
    if (event.key === 'PageUp') this.#scrollUpBegun(event);
  };

  /** A wheel turn on the list. */
  readonly handleWheel = (event: WheelEvent): void => {
    this.handleIntent();
    if (event.deltaY < 0) this.#scrollUpBegun(event);
  };

  /**
   * A smooth scroll up (PageUp, a wheel turn) moves the list only frames after its event (Firefox).
   * Begun from the newest message, a row that grows before that (a picture loading at the bottom)
   * must not pin the list back to the bottom: the write would cancel the scroll. Its first scroll
   * event then leaves the newest message.
   */
  #scrollUpBegun(event: KeyboardEvent | WheelEvent): void {
    if (!event.ctrlKey && !event.defaultPrevented && this.#following()) this.#upward.start();
  }

  readonly handlePointerDown = (event: PointerEvent): void => {
    // On the list itself, not on a row: its scrollbar.
    if (event.target !== event.currentTarget) return;
    this.#pointerDown = true;
    window.addEventListener('pointerup', this.#handlePointerUp, true);
    window.addEventListener('pointercancel', this.#handlePointerUp, true);
  };

  readonly #handlePointerUp = (): void => {
    this.#pointerDown = false;
    this.handleIntent();
    window.removeEventListener('pointerup', this.#handlePointerUp, true);
    window.removeEventListener('pointercancel', this.#handlePointerUp, true);
  };
}
