/**
 * Whether the open chat shows its customer details, and their chunk: remembered per operator
 * (details-memory.ts), loaded when first open or when the toggle is pointed at. They close by
 * their toggle, their own close button or Escape; the focus then goes back to the toggle.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LazyFeature } from '../core/lazy-feature.js';
import { readDetailsOpen, saveDetailsOpen } from './details-memory.js';

type Host = ReactiveControllerHost & HTMLElement;

export class DetailsPaneController implements ReactiveController {
  open = false;
  readonly #host: Host;
  /** Whose choice is remembered (the operator's scope), or null. */
  readonly #scope: () => string | null;
  readonly #chunk = new LazyFeature(
    () => import('./customer-details/index.js'),
    () => this.#host.requestUpdate(),
  );

  constructor(host: Host, scope: () => string | null) {
    this.#host = host;
    this.#scope = scope;
    host.addController(this);
  }

  /** Whether the details render now: open, and their code is in. */
  get shown(): boolean {
    return this.open && this.#chunk.status === 'ready';
  }

  /** The operator's scope changed: their remembered choice. */
  scopeChanged(): void {
    this.open = readDetailsOpen(this.#scope());
  }

  hostUpdate(): void {
    if (this.open) void this.#chunk.load();
  }

  preload(): void {
    void this.#chunk.load();
  }

  /** The header's toggle or the pane's close button; closing puts focus back on the toggle. */
  toggle(focusToggle = true): void {
    this.open = !this.open;
    saveDetailsOpen(this.#scope(), this.open);
    this.#host.requestUpdate();
    if (!this.open && focusToggle)
      void this.#host.updateComplete.then(() =>
        this.#host.querySelector<HTMLElement>('[part~="customer-details-toggle"]')?.focus(),
      );
  }

  /**
   * Escape's layer in the conversation (KeyboardController): closes the details if they show;
   * the focus goes to their toggle when it was in the conversation. Answers whether it did.
   */
  close(): boolean {
    if (!this.#host.querySelector('ocp-customer-details') || this.#host.getClientRects().length === 0) return false;
    const focused = (this.#host.getRootNode() as ShadowRoot | Document).activeElement;
    this.toggle(focused !== null && this.#host.contains(focused));
    return true;
  }
}
