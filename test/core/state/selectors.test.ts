import { expect } from '@open-wc/testing';
import { listedChatsSelector } from '../../../src/core/state/selectors.js';
import { emptyState } from '../../../src/core/state/store-state.js';
import { chat, message } from '../../support/domain.js';
import { base, page, reduceStore, withOpenChat } from '../../support/open-chat-store.js';

describe('store: what renders sees no change while nothing changed', () => {
  it('a refetch of the same list and messages keeps the same records and the same message list', () => {
    const before = withOpenChat();
    // The service answers new objects that say the same.
    const after = reduceStore(before, page(), {
      type: 'messages-loaded',
      chatId: 3,
      messages: [message(1, 3, base - 5000), message(2, 3, base - 4000)],
    });
    expect(after.chats.get(3)).to.equal(before.chats.get(3));
    expect(after.messages.get(3)).to.equal(before.messages.get(3));
  });

  it('a record or a message that did change is replaced', () => {
    const before = withOpenChat();
    const renamed = { ...chat(3, base - 3000), name: 'Renamed' };
    const edited = { ...message(2, 3, base - 4000), text: 'edited' };
    const after = reduceStore(before, page([chat(1, base - 1000), chat(2, base - 2000), renamed]), {
      type: 'messages-loaded',
      chatId: 3,
      messages: [message(1, 3, base - 5000), edited],
    });
    expect(after.chats.get(3)?.name).to.equal('Renamed');
    expect(after.messages.get(3)?.[1].text).to.equal('edited');
    expect(after.messages.get(3)?.[0]).to.equal(before.messages.get(3)?.[0]);
  });

  it('the listed chats are the same array until the order or a listed record changes', () => {
    const select = listedChatsSelector();
    const state = withOpenChat();
    const first = select(state);
    expect(first.map((item) => item.id)).to.deep.equal([1, 2, 3]);
    expect(
      select(reduceStore(state, { type: 'typing-changed', chatId: 3, typing: { operatorName: null, until: 1 } })),
    ).to.equal(first);
    expect(select(reduceStore(state, page()))).to.equal(first);
    const moved = select(reduceStore(state, page([chat(2, base), chat(1, base - 1000), chat(3, base - 3000)])));
    expect(moved).not.to.equal(first);
    expect(moved.map((item) => item.id)).to.deep.equal([2, 1, 3]);
  });
});

describe('store: the open chat, the filter and loading', () => {
  it('keeps the open chat, loading flags and the chain as named actions set them', () => {
    let state = reduceStore(emptyState, { type: 'list-loading', loading: true });
    expect(state.listLoading).to.equal(true);
    state = reduceStore(state, page(), { type: 'list-loading', loading: false }, { type: 'chat-opened', chatId: 3 });
    expect(state.listLoading).to.equal(false);
    expect(state.openChatId).to.equal(3);
    state = reduceStore(state, { type: 'conversation-loading', loading: true }, { type: 'chain-loaded' });
    expect(state.conversationLoading).to.equal(true);
    expect(state.chainLoaded).to.equal(true);
    // Another chat starts without its earlier chats.
    state = reduceStore(state, { type: 'chat-opened', chatId: 2 });
    expect(state.chainLoaded).to.equal(false);
  });

  it('changes the filter only when it says something else', () => {
    const filter = { ...emptyState.filter, statuses: [0, 1], search: 'anna' };
    const state = reduceStore(emptyState, { type: 'filter-changed', filter });
    expect(state.filter).to.equal(filter);
    const same = reduceStore(state, { type: 'filter-changed', filter: { ...filter, statuses: [0, 1] } });
    expect(same).to.equal(state);
    const other = reduceStore(state, { type: 'filter-changed', filter: { ...filter, search: 'bob' } });
    expect(other.filter.search).to.equal('bob');
    for (const toggle of [{ unread: true }, { mine: true }, { starred: true }, { channel: 4 }]) {
      const toggled = reduceStore(state, { type: 'filter-changed', filter: { ...filter, ...toggle } });
      expect(toggled.filter, JSON.stringify(toggle)).to.include(toggle);
    }
    const vip = { id: 1, name: 'VIP' };
    const tagged = reduceStore(state, { type: 'filter-changed', filter: { ...filter, tags: [vip] } });
    expect(tagged.filter.tags).to.deep.equal([vip]);
    expect(reduceStore(tagged, { type: 'filter-changed', filter: { ...filter, tags: [{ ...vip }] } })).to.equal(tagged);
    const two = [vip, { id: 7, name: 'Returning' }];
    const both = reduceStore(tagged, { type: 'filter-changed', filter: { ...filter, tags: two } });
    expect(both.filter.tags).to.deep.equal(two);
    const swapped = reduceStore(both, { type: 'filter-changed', filter: { ...filter, tags: [two[1], two[0]] } });
    expect(swapped.filter.tags, 'the order chosen is the order asked').to.deep.equal([two[1], two[0]]);
  });
});
