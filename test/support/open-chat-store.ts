/** A listed inbox with chat 3 open, for the store and selector tests. */
import { reduceStore, type StoreAction } from '../../src/core/state/chat-store.js';
import { emptyState, type StoreState } from '../../src/core/state/store-state.js';
import { chat, message } from './domain.js';

export { reduceStore };

export const base = Date.UTC(2025, 0, 2, 10, 0, 0);

/** Page 1 of the list: chats 1, 2, 3, newest first. */
export const page = (items = [chat(1, base - 1000), chat(2, base - 2000), chat(3, base - 3000)]): StoreAction => ({
  type: 'chats-loaded',
  page: 1,
  perPage: 20,
  result: { total: items.length, newMessagesCount: 0, items },
  wholeInbox: true,
});

export function withOpenChat(): StoreState {
  const history = [message(1, 3, base - 5000), message(2, 3, base - 4000)];
  return reduceStore(
    emptyState,
    page(),
    { type: 'chat-opened', chatId: 3 },
    { type: 'messages-loaded', chatId: 3, messages: history },
  );
}
