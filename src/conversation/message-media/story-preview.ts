import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str, updateWhenLocaleChanges } from '../../i18n/msg.js';
import type { StoryRef } from '../../core/api/message-wire.js';
import { safeMediaSrc } from '../../ui/safe-url.js';
import { defineOnce } from '../../ui/define.js';
import { mediaViewerChunk } from './viewer-chunk.js';

/**
 * What a photo-network message answers (contract §4, spec §6.2): a Story, shown with its image
 * from the callback's `Story.Url` when there is one, or a post, shown as "Reply to a post #id".
 * The Story URL is absent when the service could not save the media, and may fail later: both
 * show a placeholder box so the operator still knows it was a Story reply.
 *
 * @csspart story-preview - the root; `story-preview--story` or `story-preview--post`.
 * @csspart story-preview-label - "Story reply" / "Reply to a post #id".
 * @csspart story-preview-open - the button around the Story image that opens the viewer.
 * @csspart story-preview-image - the Story image.
 * @csspart story-preview-placeholder - the box shown when the Story media is unavailable.
 */
export class StoryPreview extends LitElement {
  static override styles = css`
    :host {
      display: block;
      color: var(--_ocp-text, #1b1f24);
      font: 12px/1.4 system-ui, sans-serif;
    }
    [hidden] {
      display: none !important;
    }
    .preview {
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 4px 8px 4px 4px;
      border-inline-start: 3px solid var(--_ocp-accent, #1f6feb);
      border-radius: 6px;
      background: var(--_ocp-bg, rgb(127 127 127 / 0.1));
    }
    /* Stories are portrait (9:16); the box is sized before the image loads. */
    .thumb {
      flex: none;
      box-sizing: border-box;
      inline-size: 54px;
      block-size: 96px;
      border-radius: 6px;
      overflow: hidden;
      background: var(--_ocp-bot, rgb(127 127 127 / 0.18));
    }
    .open {
      display: block;
      inline-size: 100%;
      block-size: 100%;
      padding: 0;
      border: 0;
      background: none;
      cursor: zoom-in;
    }
    .thumb img {
      display: block;
      inline-size: 100%;
      block-size: 100%;
      object-fit: cover;
    }
    .placeholder {
      display: grid;
      place-items: center;
      padding: 4px;
      text-align: center;
      color: var(--_ocp-muted, #5c6670);
      font-size: 10px;
      border: 1px dashed var(--_ocp-border, #d5dbe1);
    }
    .label {
      color: var(--_ocp-muted, #5c6670);
      font-weight: 600;
    }
  `;

  @property({ attribute: false }) story: StoryRef | null = null;

  @property({ attribute: false }) postId: number | null = null;

  /** Whether its control is a Tab stop (only in the message the keyboard is on). */
  @property({ type: Boolean }) tabbable = true;

  @state() private failed = false;
  @state() private viewerOpen = false;
  /** The viewer's code, loaded when the Story image is first opened (or pointed at, or focused). */
  readonly #viewer = mediaViewerChunk(this, () => (this.viewerOpen = false));

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('story')) {
      this.failed = false;
      this.viewerOpen = false;
    }
  }

  protected override render() {
    if (this.story) return this.#renderStory(this.story);
    if (this.postId !== null) {
      return html`<div class="preview" part="story-preview story-preview--post">
        <span class="label" part="story-preview-label">${msg(str`Reply to a post #${this.postId}`)}</span>
      </div>`;
    }
    return nothing;
  }

  #renderStory(story: StoryRef) {
    const src = this.failed ? null : safeMediaSrc(story.url);
    return html`<div class="preview" part="story-preview story-preview--story">
      ${
        src
          ? html`<div class="thumb">
              <button type="button" class="open" part="story-preview-open" tabindex=${this.tabbable ? 0 : -1} aria-label=${msg('Open Story image')}
                @click=${this.#handleOpenViewer} @pointerenter=${this.#preloadViewer} @focus=${this.#preloadViewer}>
                <img part="story-preview-image" src=${src} alt=${msg('Story')} loading="lazy" decoding="async"
                  @error=${this.#handleImageError} />
              </button>
            </div>
            ${
              this.viewerOpen && this.#viewer.value
                ? html`<ocp-media-viewer .src=${src} .alt=${msg('Story')} open
                  @ocp-media-viewer-close=${this.#handleViewerClose}></ocp-media-viewer>`
                : nothing
            }`
          : html`<div class="thumb placeholder" part="story-preview-placeholder">${msg('Story media unavailable')}</div>`
      }
      <span class="label" part="story-preview-label">${msg('Story reply')}</span>
    </div>`;
  }

  #handleImageError(): void {
    this.failed = true;
  }

  #handleOpenViewer(): void {
    this.viewerOpen = true;
    void this.#viewer.load();
  }

  #preloadViewer(): void {
    void this.#viewer.load();
  }

  #handleViewerClose(): void {
    this.viewerOpen = false;
  }
}

defineOnce('ocp-story-preview', StoryPreview);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-story-preview': StoryPreview;
  }
}
