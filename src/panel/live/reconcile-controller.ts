/**
 * Reconciliation triggers (contract §5): every `refresh-interval`, when the page becomes visible,
 * when the network comes back, and when the page is shown from the back-forward cache. The host
 * refetches and merges; this controller only decides when.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ReconcileController implements ReactiveController {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  readonly #intervalMs: () => number;
  readonly #reconcile: () => void;

  constructor(host: ReactiveControllerHost, intervalMs: () => number, reconcile: () => void) {
    this.#intervalMs = intervalMs;
    this.#reconcile = reconcile;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#handleVisibility);
    window.addEventListener('online', this.#handleTrigger);
    window.addEventListener('pageshow', this.#handlePageShow);
    this.schedule();
  }

  hostDisconnected(): void {
    this.#connected = false;
    clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this.#handleVisibility);
    window.removeEventListener('online', this.#handleTrigger);
    window.removeEventListener('pageshow', this.#handlePageShow);
  }

  /** Starts the interval over, e.g. after a reconciliation the host ran for another reason. */
  schedule(): void {
    clearTimeout(this.#timer);
    if (!this.#connected) return;
    this.#timer = setTimeout(() => {
      // A hidden page waits for visibilitychange instead of refetching in the background.
      if (document.visibilityState !== 'hidden') this.#reconcile();
      this.schedule();
    }, this.#intervalMs());
  }

  readonly #handleTrigger = (): void => {
    this.#reconcile();
    this.schedule();
  };

  readonly #handleVisibility = (): void => {
    if (document.visibilityState === 'visible') this.#handleTrigger();
  };

  readonly #handlePageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) this.#handleTrigger();
  };
}
