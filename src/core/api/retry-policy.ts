/**
 * The one retry policy of the chat client (contract §5, §8); nothing else in the panel repeats a
 * request. A 429 is always waited out and the request repeated: the service did nothing. A read
 * the panel keeps up by itself (the chat list, the open chat, the event queue) is repeated after
 * a network error or a 5xx too, until it is answered or aborted, and its caller hears of each
 * retry to show the trouble. Nothing else is repeated after those: a send may have been done.
 *
 * The waits are drawn between half a step and the step, which starts at 1 s and doubles to a 30 s
 * cap, so clients that failed together do not come back together, and under a lasting failure no
 * wait falls back below half its step. A `Retry-After` is a floor under the wait, never a reset.
 */
import { ApiError } from './api-error.js';
import { systemClock, type Clock } from '../clock.js';

/**
 * What a request is repeated after, by itself:
 * - `after-429`: only after a 429. Sends and every change (contract §8: never sent twice without
 *   the operator asking), and reads whose failure the operator sees and can ask again.
 * - `until-answered`: after a 429, a network error or a 5xx, until it is answered: a read the
 *   panel keeps up by itself, with a banner while it is retried (contract §5).
 */
export type Repeat = 'after-429' | 'until-answered';

/** Hears of a failure about to be retried, before its wait (`waitMs`) starts. */
export type RetryListener = (error: ApiError, waitMs: number) => void;

export interface RetryOptions {
  /** Default `after-429`. */
  repeat?: Repeat;
  onRetry?: RetryListener;
}

export interface Backoff {
  firstStepMs: number;
  capMs: number;
}

const defaultBackoff: Backoff = { firstStepMs: 1000, capMs: 30_000 };

/** The step of the wait after `failures` earlier failures in a row: 1, 2, 4, 8, 16, 30, 30… s. */
function backoffStep(failures: number, { firstStepMs, capMs }: Backoff = defaultBackoff): number {
  return Math.min(capMs, firstStepMs * 2 ** Math.max(0, failures));
}

/** The wait before the next attempt: drawn between half the step and the step, and never under `Retry-After`. */
function retryWait(
  failures: number,
  retryAfterMs: number | undefined,
  random: () => number,
  backoff: Backoff = defaultBackoff,
): number {
  const step = backoffStep(failures, backoff);
  return Math.max(Math.round(step / 2 + random() * (step / 2)), retryAfterMs ?? 0);
}

/** Whether `error` repeats a request of this kind. */
function repeatsAfter(repeat: Repeat, error: ApiError): boolean {
  return repeat === 'until-answered' ? error.retryable : error.code === 'rate-limited';
}

export interface RetryPolicyOptions {
  /** Time and timers; default the browser's. */
  clock?: Clock;
  random?: () => number;
  backoff?: Backoff;
}

export class RetryPolicy {
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #backoff: Backoff;
  /** Ends each wait `retryNow()` may cut short. */
  readonly #wakers = new Set<() => void>();

  constructor({ clock = systemClock, random = Math.random, backoff = defaultBackoff }: RetryPolicyOptions = {}) {
    this.#clock = clock;
    this.#random = random;
    this.#backoff = backoff;
  }

  /** Runs `attempt` until it succeeds or fails in a way `repeat` does not repeat; an abort ends it. */
  async run<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined, options: RetryOptions = {}): Promise<T> {
    const repeat = options.repeat ?? 'after-429';
    for (let failures = 0; ; failures++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ApiError) || !repeatsAfter(repeat, error) || signal?.aborted) throw error;
        const waitMs = retryWait(failures, error.retryAfterMs, this.#random, this.#backoff);
        options.onRetry?.(error, waitMs);
        await this.#wait(waitMs, error.code !== 'rate-limited', signal);
      }
    }
  }

  /**
   * The network is back or the operator looks again: the waits after a network error or a 5xx end
   * now. A 429's wait is the service's word and is kept. The count of failures goes on.
   */
  retryNow(): void {
    for (const wake of [...this.#wakers]) wake();
  }

  #wait(ms: number, wakeable: boolean, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (aborted: boolean) => {
        this.#clock.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#wakers.delete(wake);
        if (aborted) reject(new ApiError('aborted', 'Request aborted'));
        else resolve();
      };
      const wake = () => settle(false);
      const onAbort = () => settle(true);
      const timer = this.#clock.setTimeout(wake, ms);
      if (wakeable) this.#wakers.add(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
    });
  }
}
