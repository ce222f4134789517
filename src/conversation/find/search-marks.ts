/**
 * The find bar's match marked in the text that shows it: a `<mark part="search-hit">` around a
 * piece of the text, which stays text.
 */
import { html, type TemplateResult } from 'lit';
import type { MatchField } from './message-matches.js';
import type { PhraseRange } from './find-matches.js';

export type MarkedRange = PhraseRange;

/** A message's marks by where they are; a field without any is absent. */
export type MessageHits = Partial<Record<MatchField, MarkedRange[]>>;

/** `text` from `from` to `to`, its hits there marked (hits in order, none overlapping). */
export function markText(
  text: string,
  marks: readonly MarkedRange[] | undefined,
  from = 0,
  to = text.length,
): (string | TemplateResult)[] {
  if (!marks?.length) return [text.slice(from, to)];
  const pieces: (string | TemplateResult)[] = [];
  let at = from;
  for (const mark of marks) {
    const start = Math.max(mark.start, at);
    const end = Math.min(mark.end, to);
    if (end <= start) continue;
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(html`<mark class="search-hit" part="search-hit">${text.slice(start, end)}</mark>`);
    at = end;
  }
  if (at < to) pieces.push(text.slice(at, to));
  return pieces;
}
