/**
 * Reconciliation triggers (contract §5): every `refresh-interval`, when the page becomes visible,
 * when the network comes back, and when the page is shown from the back-forward cache. The host
 * refetches and merges; this controller only decides when.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ReconcileController implements ReactiveController {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly intervalMs: () => number,
    private readonly reconcile: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.handleVisibility);
    window.addEventListener('online', this.handleTrigger);
    window.addEventListener('pageshow', this.handlePageShow);
    this.schedule();
  }

  hostDisconnected(): void {
    this.connected = false;
    clearTimeout(this.timer);
    document.removeEventListener('visibilitychange', this.handleVisibility);
    window.removeEventListener('online', this.handleTrigger);
    window.removeEventListener('pageshow', this.handlePageShow);
  }

  /** Starts the interval over, e.g. after a reconciliation the host ran for another reason. */
  schedule(): void {
    clearTimeout(this.timer);
    if (!this.connected) return;
    this.timer = setTimeout(() => {
      // A hidden page waits for visibilitychange instead of refetching in the background.
      if (document.visibilityState !== 'hidden') this.reconcile();
      this.schedule();
    }, this.intervalMs());
  }

  private readonly handleTrigger = (): void => {
    this.reconcile();
    this.schedule();
  };

  private readonly handleVisibility = (): void => {
    if (document.visibilityState === 'visible') this.handleTrigger();
  };

  private readonly handlePageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) this.handleTrigger();
  };
}
