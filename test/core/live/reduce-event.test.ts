import { expect } from '@open-wc/testing';
import { parseCallbackEvents } from '../../../src/core/api/callback-events.js';
import { GuidMemory } from '../../../src/core/live/guid-memory.js';
import { reduceEvents, type ReduceContext } from '../../../src/core/live/reduce-event.js';
import type { StoreAction } from '../../../src/core/state/chat-store.js';

const now = Date.UTC(2025, 0, 2, 10, 0, 0);
let counter = 0;

/** A polled item as the service sends it: PascalCase body, string callback_type, ISO timestamp. */
function wire(type: number, body: Record<string, unknown>, options: { guid?: string; ts?: number } = {}) {
  counter += 1;
  return {
    event_guid: options.guid ?? `guid-${counter}`,
    callback_type: String(type),
    timestamp: new Date(options.ts ?? now - 1000 + counter).toISOString(),
    organization_id: 1,
    ...body,
  };
}

const customer = (chatId: number, messageId: number, extra: Record<string, unknown> = {}) => ({
  ChatId: chatId,
  MessageId: messageId,
  MessageText: `m${messageId}`,
  Author: 0,
  ...extra,
});

function context(overrides: Partial<ReduceContext> = {}): ReduceContext {
  return { openChatId: null, knownChatIds: new Set([1, 2, 3]), now, dedupe: new GuidMemory(), ...overrides };
}

function reduce(items: unknown[], ctx: ReduceContext = context()) {
  return reduceEvents(parseCallbackEvents(items).events, ctx);
}

const ofType = <T extends StoreAction['type']>(actions: StoreAction[], type: T) =>
  actions.filter((action): action is Extract<StoreAction, { type: T }> => action.type === type);

