/**
 * What the store keeps for the open chat whatever the list shows, and the unread total of the
 * whole inbox whatever the list's search or filters (issue 16, items 3 and 4).
 */
import { expect } from '@open-wc/testing';
import { emptyState, type StoreState } from '../../../src/core/state/store-state.js';
import type { StoreAction } from '../../../src/core/state/chat-store.js';
import { chat, message } from '../../support/domain.js';
import { reduceStore } from '../../support/open-chat-store.js';

const base = Date.UTC(2025, 0, 2, 10, 0, 0);
const page = (items: ReturnType<typeof chat>[], newMessagesCount = 0, wholeInbox = false): StoreAction => ({
  type: 'chats-loaded',
  page: 1,
  perPage: 20,
  result: { total: items.length, newMessagesCount, items },
  wholeInbox,
});

function listedWithOpen(): StoreState {
  return reduceStore(emptyState, page([chat(1, base - 1000, { unread: 2 }), chat(2, base - 2000)], 2, true), {
    type: 'chat-opened',
    chatId: 2,
  });
}

describe('chat store: the open chat and the unread total', () => {
  it('keeps the open chat’s record when a search or a filter leaves it out of the list', () => {
    let state = listedWithOpen();
    state = reduceStore(state, { type: 'chats-cleared' }, page([chat(1, base - 1000)]));
    expect(state.order).to.deep.equal([1]);
    expect(state.chats.get(2)?.name).to.equal('Chat 2');
  });

  it('keeps records found for the open chat without listing them, and drops them when another chat opens', () => {
    let state = reduceStore(listedWithOpen(), {
      type: 'chats-found',
      chats: [chat(8, base - 50_000, { status: 4 }), chat(9, base - 90_000, { status: 4 })],
    });
    expect(state.order).to.deep.equal([1, 2]);
    expect(state.chats.get(8)?.status).to.equal(4);
    state = reduceStore(state, page([chat(1, base - 1000), chat(2, base - 2000)]));
    expect(state.chats.has(8)).to.equal(true);
    state = reduceStore(state, { type: 'chat-opened', chatId: 1 });
    expect(state.chats.has(8)).to.equal(false);
    expect(state.chats.has(2)).to.equal(true); // still listed
  });

  it('does not list a chat kept only for the open chat when a message arrives in it', () => {
    let state = reduceStore(emptyState, page([chat(1, base - 1000)]), { type: 'chat-opened', chatId: 5 });
    state = reduceStore(state, { type: 'chats-found', chats: [chat(5, base - 5000)] });
    state = reduceStore(state, {
      type: 'message-added',
      message: message(100, 5, base),
      countsAsUnread: true,
    });
    expect(state.order).to.deep.equal([1]);
    expect(state.chats.get(5)?.lastTime).to.equal(base);
  });

  it('takes the unread total only from a whole-inbox list, and counts news of chats the list hides', () => {
    let state = listedWithOpen();
    expect(state.unreadTotal).to.equal(2);
    state = reduceStore(state, { type: 'chats-cleared' }, page([chat(2, base - 2000)], 0));
    expect(state.unreadTotal).to.equal(2);
    state = reduceStore(state, { type: 'message-added', message: message(200, 77, base), countsAsUnread: true });
    expect(state.unreadTotal).to.equal(3);
    state = reduceStore(state, { type: 'unread-total-loaded', total: 10 });
    expect(state.unreadTotal).to.equal(10);
  });

  it('marks the open chat unknown until a record for it is found', () => {
    let state = reduceStore(emptyState, { type: 'chat-opened', chatId: 42 }, { type: 'chat-not-found', chatId: 42 });
    expect(state.openChatUnknown).to.equal(true);
    state = reduceStore(state, { type: 'chats-found', chats: [chat(42, base)] });
    expect(state.openChatUnknown).to.equal(false);
    state = reduceStore(state, { type: 'chat-not-found', chatId: 7 });
    expect(state.openChatUnknown).to.equal(false);
  });
});
