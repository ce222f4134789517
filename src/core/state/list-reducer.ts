/**
 * What changes the chat list and the chat records: pages of the list, the filter, the open chat,
 * records the open chat needs that the list does not show, a chat's status, reading, removal,
 * and the mark a new message leaves on its chat's row. Pure functions over a StoreBatch, called by
 * the store's one reducer (chat-store.ts).
 */
import type { Chat, ChatPage } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import { waitAfter } from './customer-wait.js';
import { sameLastMessage, withHeldMessages } from './held-messages.js';
import type { StoreBatch } from './store-batch.js';
import type { ListFilter } from './store-state.js';

/** Whether two records parsed from the wire say the same (plain data: numbers, strings, nested records). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** A page of the list: page 1 replaces the order (reconciliation), later pages append. */
export function chatsLoaded(
  batch: StoreBatch,
  page: number,
  perPage: number,
  result: ChatPage,
  wholeInbox: boolean,
): void {
  batch.settleOrder();
  const previousOrder = batch.state.order;
  const chats = batch.chats();
  // Unchanged records stay the same objects: rows and the open chat's header see no change.
  for (const item of result.items) {
    const known = chats.get(item.id);
    const chat = withWhatThePanelKnows(batch, item);
    if (!sameValue(known, chat)) chats.set(chat.id, chat);
  }
  const incoming = result.items.map((chat) => chat.id);
  const incomingIds = new Set(incoming);
  let order: number[];
  if (page <= 1) {
    // Keep the rows of later pages the operator already scrolled to; they are refreshed as
    // their pages are reloaded. Rows the server no longer lists on page 1 but that are newer
    // than its last row were closed or deleted elsewhere: drop them.
    const lastTime = result.items.length ? result.items[result.items.length - 1].lastTime : Infinity;
    const kept = previousOrder.filter((id) => !incomingIds.has(id) && (chats.get(id)?.lastTime ?? 0) < lastTime);
    order = [...incoming, ...kept];
  } else {
    order = [...previousOrder.filter((id) => !incomingIds.has(id)), ...incoming];
  }
  const listed = new Set(order); // a Set: the list grows to thousands of rows
  for (const id of previousOrder) if (!listed.has(id) && !batch.state.pinned.has(id)) chats.delete(id);
  batch.setOrder(order);
  batch.set('total', result.total);
  if (wholeInbox) batch.set('unreadTotal', result.newMessagesCount);
  batch.set('pagesLoaded', Math.max(page, batch.state.pagesLoaded, 1));
  batch.set('hasMore', order.length < result.total && result.items.length >= perPage);
}

/**
 * A record from the service (a list page, a status answer, a lookup) over what the panel knows:
 * where the record's last message is the one the panel knew, or the newest of the chat's messages
 * it holds, what the panel knows of it beyond the record (a note, which the record cannot tell
 * from an answer, and so the customer's wait) is kept.
 */
function withWhatThePanelKnows(batch: StoreBatch, fetched: Chat): Chat {
  const known = batch.state.chats.get(fetched.id);
  const kept =
    known &&
    sameLastMessage(known, fetched) &&
    (known.lastIsNote !== fetched.lastIsNote || known.waitingSince !== fetched.waitingSince)
      ? { ...fetched, lastIsNote: known.lastIsNote, waitingSince: known.waitingSince }
      : fetched;
  return withHeldMessages(kept, batch.state.messages.get(fetched.id));
}

/**
 * Another chat opened: its record is kept whatever the list shows (it is pinned); the records
 * only the previous one needed go.
 */
export function chatOpened(batch: StoreBatch, chatId: number | null): void {
  const { state } = batch;
  if (state.openChatId === chatId) return;
  batch.set('openChatId', chatId);
  batch.set('openChatUnknown', false);
  batch.set('chainLoaded', false);
  const listed = new Set(state.order);
  for (const id of state.pinned) if (!listed.has(id) && id !== chatId) batch.chats().delete(id);
  batch.set('pinned', chatId === null ? new Set<number>() : new Set([chatId]));
}

function sameFilter(a: ListFilter, b: ListFilter): boolean {
  return (
    a.search === b.search &&
    a.source === b.source &&
    a.entityId === b.entityId &&
    a.unread === b.unread &&
    a.mine === b.mine &&
    a.starred === b.starred &&
    a.channel === b.channel &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag.id === b.tags[index].id && tag.name === b.tags[index].name) &&
    a.statuses.length === b.statuses.length &&
    a.statuses.every((status, index) => status === b.statuses[index])
  );
}

