/**
 * Chats on the wire (spec §2.5): the chat list's JSON turned into the panel's `Chat` records.
 * Optional and unknown fields are tolerated; a chat without an id, or a page without items, is a
 * `malformed` answer (the caller keeps what is on screen).
 */
import { expect } from '@open-wc/testing';
import { parseChat, parseChatPage } from '../../../src/core/api/chat-wire.js';
import { expectApiError } from '../../support/api-error.js';

/** A ChatDTO as the service writes it (spec §2.5), every listed field present. */
function chatDto(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 10001,
    theme: null,
    messSource: 0,
    chatStatus: 1,
    countUnread: 2,
    socialUserId: 'u-1',
    photoAccount: { id: 77, name: 'Acme Shop', photo: 'https://cdn.example/shop.png' },
    photoUser: null,
    operator: { id: 101, name: 'Olivia Operator', photo: null },
    client: { id: 501, name: 'Anna Customer', photo: 'https://cdn.example/anna.jpg' },
    textLastMess: 'Where is my order?',
    timeLastMess: '2026-01-01T12:00:00Z',
    authorLastMessage: 1,
    messageStatus: 3,
    isMedia: false,
    phone: '+15551234567',
    organizationId: 1,
    createdAt: '2025-12-30T08:00:00Z',
    isStarred: true,
    isBlocked: false,
    tags: [],
    ...extra,
  };
}

