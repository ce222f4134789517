import { LitElement, html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str, updateWhenLocaleChanges } from '../../i18n/msg.js';
import type { ChatMedia } from '../../core/api/message-wire.js';
import { MediaType } from '../../core/api/message-enums.js';
import { afterNextPaint } from '../../ui/after-next-paint.js';
import { safeMediaSrc } from '../../ui/safe-url.js';
import { defineOnce } from '../../ui/define.js';
import { formatBytes, mediaTypeForMime } from '../media/attachments.js';
import { formatDuration } from '../media/duration.js';
import { langOf } from '../media/lang.js';
import { messageMediaStyles } from './message-media.styles.js';
import { mediaViewerChunk } from './viewer-chunk.js';
import { markText, type MarkedRange } from '../find/search-marks.js';
import { searchHitStyles } from '../find/search-hit.styles.js';

/** How a media item is shown; one per MediaType, plus `file` for everything that degrades. */
export type MediaKind =
  | 'photo'
  | 'file'
  | 'audio'
  | 'voice'
  | 'video'
  | 'video-note'
  | 'sticker'
  | 'sticker-animated'
  | 'sticker-video'
  | 'animation';

const kindByType: Readonly<Record<number, MediaKind>> = {
  [MediaType.Photo]: 'photo',
  [MediaType.File]: 'file',
  [MediaType.Audio]: 'audio',
  [MediaType.Video]: 'video',
  [MediaType.Sticker]: 'sticker',
  [MediaType.StickerAnimated]: 'sticker-animated',
  [MediaType.StickerVideo]: 'sticker-video',
  [MediaType.Animation]: 'animation',
  [MediaType.Voice]: 'voice',
  [MediaType.VideoNote]: 'video-note',
};

/**
 * The kind to show a media item as: by its type code, or, for codes the spec does not list (a
 * live callback gives only a URL), a .tgs sticker by its name, else by its MIME type.
 */
export function mediaKindOf(media: Pick<ChatMedia, 'type' | 'format' | 'name'>): MediaKind {
  const known = kindByType[media.type];
  if (known) return known;
  if (isLottieSticker(media)) return 'sticker-animated';
  return kindByType[mediaTypeForMime(media.format, media.name)] ?? 'file';
}

const kinds = Object.values(kindByType);
/** The viewer's parts, passed on so `::part()` reaches them from the page too. */
const mediaViewerParts = [
  'media-viewer',
  'media-viewer-image',
  'media-viewer-close',
  'media-viewer-zoom',
  'media-viewer-download',
];
const mediaViewerExportParts = mediaViewerParts.join(', ');
/**
 * Every part the element renders, for the bubble's `exportparts` so `::part()` reaches them from the page.
 */
export const messageMediaExportParts = [
  'message-media',
  ...kinds.map((kind) => `message-media--${kind}`),
  'message-media--fallback',
  'message-media--placeholder',
  'message-media--loading',
  'message-media-open',
  'message-media-image',
  'message-media-video',
  'message-media-audio',
  'message-media-duration',
  'message-media-name',
  'message-media-size',
  'message-media-download',
  'message-media-placeholder',
  'search-hit',
  ...mediaViewerParts,
].join(', ');

