/**
 * The time that relative labels ("5 min", "Yesterday") are computed from, refreshed every
 * `intervalMs` for the one element that shows them: the clock re-renders that element, not the
 * panel. A chained `setTimeout`, stopped on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ClockController implements ReactiveController {
  now = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly intervalMs = 30_000,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.now = Date.now();
    this.tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  private tick(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.now = Date.now();
      this.host.requestUpdate();
      this.tick();
    }, this.intervalMs);
  }
}
