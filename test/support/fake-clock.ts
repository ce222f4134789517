import { systemClock, type Clock } from '../../src/core/clock.js';
import { longWait } from './waits.js';

/** A real macrotask: every promise chain a timer started runs as far as it can without time. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A clock the test moves by hand, with the timers it owes, for the DOM-free core that takes a
 * `Clock` (the token clock, the event queue loop). Nothing runs until the test advances it.
 */
export class FakeClock implements Clock {
  private time: number;

  /** `start`: epoch ms it starts at (a fixed day by default). */
  constructor(start = Date.UTC(2026, 0, 1, 12, 0, 0)) {
    this.time = start;
  }

  private timers = new Map<number, { at: number; callback: () => void }>();
  private next = 1;
  /** The longest wait a timer was asked for. */
  longestWait = 0;
  /** Every wait a timer was asked for, in order. */
  readonly waits: number[] = [];
  now = (): number => this.time;
  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next++;
    this.longestWait = Math.max(this.longestWait, ms);
    this.waits.push(ms);
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  };
  clearTimeout = (handle: unknown): void => void this.timers.delete(handle as number);

  /** How many timers are still owed. */
  pending(): number {
    return this.timers.size;
  }

  /** How long until the next timer is due (0 when one is overdue), or null when none is owed. */
  untilNext(): number | null {
    const due = Math.min(...[...this.timers.values()].map((timer) => timer.at));
    return Number.isFinite(due) ? Math.max(0, due - this.time) : null;
  }

  /** The next timer due within `until`, taken off the list, with the clock moved to it. */
  private takeDue(until: number): (() => void) | null {
    const due = [...this.timers.entries()]
      .filter(([, timer]) => timer.at <= until)
      .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
    if (!due) return null;
    this.timers.delete(due[0]);
    this.time = Math.max(this.time, due[1].at);
    return due[1].callback;
  }

  /** Runs the timers due within `ms`, in order; one overdue (after a sleep) runs late, now. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (let runs = 0; ; runs++) {
      if (runs > 10_000) throw new Error('the timers keep rescheduling themselves without end');
      const callback = this.takeDue(until);
      if (!callback) break;
      callback();
    }
    this.time = until;
  }

  /**
   * As `advance`, for code whose timers start promise chains (a request, then the next timer):
   * each chain runs on before the next timer is looked for, and once more at the end.
   */
  async advanceAsync(ms: number): Promise<void> {
    const until = this.time + ms;
    for (let runs = 0; ; runs++) {
      // Each run waits a real task: a runaway loop must fail well within the test's timeout.
      if (runs > 1000) throw new Error('the timers keep rescheduling themselves without end');
      await settle();
      const callback = this.takeDue(until);
      if (!callback) break;
      callback();
    }
    this.time = until;
    await settle();
  }

  /**
   * For code whose waits run on this clock while the requests between them are real: each due
   * timer runs once the code is waiting on it (a real request may be out meanwhile), until `done`.
   * `upTo`: the longest wait it passes (a poll's, say); longer ones (the token's clock, the
   * relative times) are left to come in their time, as they would while a second passes.
   * `what`: named in the error when `done` does not come within `timeoutMs`.
   */
  async passWaitsUntil(
    done: () => boolean,
    { timeoutMs = 12_000, upTo = Infinity, what = 'done' }: { timeoutMs?: number; upTo?: number; what?: string } = {},
  ): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!done()) {
      if (performance.now() > deadline)
        throw new Error(`${what}: not so after ${this.waits.length} waits: [${this.waits.join(', ')}] ms`);
      const next = this.untilNext();
      if (next === null || next > upTo) await new Promise((resolve) => setTimeout(resolve, 10));
      else await this.advanceAsync(next);
    }
  }

  /** Moves the clock without running any timer: the machine slept or the page was frozen. */
  sleep(ms: number): void {
    this.time += ms;
  }
}

/**
 * Puts the panel on `clock` until the returned function is called: `systemClock` (core/clock.ts),
 * which the panel's own modules take their time and timers from unless given another (the token
 * clock, the event queue loop, the retries' backoff, the relative times), answers with `clock`'s.
 * A whole panel's timed behaviour then runs when the test moves the clock, not when time passes.
 */
export function runPanelOn(clock: FakeClock): () => void {
  const real = { ...systemClock };
  Object.assign(systemClock, { now: clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout });
  return () => Object.assign(systemClock, real);
}

/**
 * The panel's polls, and its other waits of a poll interval or less, on a clock the test moves:
 * `until(done, what)` lets each go as soon as the panel waits for it, where real time would wait
 * the shortest interval, a second, between polls. `restore()` gives the panel the browser's time back.
 */
export function pollsOnDemand(pollIntervalMs = 1000): {
  until: (done: () => boolean, what: string) => Promise<void>;
  restore: () => void;
} {
  const clock = new FakeClock(Date.now());
  const restore = runPanelOn(clock);
  const until = (done: () => boolean, what: string) =>
    clock.passWaitsUntil(done, { upTo: pollIntervalMs, timeoutMs: longWait.timeout, what });
  return { until, restore };
}
