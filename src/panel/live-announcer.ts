/**
 * A polite live region for news a screen reader user would otherwise miss: new inbound messages,
 * in the open chat or any other. It lives outside the panel box, so it still speaks while the
 * floating popup is closed. The conversation's own log stays silent (`aria-live="off"`) so a
 * message is announced once.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';

const maxLength = 140;

export class LiveAnnouncer {
  #text = '';
  /** Alternates so that the same words twice in a row still change the region. */
  #flip = false;

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  announce(text: string): void {
    const clipped = text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
    this.#flip = !this.#flip;
    this.#text = this.#flip ? clipped : `${clipped}\u00a0`;
    this.#host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" aria-live="polite" aria-atomic="true" data-live-region>${this.#text}</div>`;
  }
}
