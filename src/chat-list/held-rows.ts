/**
 * The chat list while it holds its order (see held-order.ts): the rows in the held order, and
 * the bar that counts the chats that moved meanwhile. A chunk of its own: the list asks for it
 * the first time the operator points at the rows or moves through them by keyboard, and shows the
 * live order until it is in (nothing has moved by then).
 */
import { html, nothing } from 'lit';
import { counted } from '../i18n/counts.js';
import { msg, str } from '../i18n/msg.js';

export { arrangeHeld } from './held-order.js';

/** The control that shows chats that moved up while the list held its order. */
export function updatedChatsLabel(count: number): string {
  return counted(count, (n) => ({
    one: msg(str`${n} updated chat ↑`, { id: 'updated-chats.one' }),
    few: msg(str`${n} updated chats ↑`, { id: 'updated-chats.few' }),
    many: msg(str`${n} updated chats ↑`, { id: 'updated-chats.many' }),
    other: msg(str`${n} updated chats ↑`, { id: 'updated-chats.other' }),
  }));
}

/**
 * "N updated chats ↑" when the held order hides news; `show` lets the rows go. It sits on the
 * line of the chat count, above the rows: it covers none of them, and showing it moves none.
 */
export function renderUpdatesBar(updated: number, show: () => void) {
  return updated > 0
    ? html`<button type="button" class="chat-list__updates" part="chat-list-updates" @click=${show}>${updatedChatsLabel(updated)}</button>`
    : nothing;
}
