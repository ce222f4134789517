/**
 * The page's quick replies (the `quickReplies` property) without a DOM: which entries can be
 * used, what the operator searches for after the slash, which replies match it, and the text a
 * chosen reply puts into the composer, with `{name}` and `{operator}` filled in.
 */
import type { Chat } from '../../core/api/chat-wire.js';
import type { QuickReply } from '../../quick-reply.js';

export interface QuickReplyList {
  replies: readonly QuickReply[];
  /** Why entries were left out (one line for `console.warn`), or null. */
  warning: string | null;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The usable entries of what the page set: each needs a `shortcut` and a `text` that are
 * non-empty strings, and a string `title` (empty: the menu shows the shortcut alone). The others
 * are left out, and the warning names them by index.
 */
export function readQuickReplies(value: unknown): QuickReplyList {
  if (value === null || value === undefined) return { replies: [], warning: null };
  if (!Array.isArray(value))
    return { replies: [], warning: 'operator-chat-panel: quickReplies must be an array of {shortcut, title, text}.' };
  const replies: QuickReply[] = [];
  const invalid: number[] = [];
  value.forEach((entry: unknown, index) => {
    const candidate = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { shortcut, title, text } = candidate;
    // A page may write the shortcut with its slash: `/greet` is found by `/gr` all the same.
    const bare = typeof shortcut === 'string' ? shortcut.trim().replace(/^\/+/, '') : '';
    if (nonEmpty(bare) && typeof title === 'string' && nonEmpty(text))
      replies.push({ shortcut: bare, title: title.trim(), text });
    else invalid.push(index);
  });
  const warning = invalid.length
    ? `operator-chat-panel: quickReplies ${invalid.map((index) => `[${index}]`).join(', ')} ignored: each needs a non-empty string shortcut and text, and a string title.`
    : null;
  return { replies, warning };
}

/** The customer's name for `{name}`: the chat's name, unless all that is known is their phone. */
export function customerName(chat: Chat | null): string {
  return chat && chat.name && chat.name !== chat.phone ? chat.name : '';
}

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
