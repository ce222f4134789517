/**
 * A chat row's avatar: the customer's initials, with their photo over them once it has loaded. On
 * a slow network the initials stay until the photo is there (never an empty circle), and they stay
 * when it fails. Whether a photo has loaded is the `data-loaded` mark its element carries, set by
 * its `load` event, or at once for a photo the browser already holds (showLoadedPhotos).
 */
import { html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { initials } from '../i18n/format.js';
import { safeMediaSrc } from '../ui/safe-url.js';

const loadedMark = 'data-loaded';

function handlePhotoLoad(event: Event): void {
  (event.currentTarget as Element).setAttribute(loadedMark, '');
}

export function renderAvatar(name: string, photo: string | null) {
  const src = safeMediaSrc(photo);
  // Another photo is another element: it shows once it has loaded itself, never the one before.
  const img = src
    ? keyed(
        src,
        html`<img class="chat-item__photo" src=${src} alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" @load=${handlePhotoLoad} />`,
      )
    : nothing;
  return html`<span class="chat-item__avatar" aria-hidden="true">${img}<span class="chat-item__initials">${initials(name)}</span></span>`;
}

/**
 * A photo the browser already holds is complete as its row renders (a row scrolled back into the
 * list's window): shown before the frame is painted, with no glimpse of the initials.
 */
export function showLoadedPhotos(root: ParentNode): void {
  for (const img of root.querySelectorAll<HTMLImageElement>(`img.chat-item__photo:not([${loadedMark}])`))
    if (img.complete && img.naturalWidth > 0) img.setAttribute(loadedMark, '');
}
