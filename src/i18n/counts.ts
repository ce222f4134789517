/**
 * Every counted text the panel shows, with its plural forms. Each form is its own message with
 * an explicit id `<name>.<category>`, so a translator fills one, few, many and other even where
 * English needs only two. Which counts take which form: see plural.ts. Counted texts only the
 * conversation shows are in counts-conversation.ts (its chunk), and the held list's count of
 * updated chats in components/chat-list/held-rows.ts (its chunk).
 */
import { msg, str } from './msg.js';
import { activeLocale } from './locale.js';
import { formatCount, selectPlural, type PluralForms } from './plural.js';

export function counted(count: number, forms: (n: string) => PluralForms): string {
  const locale = activeLocale();
  return selectPlural(count, locale, forms(formatCount(count, locale)));
}

/** Under the chat list: how many chats match the filter. */
export function chatCountLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} chat`, { id: 'chat-count.one' }),
    few: msg(str`${n} chats`, { id: 'chat-count.few' }),
    many: msg(str`${n} chats`, { id: 'chat-count.many' }),
    other: msg(str`${n} chats`, { id: 'chat-count.other' }),
  }));
}

/** Spoken label of an unread badge: a chat row's, and the header's total. */
export function unreadMessagesLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} unread message`, { id: 'unread-messages.one' }),
    few: msg(str`${n} unread messages`, { id: 'unread-messages.few' }),
    many: msg(str`${n} unread messages`, { id: 'unread-messages.many' }),
    other: msg(str`${n} unread messages`, { id: 'unread-messages.other' }),
  }));
}
