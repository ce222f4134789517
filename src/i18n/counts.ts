/**
 * Every counted text the panel shows, with its plural forms. Each form is its own message with
 * an explicit id `<name>.<category>`, so a translator fills one, few, many and other even where
 * English needs only two. Which counts take which form: see plural.ts.
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

/** The button that scrolls to messages that arrived below the visible part of a chat. */
export function newMessagesBelowLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} new message ↓`, { id: 'new-below.one' }),
    few: msg(str`${n} new messages ↓`, { id: 'new-below.few' }),
    many: msg(str`${n} new messages ↓`, { id: 'new-below.many' }),
    other: msg(str`${n} new messages ↓`, { id: 'new-below.other' }),
  }));
}

/** Label of the floating-mode launcher while messages are unread. */
export function launcherUnreadLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`Chats, ${n} unread message`, { id: 'launcher-unread.one' }),
    few: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.few' }),
    many: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.many' }),
    other: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.other' }),
  }));
}

/** The control that shows chats that moved up while the list held its order. */
export function updatedChatsLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} updated chat ↑`, { id: 'updated-chats.one' }),
    few: msg(str`${n} updated chats ↑`, { id: 'updated-chats.few' }),
    many: msg(str`${n} updated chats ↑`, { id: 'updated-chats.many' }),
    other: msg(str`${n} updated chats ↑`, { id: 'updated-chats.other' }),
  }));
}
