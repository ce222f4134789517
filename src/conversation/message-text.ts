/**
 * Message text with its links: only http, https, mailto and tel become links (contract §8); every
 * other piece, `javascript:` included, stays literal text. Never HTML from data.
 */
import { html, type TemplateResult } from 'lit';
import { safeLinkHref } from '../ui/safe-link.js';

const linkPattern = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"'`]+/gi;
const trailingPunctuation = /[.,;:!?)\]}»"']+$/;

/** `tabIndex`: -1 keeps the links out of the Tab order unless their message is the list's current one. */
export function renderMessageText(text: string, tabIndex = 0): (string | TemplateResult)[] {
  const pieces: (string | TemplateResult)[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(trailingPunctuation, '');
    const href = safeLinkHref(raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw);
    if (!href || raw === '') continue;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push(
      html`<a href=${href} target="_blank" rel="noopener noreferrer nofollow" tabindex=${tabIndex}>${raw}</a>`,
    );
    last = start + raw.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
