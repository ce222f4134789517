/**
 * Focus never falls to the page (contract §8). A control that a render takes away ("Jump to
 * newest" once the newest message shows, Discard with its failed message, the updated chats' button
 * once they show) takes the focus with it, and the browser puts the focus on the page: the keys
 * then reach neither the panel nor anything else. This controller sees which element had the focus
 * before each render of its host and, if that render took the focus away, gives it back: to that
 * element if the render only moved it (a row the list reordered), else to the host's fallback (the
 * composer or the message list, the chat list's row; for the panel's own render, a dismissed
 * banner, the composer or the list).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FocusKeeper implements ReactiveController {
  /** The host's element that had the focus as the render began. */
  #focused: Element | null = null;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #fallback: () => HTMLElement | null | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, fallback: () => HTMLElement | null | undefined) {
    this.#host = host;
    this.#fallback = fallback;
    host.addController(this);
  }

  hostUpdate(): void {
    const root = this.#root();
    const active = root.activeElement;
    this.#focused = active && (root === this.#host.shadowRoot || this.#host.contains(active)) ? active : null;
  }

  hostUpdated(): void {
    const had = this.#focused;
    this.#focused = null;
    if (!had) return;
    const active = this.#root().activeElement;
    if (active && active !== document.body) return; // still there, or moved on on purpose
    // Moved (a row the list reordered: moving an element takes its focus away too): back to it,
    // if it can still take it. Gone: to the fallback.
    if (had.isConnected) {
      (had as HTMLElement).focus({ preventScroll: true });
      if (this.#root().activeElement === had) return;
    }
    this.#fallback()?.focus({ preventScroll: true });
  }

  /** Where the host's elements are: its own shadow root (the panel), or the root it renders into (light elements). */
  #root(): Document | ShadowRoot {
    return this.#host.shadowRoot ?? (this.#host.getRootNode() as Document | ShadowRoot);
  }
}