/** Lottie-based animated stickers (.tgs): browsers cannot draw them without a player. */
export function isLottieSticker(media: Pick<ChatMedia, 'format' | 'name'>): boolean {
  return (
    /\.tgs$/i.test(media.name.trim()) ||
    /(^|\/)(x-tgsticker|x-tgs|json\+lottie|lottie\+json)\b/i.test(media.format.trim())
  );
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

const fileIcon = svg`<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor"
  stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2
  2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/></svg>`;

const stickerIcon = svg`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6"
  stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="9"/>
  <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0"/><path d="M9 9.5h.01M15 9.5h.01"/></svg>`;

/**
 * The photos this page has shown, by URL: the browser holds them. A row drawn again (the message
 * window moving back over it, another chat and back, the panel taking over the first screen's
 * rows) shows its photo at once, at its size.
 */
const photosShown = new Set<string>();

/**
 * One message's media (spec §2.6 ChatMediaDTO), shown by MediaType (§2.2). Only URLs that pass
 * `safeMediaSrc` are ever loaded or linked (contract §8); a missing, unsafe or failing URL
 * degrades to a file row with the name, so the operator always sees that something was sent.
 *
 * @csspart message-media - the root; with a modifier `message-media--<kind>` (photo, file, audio,
 *   voice, video, video-note, sticker, sticker-animated, sticker-video, animation), plus
 *   `message-media--fallback` when a media item is shown as a file row instead, and
 *   `message-media--loading` while a photo loads, `message-media--placeholder` for a Lottie (.tgs)
 *   sticker, which is not drawn. Carries `data-media-type` (the numeric code).
 * @csspart message-media-open - the button around a photo that opens the viewer.
 * @csspart message-media-image - a photo or sticker image.
 * @csspart message-media-video - a video, video note or animated sticker.
 * @csspart message-media-audio - the audio player.
 * @csspart message-media-duration - the audio duration once known.
 * @csspart message-media-name - the file name in a file row or under audio.
 * @csspart message-media-size - the formatted size in a file row.
 * @csspart message-media-download - the download link in a file row.
 * @csspart message-media-placeholder - the labelled stand-in for a sticker that cannot be drawn.
 * @csspart search-hit - the find bar's phrase in the file's name, where the match shown is; a kind
 *   that shows no name (a photo, a video) shows it under the media then.
 */
export class MessageMedia extends LitElement {
  static override styles = [messageMediaStyles, searchHitStyles];

  @property({ attribute: false }) media: ChatMedia | null = null;
  /** The find bar's hits in the file's name (as `displayName` shows it), or null. */
  @property({ attribute: false }) searchHits: readonly MarkedRange[] | null = null;

  /**
   * Whether its controls are Tab stops. The message list is one stop: only the message the
   * keyboard is on offers its media's controls to Tab.
   */
  @property({ type: Boolean }) tabbable = true;

  /** The URL failed to load (an `error` event on the img, audio or video). */
  @state() private failed = false;
  @state() private loaded = false;
  @state() private durationSeconds: number | null = null;
  @state() private viewerOpen = false;
  @state() private notePlaying = false;
  @state() private reducedMotion = false;
  /**
   * Its player (an <audio> or a <video>) is made only after the frame that first shows it: each
   * builds the browser's controls, the costliest part of a chat's first frame (about 100 ms on a
   * 4× slower CPU for a chat with four players). It comes into a box already of its size
   * (message-media.styles.ts), so nothing moves when it does.
   */
  @state() private playerMade = false;
  /** A player's place was drawn, and its player is to be made after the frame that shows it. */
  #playerDue: Promise<void> | null = null;
  #playerWaits = false;

  #motionQuery: MediaQueryList | null = null;
  /** The viewer's code, loaded when a photo is first opened (or pointed at, or focused). */
  readonly #viewer = mediaViewerChunk(this, () => (this.viewerOpen = false));

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#motionQuery = window.matchMedia(reducedMotionQuery);
    this.reducedMotion = this.#motionQuery.matches;
    this.#motionQuery.addEventListener('change', this.#handleMotionChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#motionQuery?.removeEventListener('change', this.#handleMotionChange);
    this.#motionQuery = null;
  }

  protected override updated(): void {
    // Only an element that drew a player's place waits: a photo or a file row has nothing to make.
    if (this.#playerWaits && !this.#playerDue)
      this.#playerDue = afterNextPaint().then(() => {
        this.playerMade = true;
      });
  }

  /** The player, once it is made; until then its place (`place`: what holds its size, if its box does not). */
  #player(make: () => TemplateResult, place: TemplateResult | typeof nothing = nothing) {
    this.#playerWaits = !this.playerMade;
    return this.playerMade ? make() : place;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new media item starts over: the previous one's failure or duration says nothing about it.
    if (changed.has('media') && changed.get('media') !== undefined) {
      this.failed = false;
      this.loaded = false;
      this.durationSeconds = null;
      this.viewerOpen = false;
      this.notePlaying = false;
    }
    // A photo this page has shown is drawn at its size at once, not in its loading box for a frame.
    if (changed.has('media') && !this.loaded && photosShown.has(this.media?.uri ?? '')) this.loaded = true;
  }

  protected override render() {
    const media = this.media;
    if (!media) return nothing;
    const kind = mediaKindOf(media);
    const src = safeMediaSrc(media.uri);
    if (!src) return this.#renderFileRow(media, null, kind !== 'file');
    if (this.failed) return this.#renderFileRow(media, src, kind !== 'file');
    switch (kind) {
      case 'photo':
        return this.#renderPhoto(media, src);
      case 'audio':
      case 'voice':
        return this.#renderAudio(media, src, kind);
      case 'video':
        return this.#frame(
          'video',
          html`<div class="video-box">${this.#player(
            () =>
              html`<video part="message-media-video" src=${src} controls preload="metadata" playsinline tabindex=${this.#tabIndexOfControls()}
                @error=${this.#handleMediaError}></video>`,
          )}</div>`,
        );
      case 'video-note':
        return this.#renderVideoNote(src);
      case 'sticker':
        return this.#frame('sticker', html`<div class="sticker-box">${this.#renderImage(media, src)}</div>`);
      case 'sticker-animated':
        if (isLottieSticker(media)) return this.#renderStickerPlaceholder(media);
        return this.#renderAnimated(media, src, kind);
      case 'sticker-video':
      case 'animation':
        return this.#renderAnimated(media, src, kind);
      default:
        return this.#renderFileRow(media, src, false);
    }
  }

  #tabIndexOfControls(): number {
    return this.tabbable ? 0 : -1;
  }

  #frame(kind: MediaKind, content: TemplateResult, modifiers: readonly string[] = []): TemplateResult {
    const parts = ['message-media', `message-media--${kind}`, ...modifiers].join(' ');
    // A hit in the name of media that shows none: the name under it, so the operator sees why it was found.
    const foundName =
      this.searchHits?.length && this.media && kind !== 'file' && kind !== 'audio'
        ? html`<span class="found-name" part="message-media-name">${markText(displayName(this.media), this.searchHits)}</span>`
        : nothing;
    return html`<div class="media" part=${parts} data-media-type=${String(this.media?.type ?? 0)}>${content}${foundName}</div>`;
  }

  #renderPhoto(media: ChatMedia, src: string): TemplateResult {
    const name = displayName(media);
    return this.#frame(
      'photo',
      html`<button type="button" class="photo-box" part="message-media-open" tabindex=${this.#tabIndexOfControls()}
          aria-label=${msg(str`Open image ${name}`)} @click=${this.#handleOpenViewer}
          @pointerenter=${this.#preloadViewer} @focus=${this.#preloadViewer}>
          <img part="message-media-image" src=${src} alt=${name} loading="lazy" decoding="async"
            @load=${this.#handleImageLoad} @error=${this.#handleMediaError} />
        </button>
        ${
          this.viewerOpen && this.#viewer.value
            ? html`<ocp-media-viewer .src=${src} .alt=${name} open exportparts=${mediaViewerExportParts}
              @ocp-media-viewer-close=${this.#handleViewerClose}></ocp-media-viewer>`
            : nothing
        }`,
      this.loaded ? [] : ['message-media--loading'],
    );
  }

  #renderImage(media: ChatMedia, src: string): TemplateResult {
    return html`<img part="message-media-image" src=${src} alt=${displayName(media)} loading="lazy"
      decoding="async" @error=${this.#handleMediaError} />`;
  }

  #renderAudio(media: ChatMedia, src: string, kind: 'audio' | 'voice'): TemplateResult {
    const duration = formatDuration(this.durationSeconds);
    const label = kind === 'voice' ? msg('Voice message') : displayName(media);
    return this.#frame(
      kind,
      html`<div class="audio-row">
        ${this.#player(
          () =>
            html`<audio part="message-media-audio" src=${src} controls preload="metadata" tabindex=${this.#tabIndexOfControls()}
              aria-label=${label}
              @loadedmetadata=${this.#handleDurationKnown} @durationchange=${this.#handleDurationKnown}
              @error=${this.#handleMediaError}></audio>`,
          html`<span class="player-place"></span>`,
        )}
        <div class="audio-meta">
          <span class=${kind === 'voice' ? 'voice-label' : 'name'} part="message-media-name">${kind === 'voice' ? label : markText(label, this.searchHits ?? undefined)}</span>
          <span part="message-media-duration" ?hidden=${!duration}>${duration ?? ''}</span>
        </div>
      </div>`,
    );
  }

  #renderVideoNote(src: string): TemplateResult {
    // No native controls: they would be clipped by the circle. The whole note is the play button;
    // the video inside is no stop of its own (Firefox makes a bare <video> one).
    return this.#frame(
      'video-note',
      html`<button type="button" class="note-toggle" tabindex=${this.#tabIndexOfControls()} aria-pressed=${String(this.notePlaying)}
        aria-label=${this.notePlaying ? msg('Pause video message') : msg('Play video message')}
        @click=${this.#handleNoteToggle}>
        ${this.#player(
          () =>
            html`<video part="message-media-video" src=${src} preload="metadata" playsinline tabindex="-1"
              @play=${this.#handleNotePlayState} @pause=${this.#handleNotePlayState} @ended=${this.#handleNotePlayState}
              @error=${this.#handleMediaError}></video>`,
        )}
      </button>`,
    );
  }

  #renderAnimated(media: ChatMedia, src: string, kind: MediaKind): TemplateResult {
    const asVideo = kind === 'sticker-video' || media.format.trim().toLowerCase().startsWith('video/');
    const boxClass = kind === 'animation' ? 'animation-box' : 'sticker-box';
    if (!asVideo) return this.#frame(kind, html`<div class=${boxClass}>${this.#renderImage(media, src)}</div>`);
    // Muted so browsers allow autoplay; with reduced motion nothing moves until the operator asks.
    return this.#frame(
      kind,
      html`<div class=${boxClass}>${this.#player(
        () =>
          html`<video part="message-media-video" src=${src} muted loop playsinline preload="metadata" tabindex=${this.#tabIndexOfControls()}
            aria-label=${displayName(media)}
            .muted=${true} ?autoplay=${!this.reducedMotion} ?controls=${this.reducedMotion}
            @error=${this.#handleMediaError}></video>`,
      )}</div>`,
    );
  }

  /** Never loads the file: an <img> or <video> would only fail on it and degrade to a file row. */
  #renderStickerPlaceholder(media: ChatMedia): TemplateResult {
    const name = media.name.trim();
    const label = name ? msg(str`Animated sticker ${name}`) : msg('Animated sticker');
    return this.#frame(
      'sticker-animated',
      html`<div class="sticker-box sticker-placeholder" part="message-media-placeholder" role="img" aria-label=${label}>
        ${stickerIcon}<span aria-hidden="true">${msg('Animated sticker')}</span>
      </div>`,
      ['message-media--placeholder'],
    );
  }

  #renderFileRow(media: ChatMedia, href: string | null, fallback: boolean): TemplateResult {
    const name = displayName(media);
    const size = media.length !== null && media.length >= 0 ? formatBytes(media.length, langOf(this)) : '';
    return this.#frame(
      'file',
      html`<div class="file-row">
        <span class="file-icon" aria-hidden="true">${fileIcon}</span>
        <span class="file-text">
          <span class="name" part="message-media-name" title=${name}>${markText(name, this.searchHits ?? undefined)}</span>
          <span class="size" part="message-media-size" ?hidden=${!size}>${size}</span>
        </span>
        ${
          href
            ? html`<a class="download" part="message-media-download" href=${href} download=${name} tabindex=${this.#tabIndexOfControls()}
              target="_blank" rel="noopener noreferrer" aria-label=${msg(str`Download ${name}`)}>${msg('Download')}</a>`
            : nothing
        }
      </div>`,
      fallback ? ['message-media--fallback'] : [],
    );
  }

  #handleMediaError(): void {
    this.failed = true;
  }

  #handleImageLoad(): void {
    this.loaded = true;
    if (this.media?.uri) photosShown.add(this.media.uri);
  }

  #handleDurationKnown(event: Event): void {
    const duration = (event.target as HTMLMediaElement).duration;
    // Streams and some Ogg files report Infinity until played: keep the label hidden then.
    this.durationSeconds = Number.isFinite(duration) ? duration : null;
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

  #handleNoteToggle(event: Event): void {
    const video = (event.currentTarget as HTMLElement).querySelector('video');
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }

  #handleNotePlayState(event: Event): void {
    this.notePlaying = !(event.target as HTMLVideoElement).paused;
  }

  readonly #handleMotionChange = (event: MediaQueryListEvent): void => {
    this.reducedMotion = event.matches;
  };
}

function displayName(media: ChatMedia): string {
  return media.name.trim() || msg('Attachment');
}

defineOnce('ocp-message-media', MessageMedia);

declare global {
  interface HTMLElementTagNameMap {
    'ocp-message-media': MessageMedia;
  }
}
