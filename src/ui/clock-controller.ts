/**
 * The time that relative labels ("5 min", "Yesterday") are computed from, refreshed every
 * `intervalMs` for the one element that shows them: the clock re-renders that element, not the
 * panel. A chained `setTimeout`, stopped on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ClockController implements ReactiveController {
  now = Date.now();
  #timer: ReturnType<typeof setTimeout> | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #intervalMs: number;

  constructor(host: ReactiveControllerHost, intervalMs = 30_000) {
    this.#host = host;
    this.#intervalMs = intervalMs;
    host.addController(this);
  }

  hostConnected(): void {
    this.now = Date.now();
    this.#tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  #tick(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.now = Date.now();
      this.#host.requestUpdate();
      this.#tick();
    }, this.#intervalMs);
  }
}
