/** Counted texts only the conversation shows: they travel in its chunk (see counts.ts). */
import { msg, str } from './msg.js';
import { counted } from './counts.js';

/** The button that scrolls to messages that arrived below the visible part of a chat. */
export function newMessagesBelowLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} new message ↓`, { id: 'new-below.one' }),
    few: msg(str`${n} new messages ↓`, { id: 'new-below.few' }),
    many: msg(str`${n} new messages ↓`, { id: 'new-below.many' }),
    other: msg(str`${n} new messages ↓`, { id: 'new-below.other' }),
  }));
}
