/**
 * A customer's avatar, wherever the panel shows one: a chat's row, the open chat's header and the
 * customer details. The customer's initials, with their photo over them once it has loaded, the
 * photo filling the circle. On a slow network the initials stay until the photo is there (never an
 * empty circle), and they stay when it fails. Whether a photo has loaded is the `data-loaded` mark
 * its element carries, set by its `load` event, or at once for a photo the browser already holds
 * (showLoadedPhotos, which a host calls after each render).
 */
import { css, html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { initials } from '../i18n/format.js';
import { safeMediaSrc } from './safe-url.js';

const loadedMark = 'data-loaded';

function handlePhotoLoad(event: Event): void {
  (event.currentTarget as Element).setAttribute(loadedMark, '');
}

/** `sizeClass`: a class of the host's that sizes the circle (40 px without one). */
export function renderAvatar(name: string, photo: string | null | undefined, sizeClass = '') {
  const src = safeMediaSrc(photo);
  // Another photo is another element: it shows once it has loaded itself, never the one before.
  const img = src
    ? keyed(
        src,
        html`<img class="chat-item__photo" src=${src} alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" @load=${handlePhotoLoad} />`,
      )
    : nothing;
  return html`<span class="chat-item__avatar ${sizeClass}" aria-hidden="true">${img}<span class="chat-item__initials">${initials(name)}</span></span>`;
}

/**
 * A photo the browser already holds is complete as its avatar renders (a row scrolled back into
 * the list's window, a chat opened whose row showed the photo): shown before the frame is painted,
 * with no glimpse of the initials.
 */
export function showLoadedPhotos(root: ParentNode): void {
  for (const img of root.querySelectorAll<HTMLImageElement>(`img.chat-item__photo:not([${loadedMark}])`))
    if (img.complete && img.naturalWidth > 0) img.setAttribute(loadedMark, '');
}

export const avatarStyles = css`
  .chat-item__avatar {
    flex: none; width: 40px; height: 40px; border-radius: 50%; overflow: hidden; display: grid; place-items: center;
    background: color-mix(in srgb, var(--_ocp-accent) 20%, var(--_ocp-surface)); color: var(--_ocp-text); font-weight: 600; font-size: var(--_ocp-font-size-small);
  }
  /* The photo and the initials share the circle: the photo shows once it has loaded, the initials until then. */
  .chat-item__avatar > * { grid-area: 1 / 1; }
  .chat-item__photo { width: 100%; height: 100%; object-fit: cover; visibility: hidden; }
  .chat-item__photo[data-loaded] { visibility: visible; }
  .chat-item__photo[data-loaded] + .chat-item__initials { visibility: hidden; }
`;
