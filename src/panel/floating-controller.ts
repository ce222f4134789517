/**
 * `mode="floating"`: a launcher button fixed to a corner that opens the panel as a popup.
 * Escape closes the popup, the last of its layers (KeyboardController), and focus returns to the
 * launcher.
 */
import { html, nothing, svg, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { msg } from '../i18n/msg.js';
import { launcherUnreadLabel } from '../i18n/counts.js';
import { icon } from '../ui/icons.js';

/** The launcher's icon: only this mode shows it. */
const chatIcon = icon(svg`<path d="M4 5h16v11H9l-5 4z"/>`);

type Host = ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode; updateComplete: Promise<unknown> };

export class FloatingController {
  open = false;

  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
  }

  toggle(): void {
    if (this.close()) return;
    this.open = true;
    this.#host.requestUpdate();
    // Into the popup, where the operator left off: the list's current row, else the close button.
    void this.#host.updateComplete.then(() => {
      const root = this.#host.renderRoot;
      const target =
        root.querySelector<HTMLElement>('.popup [part~="chat-item"][tabindex="0"]') ??
        root.querySelector<HTMLElement>('.popup .panel__close');
      target?.focus();
    });
  }

  /** Closes the popup; answers whether it was open. */
  close(): boolean {
    if (!this.open) return false;
    this.open = false;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => this.#host.renderRoot.querySelector<HTMLElement>('.launcher')?.focus());
    return true;
  }

  render(panel: TemplateResult, unread: number): TemplateResult {
    return html`<button
        type="button"
        class="launcher"
        part="launcher"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="ocp-popup"
        aria-label=${unread > 0 ? launcherUnreadLabel(unread) : msg('Chats')}
        @click=${() => this.toggle()}
      >
        ${chatIcon}
        ${unread > 0 ? html`<span class="launcher__badge" part="unread-badge">${unread > 99 ? '99+' : unread}</span>` : nothing}
      </button>
      <div class="popup" id="ocp-popup" role="dialog" aria-label=${msg('Chats')} ?hidden=${!this.open}>${panel}</div>`;
  }
}
