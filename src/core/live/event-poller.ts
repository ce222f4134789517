/**
 * The event queue loop (spec §4.5, contract §5): read page 1, hand it over, acknowledge it
 * (`consume`), and read page 1 again at once while pages come back full. Never page 2: an
 * acknowledgement deletes, so page 2 after it would skip events. Chained timeouts, one
 * AbortController, no DOM: `stop()` leaves nothing running. A poll is repeated through 429s,
 * network errors and 5xx by the client's one retry policy (api/retry-policy.ts), which tells this
 * loop of each retry: here it only becomes the health the panel shows.
 */
import { ApiError, connectionTrouble, isAbort, type ConnectionTrouble } from '../api/api-error.js';
import { systemClock, type Clock } from '../clock.js';
import { parseCallbackEvents, type CallbackEvent } from '../api/callback-events.js';
import type { EventQueue } from '../api/event-queue-api.js';

export type PollMode = 'consume' | 'observe';

export interface PollerHealth {
  /** Polling is retried because the service cannot be reached or answers 5xx; null: fine. */
  trouble: ConnectionTrouble | null;
  /** The last failure, or null once a poll succeeded. */
  error: ApiError | null;
}

export interface EventPollerOptions {
  api: EventQueue;
  mode: PollMode;
  intervalMs: number;
  /** While the page is hidden; default max(interval × 5, 30 s). */
  hiddenIntervalMs?: number;
  perPage?: number;
  isHidden?: () => boolean;
  /**
   * A page to apply, in page order (the reducer sorts). `items` are the raw page items, for
   * sharing with other tabs, which re-parse rather than trust them. A throw means "not
   * applied": the page is not acknowledged and comes back later. A returned promise puts the
   * acknowledgement off until it settles (the panel's: once the page is on screen).
   */
  onEvents: (events: CallbackEvent[], items: readonly unknown[]) => void | Promise<unknown>;
  /** Called when health changes. `no-token` / `unauthorized` stop the poller. */
  onHealth?: (health: PollerHealth) => void;
  /** Time and timers between polls; default the browser's. */
  clock?: Clock;
}

const stoppingCodes = new Set(['no-token', 'unauthorized']);

export class EventPoller {
  readonly #options: EventPollerOptions;
  readonly #perPage: number;
  #controller: AbortController | null = null;
  readonly #clock: Clock;
  #timer: unknown = null;
  #inFlight = false;
  #catchUpRequested = false;
  #health: PollerHealth = { trouble: null, error: null };
  #lastAcked = new Set<string>();

  constructor(options: EventPollerOptions) {
    this.#options = options;
    this.#perPage = Math.max(1, options.perPage ?? 100);
    this.#clock = options.clock ?? systemClock;
  }

  get running(): boolean {
    return this.#controller !== null;
  }

  get mode(): PollMode {
    return this.#options.mode;
  }

  start(): void {
    if (this.#controller) return;
    this.#controller = new AbortController();
    this.#schedule(0);
  }

  stop(): void {
    this.#controller?.abort();
    this.#controller = null;
    this.#clearTimer();
    this.#inFlight = false;
    this.#catchUpRequested = false;
  }

  /**
   * Catch up at once (page visible, network back, new token): a poll waiting to be retried after a
   * network error or a 5xx goes now, and the next round follows at once; a 429's wait is kept.
   */
  pollNow(): void {
    if (!this.#controller) return;
    if (this.#inFlight) {
      this.#catchUpRequested = true;
      this.#options.api.retryNow();
      return;
    }
    this.#schedule(0);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(delayMs: number): void {
    this.#clearTimer();
    const signal = this.#controller?.signal;
    if (!signal) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.#cycle(signal);
    }, delayMs);
  }

  #interval(): number {
    const { intervalMs, hiddenIntervalMs, isHidden } = this.#options;
    if (!isHidden?.()) return intervalMs;
    return hiddenIntervalMs ?? Math.max(intervalMs * 5, 30000);
  }

  #report(health: PollerHealth): void {
    // One report per change of state, not per failed attempt: the banner does not flicker.
    if (health.trouble === this.#health.trouble && health.error?.code === this.#health.error?.code) return;
    this.#health = health;
    this.#options.onHealth?.(health);
  }

  /** One round: read, apply, acknowledge; then decide when the next one runs. */
  async #cycle(signal: AbortSignal): Promise<void> {
    this.#inFlight = true;
    this.#catchUpRequested = false;
    let next: number;
    try {
      next = await this.#round(signal);
    } catch (error) {
      if (signal.aborted || isAbort(error)) return;
      next = this.#failed(error);
    } finally {
      if (!signal.aborted) this.#inFlight = false;
    }
    if (signal.aborted || !this.#controller) return;
    this.#schedule(this.#catchUpRequested ? 0 : next);
  }

  /** Returns the delay before the next round: 0 to drain a full, acknowledged page. */
  async #round(signal: AbortSignal): Promise<number> {
    const page = await this.#options.api.pollEvents(this.#perPage, signal, (error) =>
      this.#report({ trouble: connectionTrouble(error), error }),
    );
    if (signal.aborted) return 0;
    this.#report({ trouble: null, error: null });
    const { events } = parseCallbackEvents(page.items);
    if (events.length > 0) {
      const delivered = this.#deliver(events, page.items);
      if (!delivered) return this.#interval();
      await delivered;
      if (signal.aborted) return 0;
    }
    if (this.#options.mode === 'observe') return this.#interval(); // a full page cannot drain here
    const guids = [...new Set(events.map((event) => event.guid))];
    if (guids.length === 0) return this.#interval();
    // A page of nothing but guids we already acknowledged means the service is not deleting:
    // re-reading at once would spin, so wait the interval.
    const news = guids.some((guid) => !this.#lastAcked.has(guid));
    const acknowledged = await this.#acknowledge(guids, signal);
    if (acknowledged) this.#lastAcked = new Set(guids);
    const full = page.items.length >= this.#perPage;
    return acknowledged && full && news ? 0 : this.#interval();
  }

  /**
   * Hands a page over: settles when the caller is done with it; false when the caller threw (a
   * bug there must not look like an outage).
   */
  #deliver(events: CallbackEvent[], items: readonly unknown[]): Promise<unknown> | false {
    try {
      return Promise.resolve(this.#options.onEvents(events, items)).catch(() => undefined);
    } catch (error) {
      // Not applied, so not acknowledged; surfaced as an uncaught error for whoever watches.
      setTimeout(() => {
        throw error;
      });
      return false;
    }
  }

  /**
   * False when the acknowledgement failed: what it did not delete comes back with a later poll, is
   * applied once (deduped) and acknowledged then, so it is not repeated here.
   */
  async #acknowledge(guids: string[], signal: AbortSignal): Promise<boolean> {
    try {
      await this.#options.api.acknowledgeEvents(guids, signal);
      return true;
    } catch (error) {
      if (signal.aborted || isAbort(error)) throw error;
      if (error instanceof ApiError && stoppingCodes.has(error.code)) throw error;
      return false;
    }
  }

  #failed(error: unknown): number {
    const apiError = error instanceof ApiError ? error : new ApiError('network', String(error));
    if (stoppingCodes.has(apiError.code)) {
      // The session decides what happens next (sign-in state, new token → restart).
      this.#report({ trouble: null, error: apiError });
      this.stop();
      return 0;
    }
    // A failure the client does not repeat (a malformed page, a refused request): the next poll
    // comes at the interval, as after an answer.
    this.#report({ trouble: connectionTrouble(apiError), error: apiError });
    return this.#interval();
  }
}
