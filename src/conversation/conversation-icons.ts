/** Icons only the conversation and its composer show: they come with the conversation feature. */
import { svg } from 'lit';
import { icon } from '../ui/icons.js';

export const lockIcon = icon(
  svg`<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>`,
);
export const paperclipIcon = icon(
  svg`<path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8.5-8.5"/>`,
);
export const trashIcon = icon(svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>`);
export const backIcon = icon(svg`<path d="M15 18l-6-6 6-6"/>`);
export const quickReplyIcon = icon(svg`<path d="M13 3L5 13h6l-1 8 8-10h-6z"/>`);
export const personIcon = icon(svg`<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>`);
export const externalIcon = icon(
  svg`<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>`,
);
export const sendIcon = icon(svg`<path d="M21 3L10 14M21 3l-7 18-4-7-7-4z"/>`);
export const searchIcon = icon(svg`<circle cx="11" cy="11" r="6"/><path d="M20 20l-4.5-4.5"/>`);
export const olderIcon = icon(svg`<path d="M6 15l6-6 6 6"/>`);
export const newerIcon = icon(svg`<path d="M6 9l6 6 6-6"/>`);
