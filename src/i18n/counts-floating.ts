// The floating launcher's count: loaded with its chunk (floating-controller), not on the first screen.
import { msg, str } from './msg.js';
import { counted } from './counts.js';

/** Label of the floating-mode launcher while messages are unread. */
export function launcherUnreadLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`Chats, ${n} unread message`, { id: 'launcher-unread.one' }),
    few: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.few' }),
    many: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.many' }),
    other: msg(str`Chats, ${n} unread messages`, { id: 'launcher-unread.other' }),
  }));
}
