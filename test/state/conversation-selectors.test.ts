import { expect } from '@open-wc/testing';
import { storeReducer, type StoreAction } from '../../src/state/chat-store.js';
import { reduceConversation } from '../../src/state/conversation-slice.js';
import { chatOutboxSelector, conversationRecordsSelector } from '../../src/state/conversation-selectors.js';
import { outboxEntry } from '../../src/state/outbox-entry.js';
import { emptyState, type StoreState } from '../../src/state/store-state.js';
import { chat, message } from '../support/domain.js';

/** The panel's store once the conversation chunk is in: the core and the conversation slice. */
const reduceStore = storeReducer([reduceConversation]);

const base = Date.UTC(2025, 0, 2, 10, 0, 0);

const page = (items = [chat(1, base - 1000), chat(2, base - 2000), chat(3, base - 3000)]): StoreAction => ({
  type: 'chats-loaded',
  page: 1,
  perPage: 20,
  result: { total: items.length, newMessagesCount: 0, items },
  wholeInbox: true,
});

function withOpenChat(): StoreState {
  const history = [message(1, 3, base - 5000), message(2, 3, base - 4000)];
  return reduceStore(
    emptyState,
    page(),
    { type: 'chat-opened', chatId: 3 },
    { type: 'messages-loaded', chatId: 3, messages: history },
  );
}

describe('conversation selectors: the open chat sees no change while nothing of it changed', () => {
  it("the open conversation's records hold its chat and the earlier chats of its messages, the same map while they are unchanged", () => {
    const select = conversationRecordsSelector();
    const state = reduceStore(
      withOpenChat(),
      { type: 'messages-loaded', chatId: 3, messages: [message(9, 2, base - 9000), message(1, 3, base - 5000)] },
      { type: 'chain-loaded' },
    );
    const first = select(state);
    expect([...first.keys()].sort()).to.deep.equal([2, 3]);
    // Another chat's news changes the list's map, not these records.
    const other = reduceStore(state, { type: 'chat-read', chatId: 1 }, page());
    expect(other.chats).not.to.equal(state.chats);
    expect(select(other)).to.equal(first);
    const closed = reduceStore(state, { type: 'chat-status-changed', chatId: 2, status: 4 });
    expect(select(closed)).not.to.equal(first);
    expect(select(closed).get(2)?.status).to.equal(4);
  });

  it("a chat's unsent messages are the same array while they are unchanged, whatever another chat sends", () => {
    const select = chatOutboxSelector();
    const text = (value: string) => ({ text: value, isInternal: false, replyToMessageId: null });
    const mine = outboxEntry(3, text('For three'), null, null, base);
    const state = reduceStore(withOpenChat(), { type: 'outbox-added', entry: mine });
    const first = select(state, 3);
    expect(first.map((entry) => entry.message.text)).to.deep.equal(['For three']);
    const elsewhere = reduceStore(state, {
      type: 'outbox-added',
      entry: outboxEntry(1, text('For one'), null, null, base),
    });
    expect(select(elsewhere, 3)).to.equal(first);
    const failed = reduceStore(elsewhere, {
      type: 'outbox-changed',
      localId: mine.localId,
      patch: { state: 'failed' },
    });
    expect(select(failed, 3)).not.to.equal(first);
    expect(select(failed, 3)[0].state).to.equal('failed');
    expect(select(failed, null)).to.deep.equal([]);
  });
});
