/**
 * A while that lasts at least a time and at least a count of rendered frames, optionally with work
 * in each of its frames. On a busy machine WebKit rendered no frame for over a second: after a
 * PageUp, whose scroll was seen (its scroll event came) only in the next frame, by then "not the
 * operator's" by the clock alone; and while the list followed the newest message, whose row grew
 * with no size change reported, seen only in that next frame. A page that renders no frames at all
 * (hidden) ends the span at a longest time instead.
 */

/** How a span sees time and frames: the page's own, or a test's. */
export interface SpanClock {
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
}

const pageClock: SpanClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
};

export interface FrameSpanLength {
  /** At least this long, in ms. */
  ms: number;
  /** And at least this many frames rendered after its start. */
  frames: number;
  /** Never longer than this, in ms, frames or not. */
  longestMs: number;
}

export class FrameSpan {
  #until = 0;
  #latest = 0;
  #framesLeft = 0;
  #frame = 0;
  readonly #length: FrameSpanLength;
  readonly #eachFrame: (() => void) | null;
  readonly #clock: SpanClock;

  /** `eachFrame`: work done in each frame while the span lasts. */
  constructor(length: FrameSpanLength, eachFrame: (() => void) | null = null, clock: SpanClock = pageClock) {
    this.#length = length;
    this.#eachFrame = eachFrame;
    this.#clock = clock;
  }

  /** Starts the span now, or starts it again. */
  start(): void {
    const now = this.#clock.now();
    this.#until = now + this.#length.ms;
    this.#latest = now + this.#length.longestMs;
    this.#framesLeft = this.#length.frames;
    if (!this.#frame) this.#frame = this.#clock.requestFrame(this.#counted);
  }

  /** Ends the span at once. */
  end(): void {
    this.#until = 0;
    this.#latest = 0;
    this.#framesLeft = 0;
    if (this.#frame) this.#clock.cancelFrame(this.#frame);
    this.#frame = 0;
  }

  get active(): boolean {
    const now = this.#clock.now();
    return now < this.#until || (this.#framesLeft > 0 && now < this.#latest);
  }

  readonly #counted = (): void => {
    this.#frame = 0;
    this.#framesLeft = Math.max(0, this.#framesLeft - 1);
    // Without work in its frames, a span that has had its frames needs no more of them.
    if (!this.active || (this.#framesLeft === 0 && !this.#eachFrame)) return;
    this.#eachFrame?.();
    this.#frame = this.#clock.requestFrame(this.#counted);
  };
}
