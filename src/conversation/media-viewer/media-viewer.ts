import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, updateWhenLocaleChanges } from '../../i18n/msg.js';
import { safeMediaSrc } from '../../ui/safe-url.js';
import { defineOnce } from '../../ui/define.js';
import { mediaViewerStyles } from './media-viewer.styles.js';

/**
 * A modal photo viewer: a native `<dialog>` opened with `showModal()`, so the browser gives us
 * the top layer (no clipping by the panel's overflow), the focus trap and Escape to close.
 * Closing (Escape, the close button, a click on the backdrop, `open = false`) returns focus to
 * whatever had it when the viewer opened.
 *
 * The photo first fits the screen; the zoom button (or a click on the photo) shows it at its own
 * size, scrolling inside the viewer, and back. A download link is offered for a safe URL only.
 *
 * @fires ocp-media-viewer-close - after the viewer closed (internal: on this element only, the page never sees it).
 * @csspart media-viewer - the dialog.
 * @csspart media-viewer-image - the photo.
 * @csspart media-viewer-close - the close button.
 * @csspart media-viewer-zoom - the button between fitting the screen and the photo's own size (`aria-pressed`).
 * @csspart media-viewer-download - the download link.
 */
export class MediaViewer extends LitElement {
  static override styles = mediaViewerStyles;

  /** The photo URL; checked again with safeMediaSrc, so an unsafe one shows nothing. */
  @property() src: string | null = null;

  /** Text alternative and caption: the file name. */
  @property() alt = '';

  /** Whether the viewer is showing; setting it opens or closes the dialog. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Shown at the photo's own size instead of fitted to the screen. */
  @state() private zoomed = false;

  get #dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')!;
  }

  #opener: HTMLElement | null = null;
  /** Between showModal() and the end of its closing: makes finishing idempotent. */
  #showing = false;

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  show(): void {
    this.open = true;
  }

  close(): void {
    this.open = false;
  }

  protected override render() {
    const src = safeMediaSrc(this.src);
    const label = this.alt || msg('Image');
    // A click on the backdrop closes the dialog; Escape closes it through the dialog's own cancel.
    // eslint-disable-next-line lit-a11y/click-events-have-key-events
    return html`<dialog
      part="media-viewer"
      aria-label=${label}
      @cancel=${this.#handleDialogCancel}
      @close=${this.#finishClose}
      @click=${this.#handleDialogClick}
    >
      <div class="tools">
        <button class="tool" type="button" part="media-viewer-zoom" aria-pressed=${this.zoomed ? 'true' : 'false'}
          ?hidden=${!src} @click=${this.#toggleZoom}>${this.zoomed ? msg('Fit to screen') : msg('Actual size')}</button>
        ${
          src
            ? html`<a class="tool" part="media-viewer-download" href=${src} download=${this.alt || ''}
              target="_blank" rel="noopener noreferrer">${msg('Download')}</a>`
            : nothing
        }
        <button class="close" type="button" part="media-viewer-close" aria-label=${msg('Close image viewer')} autofocus>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <figure class=${this.zoomed ? 'zoomed' : ''}>
        <div class="frame">
          <img part="media-viewer-image" src=${src ?? nothing} ?hidden=${!src} alt=${label} decoding="async" />
        </div>
        <figcaption ?hidden=${!this.alt}>${this.alt}</figcaption>
      </figure>
    </dialog>`;
  }

  readonly #toggleZoom = (event: Event): void => {
    event.stopPropagation(); // a click on the photo is not a click on the backdrop
    this.zoomed = !this.zoomed;
  };

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('open')) return;
    if (this.open) this.zoomed = false; // each opening starts fitted
    const dialog = this.#dialog;
    if (this.open && !dialog.open && this.isConnected) {
      this.#opener = deepActiveElement();
      this.#showing = true;
      dialog.showModal();
    } else if (!this.open && dialog.open) {
      this.#closeDialog();
    }
  }

  /**
   * Closes and finishes at once. The dialog's own \`close\` event comes later, and Chromium only
   * delivers it with a rendering update, which a page in the background never gets; focus can
   * only go back to the opener once the dialog is no longer modal.
   */
  #closeDialog(): void {
    if (this.#dialog.open) this.#dialog.close();
    this.#finishClose();
  }

  /** Runs once per opening, whichever way the viewer closed. */
  #finishClose(): void {
    if (!this.#showing) return;
    this.#showing = false;
    this.open = false;
    const opener = this.#opener;
    this.#opener = null;
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    this.dispatchEvent(new Event('ocp-media-viewer-close'));
  }

  /** Escape: close it ourselves, so what follows does not wait for the \`close\` event. */
  #handleDialogCancel(event: Event): void {
    event.preventDefault();
    this.#closeDialog();
  }

  #handleDialogClick(event: MouseEvent): void {
    const target = event.target as Element;
    // A click on the photo zooms, as its button does (the keyboard's way).
    if (target.localName === 'img') return this.#toggleZoom(event);
    // The dialog itself is only hit outside the figure, i.e. on its padding or the backdrop.
    if (target === this.#dialog || target.closest('.close')) this.#closeDialog();
  }
}

/** The focused element, looking inside shadow roots (the opener lives in the panel's). */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

defineOnce('ocp-media-viewer', MediaViewer);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-media-viewer': MediaViewer;
  }
}