describe('reduceEvents', () => {
  describe('new messages (3, 11)', () => {
    it('adds a customer message in a closed chat as unread and reports it received', () => {
      const result = reduce([wire(3, customer(2, 10))], context({ openChatId: 1 }));
      const [added] = ofType(result.actions, 'message-added');
      expect(added.message).to.deep.include({ id: 10, chatId: 2, author: 1 });
      expect(added.countsAsUnread).to.equal(true);
      expect(result.received).to.deep.equal([{ chatId: 2, messageId: 10, from: null, text: 'm10', media: null }]);
    });

    it('reports what a desktop notice says of a received message: its text, and its media by type and name', () => {
      const result = reduce([
        wire(
          3,
          customer(2, 12, { MessageText: '', MessageMedia: 'https://cdn.example/media/photo-1.png', Username: 'Anna' }),
        ),
      ]);
      expect(result.received).to.deep.equal([
        { chatId: 2, messageId: 12, from: 'Anna', text: '', media: { type: 0, name: 'photo-1.png' } },
      ]);
    });

    it('does not count a customer message in the open chat as unread', () => {
      const result = reduce([wire(3, customer(1, 10))], context({ openChatId: 1 }));
      expect(ofType(result.actions, 'message-added')[0].countsAsUnread).to.equal(false);
      expect(result.received).to.have.length(1);
    });

    it('never counts an operator message (inverse Author 1) as unread or received', () => {
      const result = reduce([wire(11, { ChatId: 2, MessageId: 11, Author: 1, operator_name: 'Olga' })]);
      const [added] = ofType(result.actions, 'message-added');
      expect(added.message.author).to.equal(0);
      expect(added.countsAsUnread).to.equal(false);
      expect(result.received).to.deep.equal([]);
    });

    it('shows a message that arrives as both 3 and 11 once', () => {
      const result = reduce([wire(3, customer(2, 12)), wire(11, customer(2, 12))]);
      expect(ofType(result.actions, 'message-added')).to.have.length(1);
      expect(result.received).to.have.length(1);
    });

    it('shows it once across pages too, but passes on a Story block the first copy lacked', () => {
      const ctx = context();
      reduce([wire(11, customer(2, 13))], ctx);
      const again = reduce([wire(3, customer(2, 13, { Story: { Id: 5, SocialId: 's5' } }))], ctx);
      const added = ofType(again.actions, 'message-added');
      expect(added).to.have.length(1);
      expect(added[0].countsAsUnread).to.equal(false);
      expect(added[0].message.story).to.deep.equal({ id: 5, socialId: 's5', url: null });
      expect(again.received).to.deep.equal([]);
      expect(reduce([wire(11, customer(2, 13, { Story: { Id: 5 } }))], ctx).actions).to.deep.equal([]);
    });

    it('ends the chat’s typing indicator with a message', () => {
      const result = reduce([wire(8, { chat_id: 2, event: 'start_typing' }), wire(3, customer(2, 14))]);
      expect(result.actions.map((action) => action.type)).to.deep.equal([
        'typing-changed',
        'message-added',
        'typing-changed',
      ]);
      expect(ofType(result.actions, 'typing-changed')[1].typing).to.equal(null);
    });

    it('reports a message for a chat the list does not hold as an unknown chat', () => {
      const result = reduce([wire(3, customer(40, 15)), wire(3, customer(40, 16))]);
      expect(result.unknownChats).to.deep.equal([40]);
      expect(ofType(result.actions, 'message-added')).to.have.length(2);
    });
  });

  describe('other sources', () => {
    it('5 changes a chat status', () => {
      expect(reduce([wire(5, { name: 'changed_chat_status', id: 2, status: 4 })]).actions).to.deep.equal([
        { type: 'chat-status-changed', chatId: 2, status: 4 },
      ]);
    });

    it('6 changes a message status', () => {
      expect(reduce([wire(6, { name: 'changed_message_status', id: 9, status: '3' })]).actions).to.deep.equal([
        { type: 'message-status-changed', messageId: 9, status: 3 },
      ]);
    });

    it('7 reports a new chat only when the list does not hold it', () => {
      const result = reduce([wire(7, { ChatId: 50, Phone: '+1' }), wire(7, { ChatId: 1 })]);
      expect(result.unknownChats).to.deep.equal([50]);
      expect(result.actions).to.deep.equal([]);
    });

    it('8 start shows typing until now + timeout; 8 end clears it', () => {
      const start = reduce(
        [wire(8, { chat_id: 3, event: 'start_typing', operator_name: 'Ann' })],
        context({ typingTimeoutMs: 2500 }),
      );
      expect(start.actions).to.deep.equal([
        { type: 'typing-changed', chatId: 3, typing: { operatorName: 'Ann', until: now + 2500 } },
      ]);
      const defaults = reduce([wire(8, { chat_id: 3, event: 'start_typing' })]);
      expect(ofType(defaults.actions, 'typing-changed')[0].typing).to.deep.equal({
        operatorName: null,
        until: now + 6000,
      });
      expect(reduce([wire(8, { chat_id: 3, event: 'end_typing' })]).actions).to.deep.equal([
        { type: 'typing-changed', chatId: 3, typing: null },
      ]);
    });

    it('8 start older than a minute (a catch-up) shows nothing', () => {
      const result = reduce([wire(8, { chat_id: 3, event: 'start_typing' }, { ts: now - 120000 })]);
      expect(result.actions).to.deep.equal([]);
    });

    it('9 edits or deletes a message', () => {
      expect(
        reduce([wire(9, { messageId: 4, text: 'new' }), wire(9, { messageId: 5, delete: true })]).actions,
      ).to.deep.equal([
        { type: 'message-edited', messageId: 4, text: 'new' },
        { type: 'message-deleted', messageId: 5 },
      ]);
    });

    it('ignores an unknown source and malformed items', () => {
      const result = reduce([
        wire(12, { type: 'new_comment' }, { guid: 'c' }),
        wire(42, {}, { guid: 'x' }),
        wire(3, { Author: 0 }, { guid: 'bad' }),
      ]);
      expect(result.actions).to.deep.equal([]);
    });
  });

  describe('ordering and dedupe', () => {
    it('applies a page in timestamp order, stable for equal timestamps', () => {
      const items = [
        wire(9, { messageId: 1, text: 'third' }, { ts: now - 10 }),
        wire(9, { messageId: 1, text: 'first' }, { ts: now - 30 }),
        wire(9, { messageId: 1, text: 'second-a' }, { ts: now - 20 }),
        wire(9, { messageId: 1, text: 'second-b' }, { ts: now - 20 }),
      ];
      const texts = ofType(reduce(items).actions, 'message-edited').map((action) => action.text);
      expect(texts).to.deep.equal(['first', 'second-a', 'second-b', 'third']);
    });

    it('applies a page out of timestamp order in timestamp order', () => {
      const result = reduce([
        wire(5, { id: 1, status: 1 }, { guid: 'b', ts: now }),
        wire(5, { id: 1, status: 2 }, { guid: 'a', ts: now - 5 }),
      ]);
      expect(ofType(result.actions, 'chat-status-changed').map((action) => action.status)).to.deep.equal([2, 1]);
    });

    it('applies a guid duplicated within a page once', () => {
      const event = wire(3, customer(2, 20), { guid: 'dup' });
      const result = reduce([event, { ...event }]);
      expect(ofType(result.actions, 'message-added')).to.have.length(1);
    });

    it('applies a redelivered guid once across calls', () => {
      const ctx = context();
      const event = wire(5, { id: 2, status: 3 }, { guid: 'again' });
      expect(reduce([event], ctx).actions).to.have.length(1);
      const second = reduce([event], ctx);
      expect(second.actions).to.deep.equal([]);
    });

    it('forgets the oldest guids beyond its capacity', () => {
      const ctx = context({ dedupe: new GuidMemory(3) });
      const first = wire(5, { id: 2, status: 1 }, { guid: 'oldest' });
      reduce([first, wire(5, { id: 2, status: 2 }), wire(5, { id: 2, status: 3 }), wire(5, { id: 2, status: 4 })], ctx);
      expect(ctx.dedupe.has('oldest')).to.equal(false);
      expect(ctx.dedupe.size).to.equal(3);
      expect(reduce([first], ctx).actions).to.have.length(1);
    });

    it('returns nothing for an empty page', () => {
      expect(reduce([])).to.deep.equal({ actions: [], received: [], unknownChats: [] });
    });
  });
});

describe('GuidMemory', () => {
  it('says whether a key is new and evicts first in, first out', () => {
    const memory = new GuidMemory(2);
    expect(memory.add('a')).to.equal(true);
    expect(memory.add('a')).to.equal(false);
    memory.add('b');
    memory.add('c');
    expect([memory.has('a'), memory.has('b'), memory.has('c')]).to.deep.equal([false, true, true]);
  });

  it('stays bounded over many keys', () => {
    const memory = new GuidMemory(100);
    for (let index = 0; index < 10000; index++) memory.add(`k${index}`);
    expect(memory.size).to.equal(100);
    expect(memory.has('k9999')).to.equal(true);
    expect(memory.has('k9899')).to.equal(false);
    expect(() => new GuidMemory(0)).to.throw(RangeError);
  });
});