export function filterChanged(batch: StoreBatch, filter: ListFilter): void {
  if (!sameFilter(batch.state.filter, filter)) batch.set('filter', filter);
}

/** A new filter or search: the old rows do not belong to it. Loaded messages stay, and so do the records the open chat needs. */
export function chatsCleared(batch: StoreBatch): void {
  const { state } = batch;
  batch.settleOrder(); // pending moves are of rows that go now
  for (const id of state.order) if (!state.pinned.has(id)) batch.chats().delete(id);
  if (state.order.length) batch.setOrder([]);
  batch.set('total', 0);
  batch.set('pagesLoaded', 0);
  batch.set('hasMore', false);
}

/** Records the open chat needs that the list does not show (a deeplinked chat, earlier chats): kept whatever the list shows. */
export function chatsFound(batch: StoreBatch, chats: readonly Chat[]): void {
  const { state } = batch;
  const pinned = new Set(state.pinned);
  for (const chat of chats) {
    // A listed record is as fresh as the list: a lookup does not overwrite it.
    if (!batch.isListed(chat.id) || !state.chats.has(chat.id))
      batch.chats().set(chat.id, withWhatThePanelKnows(batch, chat));
    pinned.add(chat.id);
  }
  batch.set('pinned', pinned);
  if (chats.some((chat) => chat.id === state.openChatId)) batch.set('openChatUnknown', false);
}

/** Upsert: a chat opened by phone or created elsewhere joins the list at its place. */
export function chatUpdated(batch: StoreBatch, fetched: Chat): void {
  const { state } = batch;
  batch.settleOrder();
  const known = state.chats.get(fetched.id);
  const isNew = known === undefined;
  const chat = withWhatThePanelKnows(batch, fetched);
  if (sameValue(known, chat)) return;
  batch.chats().set(chat.id, chat);
  if (!isNew) return;
  batch.moveInOrder(chat.id);
  batch.set('total', state.total + 1);
}

export function chatRemoved(batch: StoreBatch, chatId: number): void {
  const { state } = batch;
  const removed = state.chats.get(chatId);
  if (!removed) return;
  batch.chats().delete(chatId);
  if (state.messages.has(chatId)) batch.messages().delete(chatId);
  batch.forgetInOrder(chatId);
  batch.setOrder(state.order.filter((id) => id !== chatId));
  if (batch.isListed(chatId)) batch.set('total', Math.max(0, state.total - 1));
  if (state.unreadTotal !== null) batch.set('unreadTotal', Math.max(0, state.unreadTotal - removed.unread));
}

export function chatStatusChanged(batch: StoreBatch, chatId: number, status: number): void {
  const chat = batch.state.chats.get(chatId);
  if (chat && chat.status !== status) batch.chats().set(chat.id, { ...chat, status });
}

export function chatRead(batch: StoreBatch, chatId: number): void {
  const { state } = batch;
  const chat = state.chats.get(chatId);
  if (!chat || chat.unread === 0) return;
  batch.chats().set(chat.id, { ...chat, unread: 0 });
  if (state.unreadTotal !== null) batch.set('unreadTotal', Math.max(0, state.unreadTotal - chat.unread));
}

/** A new message's mark on its chat: the row's last message, its unread count, its place. */
export function markChatOfMessage(batch: StoreBatch, message: Message, countsAsUnread: boolean): void {
  // The whole inbox counts it, listed or not (a filter hides the chat, not its news).
  if (countsAsUnread && batch.state.unreadTotal !== null) batch.set('unreadTotal', batch.state.unreadTotal + 1);
  const chat = batch.state.chats.get(message.chatId);
  if (chat && message.time >= chat.lastTime) {
    // A note is the chat's last message for the service too: the row says it is one.
    batch.chats().set(chat.id, {
      ...chat,
      lastText: message.text,
      lastTime: message.time,
      lastAuthor: message.author,
      lastStatus: message.status,
      lastIsMedia: message.media !== null,
      lastIsNote: message.isInternal,
      waitingSince: waitAfter(chat.waitingSince, message),
      unread: chat.unread + (countsAsUnread ? 1 : 0),
    });
    // A chat kept only for the open conversation (filtered out of the list) does not join it.
    if (batch.isListed(chat.id)) batch.moveInOrder(chat.id);
  }
}

/** A chat's messages were read (`messages`: all the store holds of it): what they say of its record's last message. */
export function markFromMessages(batch: StoreBatch, chatId: number, messages: readonly Message[]): void {
  const chat = batch.state.chats.get(chatId);
  const read = chat && withHeldMessages(chat, messages);
  if (read && read !== chat) batch.chats().set(chatId, read);
}
