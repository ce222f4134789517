/**
 * Since when a customer waits (issue 52.1, 52.2; contract §4 "Waiting time"): one pure rule, kept
 * on the chat's record by the list reducer as messages are sent, received and loaded, and not lost
 * when a record from the service (a list page, a status answer, a lookup) is merged.
 */
import { expect } from '@open-wc/testing';
import type { Chat } from '../../../src/core/api/chat-wire.js';
import type { StoreAction } from '../../../src/core/state/chat-store.js';
import { waitAfter, waitAfterAll } from '../../../src/core/state/customer-wait.js';
import { emptyState, type StoreState } from '../../../src/core/state/store-state.js';
import { chat, message } from '../../support/domain.js';
import { base, page, reduceStore } from '../../support/open-chat-store.js';

const minute = 60_000;
const customer = 1;
const operator = 0;
const bot = 2;

const step = (author: number | null, time: number, isInternal = false) => ({ author, time, isInternal });

describe('customer wait: the rule', () => {
  it('starts at the first customer message no answer followed, and a note changes nothing', () => {
    expect(waitAfter(null, step(customer, 100))).to.equal(100);
    expect(waitAfter(100, step(customer, 200)), 'the customer writes again').to.equal(100);
    expect(waitAfter(100, step(operator, 300, true)), 'a note').to.equal(100);
    expect(waitAfter(null, step(operator, 300, true)), 'a note starts nothing').to.equal(null);
    expect(waitAfter(100, step(operator, 400)), 'an answer').to.equal(null);
    expect(waitAfter(100, step(bot, 400)), 'a bot answers the customer too').to.equal(null);
    expect(waitAfter(100, step(4, 400)), 'an undocumented author').to.equal(null);
    expect(waitAfter(100, step(null, 400)), 'an author the record does not say').to.equal(null);
    expect(waitAfter(null, step(customer, 0)), 'a message of unknown time').to.equal(null);
  });

  it('folds a chat’s messages, oldest first', () => {
    expect(waitAfterAll([])).to.equal(null);
    expect(
      waitAfterAll([
        step(customer, 1),
        step(operator, 2),
        step(customer, 3),
        step(operator, 4, true),
        step(customer, 5),
      ]),
    ).to.equal(3);
    expect(waitAfterAll([step(customer, 1), step(operator, 2, true), step(operator, 3)])).to.equal(null);
  });
});

/** Chat 3 open, its customer waiting since 20 minutes before `base`. */
function waitingChat(): StoreState {
  const waiting = chat(3, base - 20 * minute, { lastText: 'Hello?', lastAuthor: customer });
  return reduceStore(emptyState, page([chat(1, base - 1000), waiting]), { type: 'chat-opened', chatId: 3 });
}

const added = (...items: Parameters<typeof message>[]): StoreAction[] =>
  items.map((args) => ({ type: 'message-added', message: message(...args), countsAsUnread: false }));

/** The record the service would send of chat 3 after a note (its last message, by an operator). */
const recordAfterNote = (text: string, time: number, extra: Partial<Chat> = {}) =>
  chat(3, time, { lastText: text, lastAuthor: operator, ...extra });