describe('parseChat: a chat of the list', () => {
  it('reads every field the panel uses, and keeps the record for the customer details', () => {
    const dto = chatDto();
    expect(parseChat(dto)).to.deep.equal({
      id: 10001,
      source: 0,
      status: 1,
      unread: 2,
      name: 'Anna Customer',
      photo: 'https://cdn.example/anna.jpg',
      phone: '+15551234567',
      clientId: 501,
      accountId: 77,
      accountName: 'Acme Shop',
      operatorName: 'Olivia Operator',
      lastText: 'Where is my order?',
      lastTime: Date.UTC(2026, 0, 1, 12),
      lastAuthor: 1,
      lastStatus: 3,
      lastIsMedia: false,
      lastIsNote: false,
      waitingSince: Date.UTC(2026, 0, 1, 12), // the customer wrote last
      starred: true,
      blocked: false,
      tags: [],
      record: dto,
    });
    expect(parseChat(dto).record, 'the same object, not a copy').to.equal(dto);
  });

  it('tolerates the chat object’s many other fields, whatever they hold', () => {
    const extras = Object.fromEntries(
      ['marketplaceCUser', 'waba', 'networkAccount', 'messengerBot', 'widget', 'media', 'draft', 'lang', 'rate'].map(
        (name, index) => [name, [null, { id: index }, 'text', 5, [], true][index % 6]],
      ),
    );
    const { record, ...read } = parseChat(chatDto({ ...extras, somethingNew: { nested: [1, 2] } }));
    const { record: plainRecord, ...plain } = parseChat(chatDto());
    expect(read).to.deep.equal(plain);
    expect(record).to.include(extras).and.not.deep.equal(plainRecord);
  });

  it('names the customer by client name, else the photo network handle, else the phone', () => {
    // The photo-sharing network (7) usually has no phone and names the customer by their handle.
    const photoApp = parseChat(
      chatDto({
        messSource: 7,
        phone: null,
        client: { id: 502, name: null, photo: null },
        photoUser: { id: 9001, name: '@anna.style', photo: 'https://cdn.example/handle.jpg' },
      }),
    );
    expect(photoApp).to.include({
      source: 7,
      name: '@anna.style',
      photo: 'https://cdn.example/handle.jpg',
      phone: null,
    });
    expect(parseChat(chatDto({ client: { id: 503, name: '' }, photoUser: null })).name).to.equal('+15551234567');
    expect(parseChat(chatDto({ client: null, photoUser: null, phone: null })).name).to.equal('');
  });

  it('takes the record’s last message for the wait: the customer’s starts it, anything else ends it', () => {
    // The record cannot tell a note from an answer; the store knows more where it saw the note.
    expect(parseChat(chatDto()).waitingSince).to.equal(Date.UTC(2026, 0, 1, 12));
    expect(parseChat(chatDto({ authorLastMessage: 0 })).waitingSince).to.equal(null);
    expect(parseChat(chatDto({ authorLastMessage: 2 })).waitingSince, 'a bot').to.equal(null);
    expect(parseChat(chatDto({ timeLastMess: null })).waitingSince, 'no time').to.equal(null);
  });

  it('keeps channels without a published name (3 and 6) and marks a missing one -1', () => {
    expect(parseChat(chatDto({ messSource: 3 })).source).to.equal(3);
    expect(parseChat(chatDto({ messSource: 6 })).source).to.equal(6);
    expect(parseChat(chatDto({ messSource: undefined })).source).to.equal(-1);
  });

  it('fills what is missing with neutral values: New, no unread, unknown time, no flags', () => {
    expect(parseChat({ id: 5 })).to.deep.equal({
      id: 5,
      source: -1,
      status: 0,
      unread: 0,
      name: '',
      photo: null,
      phone: null,
      clientId: null,
      accountId: null,
      accountName: null,
      operatorName: null,
      lastText: '',
      lastTime: 0,
      lastAuthor: null,
      lastStatus: null,
      lastIsMedia: false,
      lastIsNote: false,
      waitingSince: null,
      starred: false,
      blocked: false,
      tags: [],
      record: { id: 5 },
    });
  });

  it('reads numbers written as strings, never counts below zero unread, and takes only true for true', () => {
    const chat = parseChat(
      chatDto({ id: '10002', chatStatus: '2', countUnread: -4, isStarred: 'true', isMedia: 1, isBlocked: true }),
    );
    expect(chat).to.include({ id: 10002, status: 2, unread: 0, starred: false, lastIsMedia: false, blocked: true });
  });

  it('reads the tags once, whatever their shape: those with an id can be asked for, the others only shown', () => {
    const tags = (value: unknown) => parseChat(chatDto({ tags: value })).tags;
    expect(
      tags([{ id: 1, name: 'VIP' }, { id: '7', name: ' Returning ' }, 'wholesale', { title: 'Lead', id: 3 }]),
    ).to.deep.equal([
      { id: 1, name: 'VIP' },
      { id: 7, name: 'Returning' },
      { id: null, name: 'wholesale' },
      { id: 3, name: 'Lead' },
    ]);
    // Numbers are shown as text; ids that are no whole number are no ids; nameless items go.
    expect(
      tags([
        5,
        { id: 1.5, name: 'Half' },
        { id: 'x1', name: 'Odd' },
        { id: -2, name: 'Below' },
        { id: 9 },
        { name: 5 },
      ]),
    ).to.deep.equal([
      { id: null, name: '5' },
      { id: null, name: 'Half' },
      { id: null, name: 'Odd' },
      { id: null, name: 'Below' },
    ]);
    // Each once: by id, else by name; a name seen without an id and then with one is the tag with it.
    expect(tags(['VIP', { id: 1, name: 'VIP' }, { id: 1, name: 'Gold' }, 'VIP', { id: 2, name: 'VIP' }])).to.deep.equal(
      [
        { id: 1, name: 'VIP' },
        { id: 2, name: 'VIP' },
      ],
    );
    for (const odd of [undefined, null, {}, { nested: [1] }, [[['x']]], [null, true, '', '  ', NaN], 'solo'])
      expect(tags(odd), JSON.stringify(odd)).to.deep.equal(odd === 'solo' ? [{ id: null, name: 'solo' }] : []);
  });

  it('keeps the last message’s text exactly, markup included', () => {
    expect(parseChat(chatDto({ textLastMess: '<b>hi</b> & bye' })).lastText).to.equal('<b>hi</b> & bye');
    expect(parseChat(chatDto({ textLastMess: null })).lastText).to.equal('');
  });

  it('is a malformed answer when it is not an object or has no id', () => {
    for (const value of [null, 'chat', [chatDto()], 5])
      expectApiError(() => parseChat(value), 'malformed', String(value));
    expectApiError(() => parseChat(chatDto({ id: undefined })), 'malformed', 'no id');
    expectApiError(() => parseChat(chatDto({ id: 'ten' })), 'malformed', 'id not a number');
  });
});

describe('parseChatPage: a page of the chat list', () => {
  it('reads total, newMessagesCount and the chats in the order given', () => {
    const page = parseChatPage({
      total: 45,
      newMessagesCount: 7,
      items: [chatDto({ id: 2 }), chatDto({ id: 1 })],
    });
    expect(page.total).to.equal(45);
    expect(page.newMessagesCount).to.equal(7);
    expect(page.items.map((chat) => chat.id)).to.deep.equal([2, 1]);
  });

  it('counts the items when total is missing, and no new messages when that is', () => {
    expect(parseChatPage({ items: [chatDto({ id: 1 }), chatDto({ id: 2 })] })).to.deep.include({
      total: 2,
      newMessagesCount: 0,
    });
    expect(parseChatPage({ total: '3', newMessagesCount: '1', items: [] })).to.deep.include({
      total: 3,
      newMessagesCount: 1,
    });
  });

  it('is a malformed answer without an items array, or with one chat that is malformed', () => {
    for (const value of [null, [], {}, { items: null }, { items: {} }, { total: 1, items: 'x' }]) {
      expectApiError(() => parseChatPage(value), 'malformed', JSON.stringify(value));
    }
    expectApiError(() => parseChatPage({ items: [chatDto(), { name: 'no id' }] }), 'malformed', 'a chat without id');
  });
});
