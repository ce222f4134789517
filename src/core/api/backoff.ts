/**
 * Exponential backoff with jitter: about 1 s, doubling to a cap (spec §7: 1 s, 2 s, 4 s, 8 s).
 * The delay is drawn between half the base and the doubled step, so clients that failed
 * together do not retry together, and no retry comes sooner than half the base.
 */
import { systemClock, type Clock } from '../clock.js';

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
}

export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  { baseMs = 1000, capMs = 30000 }: BackoffOptions = {},
): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  const floor = Math.min(step, baseMs / 2);
  return Math.round(floor + random() * (step - floor));
}

/** The wait before a retry: the server's `Retry-After` when given, never less than backoff's floor. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, random?: () => number): number {
  const jittered = backoffDelay(attempt, random);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, Math.min(jittered, 1000));
}

/** Resolves after `ms` of `clock`, or rejects with an AbortError when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
