import { expect } from '@open-wc/testing';
import type { Message } from '../../../src/core/api/message-wire.js';
import { chat, message } from '../../support/domain.js';
import { ChatStore, reduceStore, type StoreAction } from '../../../src/core/state/chat-store.js';
import { emptyState, type StoreState } from '../../../src/core/state/store-state.js';

const base = Date.UTC(2025, 0, 2, 10, 0, 0);

const added = (item: Message, countsAsUnread = true): StoreAction => ({
  type: 'message-added',
  message: item,
  countsAsUnread,
});

/** Three listed chats (1 newest); chat 3 is open with a long history. */
function loaded(historyLength = 10_000): StoreState {
  const chats = [chat(1, base - 1000), chat(2, base - 2000), chat(3, base - 3000)];
  const history = Array.from({ length: historyLength }, (_, index) => message(index + 1, 3, base - 10_000_000 + index));
  return reduceStore(
    emptyState,
    {
      type: 'chats-loaded',
      page: 1,
      perPage: 20,
      result: { total: 3, newMessagesCount: 0, items: chats },
      wholeInbox: true,
    },
    { type: 'messages-loaded', chatId: 3, messages: history },
  );
}

/** Applies each action on its own: the reference a batch must equal. */
const oneByOne = (state: StoreState, actions: StoreAction[]) =>
  actions.reduce((current, action) => reduceStore(current, action), state);

describe('chat store', () => {
  it('applies a batch exactly as it would apply the same actions one by one', () => {
    const state = loaded(300);
    const actions: StoreAction[] = [
      added(message(20_001, 3, base + 10)),
      added(message(20_002, 2, base + 20)),
      added(message(20_001, 3, base + 10)), // the same message again (events 3 and 11)
      added(message(20_003, 3, base + 5)), // older than the last one: sorted in, not appended
      { type: 'message-status-changed', messageId: 20_001, status: 3 },
      { type: 'message-edited', messageId: 150, text: 'edited' },
      { type: 'message-deleted', messageId: 151 },
      { type: 'chat-status-changed', chatId: 1, status: 2 },
      { type: 'typing-changed', chatId: 2, typing: { operatorName: null, until: base + 6000 } },
      { type: 'chat-updated', chat: chat(4, base + 30) },
      added(message(20_004, 1, base + 40)),
      { type: 'chat-removed', chatId: 2 },
      { type: 'chat-read', chatId: 3 },
    ];

    const batched = reduceStore(state, ...actions);

    expect(batched).to.deep.equal(oneByOne(state, actions));
    expect(batched.order).to.deep.equal([1, 4, 3]);
    const list = batched.messages.get(3)!;
    expect(list.slice(-2).map((item) => [item.id, item.status])).to.deep.equal([
      [20_003, 0],
      [20_001, 3],
    ]);
    expect(list.find((item) => item.id === 150)?.text).to.equal('edited');
    expect(list.some((item) => item.id === 151)).to.equal(false);
    expect(list).to.have.length(301);
  });

  it('never changes the state a batch started from', () => {
    const state = loaded(200);
    const list = state.messages.get(3)!;
    // The records copied too: a reducer that wrote a chat's record in place would pass a snapshot
    // that shares it.
    const records = new Map([...state.chats].map(([id, record]) => [id, { ...record }]));
    const snapshot = { order: [...state.order], chats: new Map(state.chats), list: [...list] };

    reduceStore(
      state,
      added(message(30_001, 3, base + 10), true),
      added(message(30_002, 2, base + 20), true),
      added(message(30_003, 2, base + 30), true),
      { type: 'message-status-changed', messageId: 5, status: 3 },
      { type: 'message-deleted', messageId: 6 },
    );

    expect(state.order).to.deep.equal(snapshot.order);
    expect(state.chats).to.deep.equal(snapshot.chats);
    expect(state.chats).to.deep.equal(records);
    expect(state.messages.get(3)).to.equal(list);
    expect(list).to.deep.equal(snapshot.list);
  });

  it('answers the same for a state reduced twice: what one batch added is not known to the other', () => {
    const state = loaded(200);
    const arrival = added(message(30_001, 3, base + 10));

    const first = reduceStore(state, arrival);
    const again = reduceStore(state, arrival);
    const deleted = reduceStore(first, { type: 'message-deleted', messageId: 30_001 });
    const kept = reduceStore(first, { type: 'message-edited', messageId: 30_001, text: 'edited' });
    const back = reduceStore(deleted, arrival);

    expect(again).to.deep.equal(first);
    expect(again.messages.get(3)!.filter((item) => item.id === 30_001)).to.have.length(1);
    expect(deleted.messages.get(3)!.some((item) => item.id === 30_001)).to.equal(false);
    expect(kept.messages.get(3)!.find((item) => item.id === 30_001)?.text).to.equal('edited');
    expect(back.messages.get(3)!.filter((item) => item.id === 30_001)).to.have.length(1);
    expect(reduceStore(first, arrival)).to.equal(first); // already there: nothing changes
  });

  it('puts 500 live messages into a 10,000-message chat in order, each once, counting unread', () => {
    const state = loaded();
    const actions: StoreAction[] = [];
    for (let index = 0; index < 500; index++) {
      const item = message(50_000 + index, index % 5 === 0 ? 3 : 1 + (index % 2), base + index);
      actions.push(added(item, item.chatId !== 3), added(item, false)); // each twice, as 3 and 11 bring it
    }

    const next = reduceStore(state, ...actions);

    const list = next.messages.get(3)!;
    expect(list).to.have.length(10_100);
    expect(list.every((item, index) => index === 0 || list[index - 1].time <= item.time)).to.equal(true);
    expect(new Set(list.map((item) => item.id)).size).to.equal(10_100);
    expect(next.chats.get(1)!.unread + next.chats.get(2)!.unread).to.equal(400);
    expect(next.unreadTotal).to.equal(400);
    expect(next.order[0]).to.equal(2); // the page's newest message went to chat 2
  });

  it('keeps a Story block and live arrivals newer than a refetch of the chat', () => {
    const story = { id: 9001, socialId: null, url: null };
    const state = reduceStore(
      loaded(5),
      added(message(3, 3, base - 10_000_000 + 2, { story })),
      added(message(99, 3, base)),
    );

    const next = reduceStore(state, {
      type: 'messages-loaded',
      chatId: 3,
      messages: Array.from({ length: 5 }, (_, index) => message(index + 1, 3, base - 10_000_000 + index)),
    });

    const list = next.messages.get(3)!;
    expect(list.map((item) => item.id)).to.deep.equal([1, 2, 3, 4, 5, 99]);
    expect(list[2].story).to.deep.equal(story);
  });

  it('notifies its subscribers once per dispatch, and not at all when nothing changed', () => {
    const store = new ChatStore();
    store.dispatch({
      type: 'chats-loaded',
      page: 1,
      perPage: 20,
      result: { total: 1, newMessagesCount: 0, items: [chat(1, base)] },
    });
    const calls: StoreState[] = [];
    store.subscribe((state) => calls.push(state));

    store.dispatch(...Array.from({ length: 50 }, (_, index) => added(message(index + 1, 1, base + index + 1))));
    store.dispatch(
      { type: 'chat-status-changed', chatId: 1, status: 1 }, // already Open
      { type: 'typing-changed', chatId: 1, typing: null }, // nobody typing
      { type: 'message-deleted', messageId: 12_345 }, // not loaded
    );

    expect(calls).to.have.length(1);
    expect(calls[0].chats.get(1)!.unread).to.equal(50);
  });
});

