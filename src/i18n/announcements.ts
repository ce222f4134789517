/** What the polite live region says of messages that arrive live (controllers/live-news.ts). */
import { msg, str } from './msg.js';
import { counted } from './counts.js';

/** Said by the polite live region when several messages arrive in one poll. */
export function newMessagesAnnouncement(count: number, from: string, text: string): string {
  return counted(count, (n) => ({
    one: msg(str`${n} new message. Latest from ${from}: ${text}`, { id: 'new-announced.one' }),
    few: msg(str`${n} new messages. Latest from ${from}: ${text}`, { id: 'new-announced.few' }),
    many: msg(str`${n} new messages. Latest from ${from}: ${text}`, { id: 'new-announced.many' }),
    other: msg(str`${n} new messages. Latest from ${from}: ${text}`, { id: 'new-announced.other' }),
  }));
}

/** Said by the polite live region for one message that arrived. */
export function newMessageAnnouncement(from: string, text: string): string {
  return msg(str`New message from ${from}: ${text}`);
}
