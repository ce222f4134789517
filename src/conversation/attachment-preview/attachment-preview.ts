import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str, updateWhenLocaleChanges } from '../../i18n/msg.js';
import { defineOnce } from '../../ui/define.js';
import { attachmentFromFile, formatBytes } from '../media/attachments.js';
import { langOf } from '../media/lang.js';
import { attachmentPreviewStyles } from './attachment-preview.styles.js';

const fileIcon = svg`<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor"
  stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2
  2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/></svg>`;

export interface AttachmentRemoveDetail {
  file: Blob;
}

/**
 * The file the operator chose, dropped or pasted, shown in the composer before it is sent:
 * a thumbnail for images, the name and size, a remove button and, while uploading, progress.
 * The thumbnail is a `blob:` URL of the local file, revoked when the file changes or the element
 * is really removed (not when it is only moved: checked after a microtask).
 *
 * @fires ocp-attachment-remove - the remove button was pressed; detail `{file}` (on this element only:
 *   the composer listens here, and the page never sees it).
 * @csspart attachment-preview - the root; `attachment-preview--uploading` while progress is set.
 * @csspart attachment-preview-thumbnail - the image thumbnail or file icon box.
 * @csspart attachment-preview-name - the file name.
 * @csspart attachment-preview-size - the formatted size.
 * @csspart attachment-preview-progress - the upload progress bar.
 * @csspart attachment-preview-remove - the remove button.
 */
export class AttachmentPreview extends LitElement {
  static override styles = attachmentPreviewStyles;

  @property({ attribute: false }) file: Blob | null = null;

  /** Upload progress from 0 to 1, or null when not uploading. */
  @property({ type: Number }) progress: number | null = null;

  @state() private thumbnailUrl: string | null = null;

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected after a real disconnect revoked the URL: make a new one.
    if (this.file && !this.thumbnailUrl) this.thumbnailUrl = thumbnailFor(this.file);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (!this.isConnected) this.#revokeThumbnail();
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('file')) {
      this.#revokeThumbnail();
      this.thumbnailUrl = this.file && this.isConnected ? thumbnailFor(this.file) : null;
    }
  }

  protected override render() {
    const file = this.file;
    if (!file) return nothing;
    const { name } = attachmentFromFile(file);
    const progress = this.progress === null ? null : Math.min(1, Math.max(0, this.progress));
    const parts = progress === null ? 'attachment-preview' : 'attachment-preview attachment-preview--uploading';
    return html`<div class="preview" part=${parts}>
      <span class="thumb" part="attachment-preview-thumbnail">
        ${
          this.thumbnailUrl
            ? html`<img src=${this.thumbnailUrl} alt="" decoding="async" />`
            : html`<span aria-hidden="true">${fileIcon}</span>`
        }
      </span>
      <span class="text">
        <span class="name" part="attachment-preview-name" title=${name}>${name}</span>
        <span class="size" part="attachment-preview-size">${formatBytes(file.size, langOf(this))}</span>
        ${
          progress === null
            ? nothing
            : html`<progress part="attachment-preview-progress" max="1" .value=${progress}
              aria-label=${msg(str`Uploading ${name}`)}></progress>`
        }
      </span>
      <button class="remove" type="button" part="attachment-preview-remove"
        aria-label=${msg(str`Remove attachment ${name}`)} @click=${this.#handleRemoveClick}>
        <span aria-hidden="true">×</span>
      </button>
    </div>`;
  }

  #handleRemoveClick(): void {
    if (!this.file) return;
    this.dispatchEvent(
      new CustomEvent<AttachmentRemoveDetail>('ocp-attachment-remove', {
        detail: { file: this.file },
      }),
    );
  }

  #revokeThumbnail(): void {
    if (this.thumbnailUrl) URL.revokeObjectURL(this.thumbnailUrl);
    this.thumbnailUrl = null;
  }
}

/** A blob: URL for image files only; other files get an icon and no URL to revoke. */
function thumbnailFor(file: Blob): string | null {
  return attachmentFromFile(file).format.toLowerCase().startsWith('image/') ? URL.createObjectURL(file) : null;
}

defineOnce('ocp-attachment-preview', AttachmentPreview);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-attachment-preview': AttachmentPreview;
  }
  interface HTMLElementEventMap {
    'ocp-attachment-remove': CustomEvent<AttachmentRemoveDetail>;
  }
}
