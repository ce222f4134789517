/**
 * Messages on the wire (spec §2.6, §4.2): the messages of an open chat and the answer to a send.
 * Optional and unknown fields are tolerated, undocumented enumeration values are kept for the
 * view to show as unknown, and a message without its ids is a `malformed` answer.
 */
import { expect } from '@open-wc/testing';
import { parseMessage, parseMessages, parseSent } from '../../../src/core/api/message-wire.js';
import { expectApiError } from '../../support/api-error.js';

/** A ChatMessageDTO as the service writes it (spec §2.6). */
function messageDto(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1000001,
    chatId: 10001,
    message: 'Where is my order?',
    messageTranslation: null,
    phone: '+15551234567',
    author: 1,
    source: 0,
    media: null,
    replyTo: null,
    status: 3,
    date: '2026-01-01T12:00:00Z',
    operator: null,
    client: { id: 501, name: 'Anna Customer', photo: null },
    messageType: 0,
    isInternal: false,
    isBroadcast: false,
    starMark: false,
    isConnectedAI: false,
    referralGuid: null,
    postId: null,
    organizationId: 1,
    countUnreadMessages: 2,
    ...extra,
  };
}

describe('parseMessage: a message of a chat', () => {
  it('reads every field the panel uses', () => {
    expect(parseMessage(messageDto())).to.deep.equal({
      id: 1000001,
      chatId: 10001,
      text: 'Where is my order?',
      translation: null,
      author: 1,
      status: 3,
      time: Date.UTC(2026, 0, 1, 12),
      isInternal: false,
      media: null,
      replyTo: null,
      postId: null,
      story: null,
      operatorName: null,
      clientId: 501,
    });
  });

  it('keeps the chat API’s author mapping (0 operator, 1 client), not the callbacks’ inverse one', () => {
    expect(parseMessage(messageDto({ author: 0, operator: { id: 101, name: 'Olivia' } }))).to.include({
      author: 0,
      operatorName: 'Olivia',
    });
    expect(parseMessage(messageDto({ author: 1 })).author).to.equal(1);
  });

  it('keeps undocumented values (author 4, status 9 to 11) for the view to show as unknown', () => {
    expect(parseMessage(messageDto({ author: 4 })).author).to.equal(4);
    for (const status of [9, 10, 11]) expect(parseMessage(messageDto({ status })).status).to.equal(status);
  });

  it('takes a missing author as unknown (-1) and a missing status as UNKNOWN (4)', () => {
    expect(parseMessage(messageDto({ author: null, status: undefined }))).to.include({ author: -1, status: 4 });
  });

  it('reads a translation only when there is one', () => {
    expect(parseMessage(messageDto({ messageTranslation: '¿Dónde está mi pedido?' })).translation).to.equal(
      '¿Dónde está mi pedido?',
    );
    expect(parseMessage(messageDto({ messageTranslation: '' })).translation).to.equal(null);
  });

  it('marks an internal note only when isInternal is true', () => {
    expect(parseMessage(messageDto({ isInternal: true })).isInternal).to.equal(true);
    for (const isInternal of [null, 'true', 1, undefined]) {
      expect(parseMessage(messageDto({ isInternal })).isInternal, String(isInternal)).to.equal(false);
    }
  });

  it('reads media (ChatMediaDTO), none when it is not an object', () => {
    const media = { name: 'photo.jpg', format: 'image/jpeg', type: 1, uri: 'https://cdn.example/p.jpg', length: 2048 };
    expect(parseMessage(messageDto({ media: { ...media, raw: null, isUploaded: true } })).media).to.deep.equal(media);
    expect(parseMessage(messageDto({ media: { type: '9' } })).media).to.deep.equal({
      name: '',
      format: '',
      type: 9,
      uri: null,
      length: null,
    });
    for (const value of [null, 'photo.jpg', []])
      expect(parseMessage(messageDto({ media: value })).media).to.equal(null);
  });

  it('quotes the message it replies to, from message or text', () => {
    expect(parseMessage(messageDto({ replyTo: { id: 7, message: 'Hello', author: 0 } })).replyTo).to.deep.equal({
      id: 7,
      text: 'Hello',
      author: 0,
    });
    expect(parseMessage(messageDto({ replyTo: { id: 8, text: 'Hi' } })).replyTo).to.deep.equal({
      id: 8,
      text: 'Hi',
      author: null,
    });
    expect(parseMessage(messageDto({ replyTo: 'Hello' })).replyTo).to.equal(null);
  });

  it('reads postId (a post or Story reply) and leaves the Story to the callbacks', () => {
    expect(parseMessage(messageDto({ postId: 9001 }))).to.include({ postId: 9001, story: null });
  });

  it('keeps the text exactly, markup included, and reads an absent text as empty', () => {
    const html = '<script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    expect(parseMessage(messageDto({ message: html })).text).to.equal(html);
    expect(parseMessage(messageDto({ message: null })).text).to.equal('');
  });

  it('tolerates fields it does not know', () => {
    expect(parseMessage(messageDto({ reactions: [{ emoji: '👍' }], v2: { a: 1 } }))).to.deep.equal(
      parseMessage(messageDto()),
    );
  });

  it('is a malformed answer when it is not an object or lacks its id or chat id', () => {
    for (const value of [null, 'message', [messageDto()]]) {
      expectApiError(() => parseMessage(value), 'malformed', String(value));
    }
    expectApiError(() => parseMessage(messageDto({ id: undefined })), 'malformed', 'no id');
    expectApiError(() => parseMessage(messageDto({ chatId: null })), 'malformed', 'no chat id');
  });
});

