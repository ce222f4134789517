/**
 * Quick replies' text without a DOM: what the operator is searching for after the slash, which
 * replies match it, and the text a chosen reply puts into the composer.
 */
import type { QuickReply } from '../../quick-reply.js';

/** What `{name}` and `{operator}` become; an empty string when it is not known. */
export interface QuickReplyValues {
  name: string;
  operator: string;
}

/**
 * What the operator searches for: the composer's text from just after a leading `/` to the
 * caret, on one line; null when the text does not start with a slash (then it is ordinary text).
 */
export function slashQuery(text: string, caret: number): string | null {
  if (!text.startsWith('/') || caret < 1) return null;
  const query = text.slice(1, caret);
  return query.includes('\n') ? null : query;
}

/**
 * The replies whose shortcut or title holds every word of the query (case-insensitive), those
 * whose shortcut starts with it first, then those whose title does, each group in the page's order.
 */
export function matchQuickReplies(replies: readonly QuickReply[], query: string): readonly QuickReply[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return replies;
  const words = wanted.split(/\s+/);
  const ranked: Array<{ reply: QuickReply; rank: number }> = [];
  for (const reply of replies) {
    const shortcut = reply.shortcut.toLocaleLowerCase();
    const title = reply.title.toLocaleLowerCase();
    if (!words.every((word) => shortcut.includes(word) || title.includes(word))) continue;
    ranked.push({ reply, rank: shortcut.startsWith(wanted) ? 0 : title.startsWith(wanted) ? 1 : 2 });
  }
  // Array.prototype.sort is stable: equal ranks keep the page's order.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ reply }) => reply);
}

/**
 * The reply's text with `{name}` and `{operator}` filled in. A value that is not known is left
 * out with one space beside it, so "Hello {name}!" reads "Hello!" rather than "Hello !".
 */
export function fillQuickReply(text: string, values: QuickReplyValues): string {
  return text.replace(
    / \{(name|operator)\}|\{(name|operator)\} ?/g,
    (token: string, before?: string, after?: string) => {
      const value = values[(before ?? after) as keyof QuickReplyValues];
      // A function, not a string: a name holding `$&` or `$1` stays as written.
      return value ? token.replace(/\{\w+\}/, () => value) : '';
    },
  );
}

/** The composer's text with `[start, end)` replaced by the reply, and where the caret goes. */
export function insertReply(text: string, start: number, end: number, reply: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + reply + text.slice(end), caret: start + reply.length };
}
