import { css } from 'lit';

// Inside the panel only, whose design tokens (--_ocp-*) every element of its tree inherits: no
// fallback values here, which would only ever show in a page the panel is not in.
export const messageMediaStyles = css`
  :host {
    display: block;
    max-inline-size: 100%;
    color: var(--_ocp-text);
    font-family: var(--_ocp-font-family);
  }
  [hidden] {
    display: none !important;
  }
  button {
    font: inherit;
    color: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--_ocp-focus);
    outline-offset: 2px;
  }

  /*
   * Photos at their own size, never larger (a small one upscaled is blurry), never wider than the
   * bubble or taller than a screenful; until it loads, a placeholder of a typical size. The list
   * keeps the operator's place when the size changes as it loads.
   */
  .photo-box {
    display: grid;
    place-items: center;
    box-sizing: border-box;
    inline-size: fit-content;
    max-inline-size: min(280px, 100%);
    /* A tiny picture stays tiny, in a box still big enough to click. */
    min-inline-size: 48px;
    min-block-size: 48px;
    padding: 0;
    border: 0;
    border-radius: var(--_ocp-radius);
    overflow: hidden;
    background: var(--_ocp-bot);
    cursor: zoom-in;
  }
  .media[part~='message-media--loading'] .photo-box {
    inline-size: min(200px, 100%);
    aspect-ratio: 4 / 3;
  }
  .photo-box img {
    display: block;
    inline-size: auto;
    block-size: auto;
    max-inline-size: 100%;
    max-block-size: 320px;
    /* Contain, not cover: a cropped screenshot could hide what the customer meant to show. */
    object-fit: contain;
  }
  .video-box video {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: contain;
  }
  .media[part~='message-media--loading'] img {
    opacity: 0;
  }
  .photo-box img {
    transition: opacity 160ms ease-out;
  }

  .video-box {
    inline-size: min(280px, 100%);
    aspect-ratio: 16 / 9;
    border-radius: var(--_ocp-radius);
    overflow: hidden;
    background: #000;
  }

  /* Video notes are round, as in the messengers they come from. */
  .note-toggle {
    display: block;
    inline-size: 200px;
    max-inline-size: 100%;
    aspect-ratio: 1;
    padding: 0;
    border: 0;
    border-radius: 50%;
    overflow: hidden;
    background: #000;
    cursor: pointer;
  }
  .note-toggle video {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  /* Stickers and animations: no bubble look, a fixed small box. */
  .sticker-box {
    inline-size: 160px;
    block-size: 160px;
    max-inline-size: 100%;
  }
  .sticker-box img,
  .sticker-box video {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: contain;
    background: transparent;
  }
  /* A Lottie (.tgs) sticker, which needs a player we do not ship: a labelled stand-in of the same size. */
  .sticker-placeholder {
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 6px;
    border: 1px dashed var(--_ocp-border);
    border-radius: var(--_ocp-radius);
    color: var(--_ocp-muted);
    font-size: 12px;
    text-align: center;
  }
  .sticker-placeholder svg {
    inline-size: 48px;
    block-size: 48px;
  }
  .animation-box {
    inline-size: min(280px, 100%);
    aspect-ratio: 1;
    border-radius: var(--_ocp-radius);
    overflow: hidden;
    background: var(--_ocp-bot);
  }
  .animation-box img,
  .animation-box video {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: contain;
  }

  .audio-row {
    display: flex;
    flex-direction: column;
    gap: 4px;
    inline-size: min(300px, 100%);
  }
  /* The player, and its place until it is made (message-media.ts, playerMade). */
  .audio-row audio,
  .audio-row .player-place {
    display: block;
    inline-size: 100%;
    block-size: 40px;
  }
  .audio-meta {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    color: var(--_ocp-muted);
    font-size: 0.857em;
  }

  .file-row {
    display: flex;
    align-items: center;
    gap: 10px;
    box-sizing: border-box;
    inline-size: min(300px, 100%);
    padding: 8px 10px;
    border: 1px solid var(--_ocp-border);
    border-radius: var(--_ocp-radius);
    background: var(--_ocp-surface);
  }
  .file-icon {
    flex: none;
    display: grid;
    place-items: center;
    inline-size: 36px;
    block-size: 36px;
    border-radius: 50%;
    background: var(--_ocp-accent);
    color: var(--_ocp-accent-text);
  }
  .file-text {
    display: flex;
    flex-direction: column;
    min-inline-size: 0;
    flex: 1;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    overflow-wrap: anywhere;
  }
  .found-name {
    display: block;
    font-size: 0.857em;
    overflow-wrap: anywhere;
  }
  .size,
  .voice-label {
    color: var(--_ocp-muted);
    font-size: 0.857em;
  }
  .download {
    flex: none;
    color: var(--_ocp-accent);
    text-decoration: none;
    font-weight: 600;
  }
  .download:hover {
    text-decoration: underline;
  }

  @media (prefers-reduced-motion: reduce) {
    .photo-box img {
      transition: none;
    }
  }
`;
