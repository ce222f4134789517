import { expect } from '@open-wc/testing';
import { chatOutboxSelector, conversationRecordsSelector } from '../../../src/core/state/conversation-selectors.js';
import { outboxEntry } from '../../../src/core/state/outbox-entry.js';
import { message } from '../../support/domain.js';
import { base, page, reduceStore, withOpenChat } from '../../support/open-chat-store.js';

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
