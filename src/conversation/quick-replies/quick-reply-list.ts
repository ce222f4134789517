/**
 * The page's quick replies (the `quickReplies` property) without a DOM: which entries can be
 * used, and the customer's name a reply's `{name}` becomes. The conversation reads them; the
 * menu that searches and fills them is a chunk of its own (quick-reply-text.ts).
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
