/**
 * Message text with its links: only http, https, mailto and tel become links (contract §8); every
 * other piece, `javascript:` included, stays literal text. Never HTML from data.
 */
import { html, type TemplateResult } from 'lit';
import { safeLinkHref } from '../ui/safe-link.js';
import { markText, type MarkedRange } from './find/search-marks.js';

const linkPattern = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"'`]+/gi;
const trailingPunctuation = /[.,;:!?)\]}»"']+$/;

/**
 * `tabIndex`: -1 keeps the links out of the Tab order unless their message is the list's current
 * one. `marks`: the find bar's hits in the text, marked inside and outside links alike.
 */
export function renderMessageText(
  text: string,
  tabIndex = 0,
  marks?: readonly MarkedRange[],
): (string | TemplateResult)[] {
  const pieces: (string | TemplateResult)[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(trailingPunctuation, '');
    const href = safeLinkHref(raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw);
    if (!href || raw === '') continue;
    if (start > last) pieces.push(...markText(text, marks, last, start));
    pieces.push(
      html`<a href=${href} target="_blank" rel="noopener noreferrer nofollow" tabindex=${tabIndex}>${markText(text, marks, start, start + raw.length)}</a>`,
    );
    last = start + raw.length;
  }
  if (last < text.length) pieces.push(...markText(text, marks, last));
  return pieces;
}