describe('parseMessages: the messages of an open chat', () => {
  const at = (minute: number) => `2026-01-01T12:${String(minute).padStart(2, '0')}:00Z`;

  it('keeps a list that is already oldest first', () => {
    const list = [messageDto({ id: 1, date: at(1) }), messageDto({ id: 2, date: at(2) })];
    expect(parseMessages(list).map((message) => message.id)).to.deep.equal([1, 2]);
  });

  it('puts a list in any other order oldest first, by time then id', () => {
    const list = [
      messageDto({ id: 3, date: at(5) }),
      messageDto({ id: 2, date: at(1) }),
      messageDto({ id: 1, date: at(5) }),
      messageDto({ id: 4, date: at(0) }),
    ];
    expect(parseMessages(list).map((message) => message.id)).to.deep.equal([4, 2, 1, 3]);
  });

  it('reads an empty chat', () => {
    expect(parseMessages([])).to.deep.equal([]);
  });

  it('is a malformed answer when it is not an array, or when one message is malformed', () => {
    for (const value of [null, {}, { items: [] }, 'messages']) {
      expectApiError(() => parseMessages(value), 'malformed', JSON.stringify(value));
    }
    expectApiError(() => parseMessages([messageDto(), { message: 'no ids' }]), 'malformed', 'one bad message');
  });
});

describe('parseSent: the answer to a send', () => {
  it('reads the new message’s id and status (spec: {id, messageStatus})', () => {
    expect(parseSent({ id: 1000042, messageStatus: 0 })).to.deep.equal({ id: 1000042, status: 0 });
    expect(parseSent({ id: '1000043', messageStatus: 1, extra: true })).to.deep.equal({ id: 1000043, status: 1 });
  });

  it('takes a missing status as NEW (0)', () => {
    expect(parseSent({ id: 5 })).to.deep.equal({ id: 5, status: 0 });
  });

  it('is a malformed answer without an id: the send’s outcome is unknown', () => {
    for (const value of [null, 5, [], {}, { messageStatus: 0 }, { id: 'new' }]) {
      expectApiError(() => parseSent(value), 'malformed', JSON.stringify(value));
    }
  });
});
