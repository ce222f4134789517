/**
 * The core's handling of what changes chats once the list is up: news from the event queue, the
 * operator's actions on a chat (status, read, delete, a sent message), and the records the open
 * chat needs that the list does not show. The first screen never dispatches these actions, so this
 * reducer is not in its chunk: the live-updates and conversation chunks add it to the store
 * (`ChatStore.extendCore`), whichever loads first. Pure, like the core reducer in chat-store.ts.
 */
import type { Message } from '../api/message-wire.js';
import { sameValue, type StoreAction } from './chat-store.js';
import type { StoreBatch } from './store-batch.js';

/** A new message's mark on its chat: the row's last message, its unread count, its place. */
function messageAdded(batch: StoreBatch, message: Message, countsAsUnread: boolean): void {
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
      unread: chat.unread + (countsAsUnread ? 1 : 0),
    });
    // A chat kept only for the open conversation (filtered out of the list) does not join it.
    if (batch.isListed(chat.id)) batch.moveInOrder(chat.id);
  }
}

export function reduceChatChanges(batch: StoreBatch, action: StoreAction): void {
  const state = batch.state;
  switch (action.type) {
    case 'chat-not-found':
      if (state.openChatId === action.chatId) batch.set('openChatUnknown', true);
      return;
    case 'chats-found': {
      const pinned = new Set(state.pinned);
      for (const chat of action.chats) {
        // A listed record is as fresh as the list: a lookup does not overwrite it.
        if (!batch.isListed(chat.id) || !state.chats.has(chat.id)) batch.chats().set(chat.id, chat);
        pinned.add(chat.id);
      }
      batch.set('pinned', pinned);
      if (action.chats.some((chat) => chat.id === state.openChatId)) batch.set('openChatUnknown', false);
      return;
    }
    case 'chat-updated': {
      // Upsert: a chat opened by phone or created elsewhere joins the list at its place.
      batch.settleOrder();
      const isNew = !state.chats.has(action.chat.id);
      if (sameValue(state.chats.get(action.chat.id), action.chat)) return;
      batch.chats().set(action.chat.id, action.chat);
      if (!isNew) return;
      batch.moveInOrder(action.chat.id);
      batch.set('total', state.total + 1);
      return;
    }
    case 'chat-removed': {
      const removed = state.chats.get(action.chatId);
      if (!removed) return;
      batch.chats().delete(action.chatId);
      if (state.messages.has(action.chatId)) batch.messages().delete(action.chatId);
      batch.forgetInOrder(action.chatId);
      batch.setOrder(state.order.filter((id) => id !== action.chatId));
      if (batch.isListed(action.chatId)) batch.set('total', Math.max(0, state.total - 1));
      if (state.unreadTotal !== null) batch.set('unreadTotal', Math.max(0, state.unreadTotal - removed.unread));
      return;
    }
    case 'chat-status-changed': {
      const chat = state.chats.get(action.chatId);
      if (chat && chat.status !== action.status) batch.chats().set(chat.id, { ...chat, status: action.status });
      return;
    }
    case 'chat-read': {
      const chat = state.chats.get(action.chatId);
      if (!chat || chat.unread === 0) return;
      batch.chats().set(chat.id, { ...chat, unread: 0 });
      if (state.unreadTotal !== null) batch.set('unreadTotal', Math.max(0, state.unreadTotal - chat.unread));
      return;
    }
    case 'message-added':
      return messageAdded(batch, action.message, action.countsAsUnread);
    case 'messages-loaded': {
      // The chat's messages say whether the record's last message is a note.
      const chat = state.chats.get(action.chatId);
      let index = action.messages.length - 1;
      while (index >= 0 && action.messages[index].chatId !== action.chatId) index -= 1;
      const newest = action.messages[index];
      if (!chat || !newest || newest.text !== chat.lastText || newest.isInternal === chat.lastIsNote) return;
      batch.chats().set(chat.id, { ...chat, lastIsNote: newest.isInternal });
      return;
    }
    // The others are the core's and the conversation slice's.
  }
}