describe('customer wait: kept on the chat record', () => {
  it('takes the record’s word where the panel knows nothing more', () => {
    expect(waitingChat().chats.get(3)!.waitingSince).to.equal(base - 20 * minute);
    expect(waitingChat().chats.get(1)!.waitingSince, 'the customer wrote last').to.equal(base - 1000);
    const answered = reduceStore(emptyState, page([recordAfterNote('Done', base)]));
    expect(answered.chats.get(3)!.waitingSince, 'the record looks answered').to.equal(null);
  });

  it('goes on through a note and the customer writing again, and ends with an answer', () => {
    let state = reduceStore(
      waitingChat(),
      ...added([10, 3, base, { author: operator, isInternal: true, text: 'Ask Maria' }]),
    );
    expect(state.chats.get(3)).to.include({
      lastIsNote: true,
      lastText: 'Ask Maria',
      waitingSince: base - 20 * minute,
    });
    state = reduceStore(state, ...added([11, 3, base + minute, { text: 'Hello??' }]));
    expect(state.chats.get(3)!.waitingSince).to.equal(base - 20 * minute);
    state = reduceStore(state, ...added([12, 3, base + 2 * minute, { author: operator, text: 'Here!' }]));
    expect(state.chats.get(3)!.waitingSince).to.equal(null);
    state = reduceStore(state, ...added([13, 3, base + 3 * minute, { text: 'Thanks, one more thing' }]));
    expect(state.chats.get(3)!.waitingSince).to.equal(base + 3 * minute);
  });

  it('reads the wait from the chat’s messages once loaded, where the newest is the record’s last message', () => {
    const note = recordAfterNote('Lost in transit', base);
    let state = reduceStore(emptyState, page([note]), { type: 'chat-opened', chatId: 3 });
    expect(state.chats.get(3)!.waitingSince, 'the record alone').to.equal(null);
    state = reduceStore(state, {
      type: 'messages-loaded',
      chatId: 3,
      messages: [
        message(1, 2, base - 60 * minute), // an earlier chat of the customer's (isChain): not this one's
        message(2, 3, base - 30 * minute, { author: operator, text: 'Hi, how can I help?' }),
        message(3, 3, base - 15 * minute, { text: 'Where is parcel 77?' }),
        message(4, 3, base - 13 * minute, { text: 'Hello?' }),
        message(5, 3, base, { author: operator, isInternal: true, text: 'Lost in transit' }),
      ],
    });
    expect(state.chats.get(3)).to.include({ lastIsNote: true, waitingSince: base - 15 * minute });
  });

  it('leaves the record as it is when its last message is not the newest loaded one', () => {
    const record = chat(3, base, { lastText: 'Newer than the messages', lastAuthor: customer });
    const state = reduceStore(emptyState, page([record]), {
      type: 'messages-loaded',
      chatId: 3,
      messages: [
        message(1, 3, base - 15 * minute),
        message(2, 3, base - minute, { author: operator, isInternal: true }),
      ],
    });
    expect(state.chats.get(3)).to.equal(record);
  });

  describe('a record from the service merged over what the panel knows', () => {
    /** Chat 3 after the operator's note: the panel dated it by its own clock, 40 s behind the service's. */
    function afterNote(): StoreState {
      return reduceStore(
        waitingChat(),
        ...added([10, 3, base - 40_000, { author: operator, isInternal: true, text: 'replying to customer msg' }]),
      );
    }
    const fetched = recordAfterNote('replying to customer msg', base, { status: 2, starred: true });
    const kept = { lastIsNote: true, lastAuthor: operator, waitingSince: base - 20 * minute };

    const merges: Array<[string, StoreAction[]]> = [
      ['a status answer', [{ type: 'chat-updated', chat: fetched }]],
      ['a page of the list', [page([chat(1, base - 1000), fetched])]],
      // A search left the open chat out of the list: a lookup brings its record.
      ['a lookup for the open chat', [{ type: 'chats-cleared' }, { type: 'chats-found', chats: [fetched] }]],
    ];
    for (const [what, actions] of merges) {
      it(`keeps the note and the wait through ${what}, and takes the rest of the record`, () => {
        const merged = reduceStore(afterNote(), ...actions).chats.get(3)!;
        expect(merged).to.include(kept);
        expect(merged).to.include({ status: 2, starred: true, lastTime: base });
      });
    }

    it('reads a record whose last message is the newest the open chat holds by those messages', () => {
      // The note reached the open chat's messages only (no event): the list's record is older.
      const state = reduceStore(waitingChat(), {
        type: 'messages-loaded',
        chatId: 3,
        messages: [
          message(1, 3, base - 20 * minute, { text: 'Hello?' }),
          message(2, 3, base, { author: operator, isInternal: true, text: 'replying to customer msg' }),
        ],
      });
      expect(state.chats.get(3)).to.include({ lastText: 'Hello?', waitingSince: base - 20 * minute });
      const answer = reduceStore(state, { type: 'chat-updated', chat: fetched }).chats.get(3)!;
      expect(answer).to.include({ ...kept, status: 2, lastText: 'replying to customer msg' });
    });

    it('takes the record’s word when its last message is one the panel did not see', () => {
      const answered = recordAfterNote('Here is your refund', base + minute);
      const state = reduceStore(afterNote(), { type: 'chat-updated', chat: answered });
      expect(state.chats.get(3)).to.include({ lastIsNote: false, waitingSince: null, lastText: 'Here is your refund' });
      // The same text, but by the customer: not the note the panel knew.
      const echoed = chat(3, base + minute, { lastText: 'replying to customer msg', lastAuthor: customer });
      const after = reduceStore(afterNote(), { type: 'chat-updated', chat: echoed });
      expect(after.chats.get(3)).to.include({ lastIsNote: false, waitingSince: base + minute });
    });

    it('changes nothing when the record says what the store holds', () => {
      const state = afterNote();
      const known = state.chats.get(3)!;
      const again = { ...known, lastIsNote: false, waitingSince: null }; // as the wire reads it
      expect(reduceStore(state, { type: 'chat-updated', chat: again })).to.equal(state);
      const listed = state.order.map((id) => (id === 3 ? again : state.chats.get(id)!));
      expect(reduceStore(state, page(listed)).chats.get(3), 'the same record: its row sees no change').to.equal(known);
    });
  });
});
