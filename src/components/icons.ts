/**
 * Inline SVG icons: emoji or icon fonts depend on what the host machine has installed, and
 * an embedded panel cannot count on either. Decorative: each button carries its own label.
 */
import { svg } from 'lit';

const icon = (path: ReturnType<typeof svg>) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

export const lockIcon = icon(
  svg`<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>`,
);
export const paperclipIcon = icon(
  svg`<path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8.5-8.5"/>`,
);
export const trashIcon = icon(svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>`);
export const backIcon = icon(svg`<path d="M15 18l-6-6 6-6"/>`);
export const closeIcon = icon(svg`<path d="M6 6l12 12M18 6L6 18"/>`);
export const chatIcon = icon(svg`<path d="M4 5h16v11H9l-5 4z"/>`);
export const externalIcon = icon(svg`<path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6"/>`);
