import { expect } from '@open-wc/testing';
import {
  chatApiAuthor,
  parseCallbackEvent,
  parseCallbackEvents,
  parseEventTime,
  parseStory,
} from '../../../src/core/api/callback-events.js';
import type { CallbackEvent } from '../../../src/core/api/callback-events.js';

const at = Date.UTC(2025, 0, 2, 10, 0, 0);

function item(type: number | string, body: Record<string, unknown>, guid = 'guid-1'): Record<string, unknown> {
  return {
    event_guid: guid,
    callback_type: String(type),
    timestamp: new Date(at).toISOString(),
    organization_id: 7,
    ...body,
  };
}

function parsed(raw: unknown): CallbackEvent {
  const event = parseCallbackEvent(raw);
  if (!event) throw new Error('expected an event');
  return event;
}

function asMessage(event: CallbackEvent) {
  if (event.kind !== 'message') throw new Error(`expected a message, got ${event.kind}`);
  return event.message;
}

describe('parseCallbackEvent', () => {
  describe('common fields', () => {
    it('reads guid, string callback_type and an ISO timestamp', () => {
      const event = parsed(item('5', { name: 'changed_chat_status', id: 4, status: 1 }));
      expect(event.guid).to.equal('guid-1');
      expect(event.type).to.equal(5);
      expect(event.timestamp).to.equal(at);
    });

    it('accepts a numeric callback_type and epoch seconds or milliseconds', () => {
      expect(parsed({ ...item(5, { id: 1, status: 2 }), callback_type: 5 }).type).to.equal(5);
      expect(parseEventTime(at / 1000)).to.equal(at);
      expect(parseEventTime(String(at))).to.equal(at);
      expect(parseEventTime('not a date')).to.equal(0);
      expect(parseEventTime(undefined)).to.equal(0);
    });

    it('falls back to message_date when timestamp is omitted', () => {
      const raw = item(7, { ChatId: 3 });
      delete raw.timestamp;
      raw.message_date = new Date(at + 5).toISOString();
      expect(parsed(raw).timestamp).to.equal(at + 5);
    });

    it('skips items without event_guid and counts them', () => {
      const raw = item(5, { id: 1, status: 1 });
      delete raw.event_guid;
      const page = parseCallbackEvents([raw, null, 'x', item(5, { id: 1, status: 1 }, 'ok'), { event_guid: '' }]);
      expect(page.events.map((event) => event.guid)).to.deep.equal(['ok']);
      expect(page.skipped).to.equal(4);
    });

    it('marks an unknown or unreadable source as ignored, keeping its guid', () => {
      expect(parsed(item(12, { type: 'new_comment' })).kind).to.equal('ignored');
      expect(parsed(item(99, {})).kind).to.equal('ignored');
      const garbage = parsed({ ...item(0, {}), callback_type: 'abc' });
      expect(garbage.kind).to.equal('ignored');
      expect(garbage.type).to.equal(-1);
    });
  });

  describe('sources 3 and 11: messages', () => {
    it('maps PascalCase fields and the inverse Author to a Message', () => {
      const message = asMessage(
        parsed(
          item('3', {
            ChatId: '12',
            MessageId: 501,
            MessageText: 'Hi',
            Author: 0,
            Username: 'ann',
            message_date: new Date(at - 1000).toISOString(),
          }),
        ),
      );
      expect(message).to.deep.include({
        id: 501,
        chatId: 12,
        text: 'Hi',
        author: 1,
        status: 0,
        isInternal: false,
        time: at - 1000,
      });
      expect(message.media).to.equal(null);
      expect(message.story).to.equal(null);
      expect(message.operatorName).to.equal(null);
    });

    it('maps Author 1 to the Chat API operator (0) with operator_name', () => {
      const message = asMessage(
        parsed(item('11', { ChatId: 1, MessageId: 2, MessageText: 'ok', Author: 1, operator_name: 'Olga' })),
      );
      expect(message.author).to.equal(0);
      expect(message.operatorName).to.equal('Olga');
    });

    it('reads IsInternal where the service sends it (not documented): a note; absent, a public message', () => {
      const note = asMessage(
        parsed(item(11, { ChatId: 3, MessageId: 9, Author: 1, IsInternal: true, MessageText: 'n' })),
      );
      expect(note.isInternal).to.equal(true);
      const plain = asMessage(parsed(item(11, { ChatId: 3, MessageId: 10, Author: 1, MessageText: 'p' })));
      expect(plain.isInternal).to.equal(false);
      const odd = asMessage(parsed(item(11, { ChatId: 3, MessageId: 11, Author: 1, isInternal: 'yes' })));
      expect(odd.isInternal).to.equal(false);
    });

    it('treats an omitted Author as the customer unless operator_name is present', () => {
      expect(asMessage(parsed(item(3, { ChatId: 1, MessageId: 2 }))).author).to.equal(1);
      expect(asMessage(parsed(item(3, { ChatId: 1, MessageId: 2, operator_name: 'O' }))).author).to.equal(0);
      expect(chatApiAuthor(4, null)).to.equal(-1);
    });

    it('tolerates omitted text and uses timestamp when message_date is absent', () => {
      const message = asMessage(parsed(item(3, { ChatId: 1, MessageId: 2 })));
      expect(message.text).to.equal('');
      expect(message.time).to.equal(at);
    });

    it('turns a MessageMedia URL into an untyped media item named after the file', () => {
      const message = asMessage(
        parsed(item(3, { ChatId: 1, MessageId: 2, MessageMedia: 'https://cdn.example/m/photo%201.jpg?x=1' })),
      );
      expect(message.media).to.deep.equal({
        name: 'photo 1.jpg',
        format: '',
        type: 0,
        uri: 'https://cdn.example/m/photo%201.jpg?x=1',
        length: null,
      });
    });

    it('reads a Story block with and without Url', () => {
      const withUrl = asMessage(
        parsed(
          item(3, { ChatId: 1, MessageId: 2, Story: { Id: 77, SocialId: 's-77', Url: 'https://p.example/s/77' } }),
        ),
      );
      expect(withUrl.story).to.deep.equal({ id: 77, socialId: 's-77', url: 'https://p.example/s/77' });
      expect(withUrl.postId).to.equal(77);
      const noUrl = asMessage(parsed(item(3, { ChatId: 1, MessageId: 3, Story: { Id: '78', SocialId: 's-78' } })));
      expect(noUrl.story).to.deep.equal({ id: 78, socialId: 's-78', url: null });
      expect(parseStory({ SocialId: 'x' })).to.equal(null);
    });

    it('is malformed without ChatId or MessageId, keeping the guid to acknowledge', () => {
      const event = parsed(item(3, { MessageId: 2 }));
      expect(event.kind).to.equal('malformed');
      expect(event.guid).to.equal('guid-1');
    });
  });

  describe('other sources', () => {
    it('reads 5 chat status and 6 message status', () => {
      expect(parsed(item(5, { name: 'changed_chat_status', id: '4', status: '2' }))).to.deep.include({
        kind: 'chat-status',
        chatId: 4,
        status: 2,
      });
      expect(parsed(item(6, { name: 'changed_message_status', id: 9, status: 3 }))).to.deep.include({
        kind: 'message-status',
        messageId: 9,
        status: 3,
      });
      expect(parsed(item(6, { id: 9 })).kind).to.equal('malformed');
    });

    it('reads 7 new chat with a dotted or nested chat.Source', () => {
      expect(parsed(item(7, { ChatId: 5, Phone: '+100', 'chat.Source': 7 }))).to.deep.include({
        kind: 'new-chat',
        chatId: 5,
        phone: '+100',
        source: 7,
      });
      expect(parsed(item(7, { ChatId: 5, chat: { Source: '4' } }))).to.deep.include({ source: 4, phone: null });
    });

    it('reads 8 typing start and end', () => {
      expect(parsed(item(8, { chat_id: 3, event: 'start_typing', operator_name: 'Olga' }))).to.deep.include({
        kind: 'typing',
        chatId: 3,
        typing: true,
        operatorName: 'Olga',
      });
      expect(parsed(item(8, { chat_id: 3, event: 'end_typing' }))).to.deep.include({
        kind: 'typing',
        typing: false,
        operatorName: null,
      });
      expect(parsed(item(8, { chat_id: 3, event: 'dancing' })).kind).to.equal('malformed');
    });

    it('tells 9 edited from 9 deleted', () => {
      expect(parsed(item(9, { messageId: 4, text: 'fixed' }))).to.deep.include({
        kind: 'message-edited',
        messageId: 4,
        text: 'fixed',
      });
      expect(parsed(item(9, { messageId: 4, delete: true }))).to.deep.include({
        kind: 'message-deleted',
        messageId: 4,
      });
      expect(parsed(item(9, { messageId: 4 })).kind).to.equal('malformed');
    });
  });

  describe('field names in any casing', () => {
    it('reads a field under PascalCase, snake_case, camelCase or upper case alike', () => {
      for (const key of ['ChatId', 'chat_id', 'chatId', 'CHAT_ID']) {
        const body = { [key]: 41, MessageId: 9, MessageText: key };
        expect(asMessage(parsed(item(3, body))).chatId, key).to.equal(41);
      }
    });

    it('takes the non-null one of a field sent twice under two casings, whichever comes first', () => {
      expect(asMessage(parsed(item(3, { ChatId: null, chat_id: 5, MessageId: 1 }))).chatId).to.equal(5);
      expect(asMessage(parsed(item(3, { chat_id: 6, ChatId: null, MessageId: 1 }))).chatId).to.equal(6);
      expect(asMessage(parsed(item(3, { ChatId: 7, chat_id: 8, MessageId: 1 }))).chatId).to.equal(7);
    });

    it('reads an item whose keys are the names of object internals like any other', () => {
      const body = JSON.parse(
        '{"__proto__": {"ChatId": 99}, "constructor": 5, "hasOwnProperty": "x", "toString": 1, "ChatId": 41, "MessageId": 9, "MessageText": "hi"}',
      ) as Record<string, unknown>;
      const message = asMessage(parsed(item(3, body)));
      expect([message.chatId, message.id, message.text]).to.deep.equal([41, 9, 'hi']);
    });

    it('reads each item of a page by its own names when items of many shapes alternate', () => {
      // Same number of keys in the same places, different names: a shape mistaken for another
      // would read one item's field under the other's key.
      const casings = ['ChatId', 'chat_id', 'chatId', 'CHATID', 'Chat_Id', 'chat_Id', 'CHAT_ID', 'chatid'];
      const extras = Array.from({ length: 20 }, (_, index) => `extra_${index}`);
      const items = Array.from({ length: 400 }, (_, index) =>
        item(
          3,
          {
            [casings[index % casings.length]]: index,
            [extras[index % extras.length]]: 'x',
            MessageId: 1000 + index,
            MessageText: `Text ${index}`,
          },
          `guid-${index}`,
        ),
      );
      const { events } = parseCallbackEvents(items);
      expect(events.map((event) => asMessage(event).chatId)).to.deep.equal(items.map((_, index) => index));
      expect(events.map((event) => asMessage(event).text)).to.deep.equal(items.map((_, index) => `Text ${index}`));
    });

    it('reads each item by its own names when the next item has a field fewer or more', () => {
      const base = { ChatId: 1, MessageId: 2, MessageText: 'hi' };
      const items = [
        item(3, { ...base, Username: 'Ann' }, 'g1'),
        item(3, base, 'g2'),
        item(3, { ...base, Username: 'Bob', operator_name: 'Olga', Author: 1 }, 'g3'),
        item(3, { ...base, Username: 'Cy' }, 'g4'),
      ];
      const messages = parseCallbackEvents(items).events.map(asMessage);
      expect(messages.map((message) => message.customerName)).to.deep.equal(['Ann', null, 'Bob', 'Cy']);
      expect(messages.map((message) => message.operatorName)).to.deep.equal([null, null, 'Olga', null]);
    });
  });
});
