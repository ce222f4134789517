/**
 * The time that relative labels ("5 min", "Yesterday") are computed from, refreshed every
 * `intervalMs` for the one element that shows them: the clock re-renders that element, not the
 * panel. A chained `setTimeout`, stopped on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { systemClock, type Clock } from '../core/clock.js';

export class ClockController implements ReactiveController {
  readonly #clock: Clock;
  now: number;
  #timer: unknown;

  readonly #host: ReactiveControllerHost;
  readonly #intervalMs: number;

  constructor(host: ReactiveControllerHost, intervalMs = 30_000, clock: Clock = systemClock) {
    this.#host = host;
    this.#intervalMs = intervalMs;
    this.#clock = clock;
    this.now = clock.now();
    host.addController(this);
  }

  hostConnected(): void {
    this.now = this.#clock.now();
    this.#tick();
  }

  hostDisconnected(): void {
    this.#clock.clearTimeout(this.#timer);
  }

  #tick(): void {
    this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.now = this.#clock.now();
      this.#host.requestUpdate();
      this.#tick();
    }, this.#intervalMs);
  }
}