describe('chat store: one reducer that knows every action', () => {
  const listed = (): StoreState =>
    reduceStore(emptyState, {
      type: 'chats-loaded',
      page: 1,
      perPage: 20,
      result: { total: 2, newMessagesCount: 3, items: [chat(1, base - 1000), chat(2, base - 2000)] },
      wholeInbox: true,
    });

  it('marks a new message on its chat (last text, unread, place) and the unread total, holding no message of a chat not read', () => {
    const next = reduceStore(listed(), added({ ...message(50, 2, base + 10), text: 'Any news?' }));
    expect(next.order).to.deep.equal([2, 1]);
    expect(next.chats.get(2)).to.deep.include({ lastText: 'Any news?', unread: 1 });
    expect(next.unreadTotal).to.equal(4);
    expect(next.messages.size).to.equal(0);
  });

  it('counts a message that came by two paths once', () => {
    const state = reduceStore(listed(), { type: 'messages-loaded', chatId: 2, messages: [] });
    const once = reduceStore(state, added(message(60, 2, base + 10)));
    const twice = reduceStore(once, added(message(60, 2, base + 10)));
    expect(twice).to.equal(once);
    expect(twice.unreadTotal).to.equal(4);
    expect(twice.chats.get(2)!.unread).to.equal(1);
    expect(twice.messages.get(2)?.map((item) => item.id)).to.deep.equal([60]);
  });

  it('fails on an action it does not know, instead of dropping it', () => {
    const store = new ChatStore();
    const unknown = { type: 'chat-archived', chatId: 1 } as unknown as StoreAction;
    expect(() => store.dispatch(unknown)).to.throw(TypeError, /chat-archived/);
    expect(store.state).to.equal(emptyState);
  });
});
