import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('seed-chat control endpoint (hostile data for the panel)', () => {
  test('stores the name, avatar, texts, file names and media URLs exactly as given', async () => {
    const org = await createOrg(server.base, { preset: 'empty' });
    const hostile = '<img src=x onerror=alert(1)>';
    const seeded = await org.control('seed-chat', {
      name: hostile,
      photo: 'javascript:alert(1)',
      messages: [
        { text: '<script>alert(1)</script>' },
        { text: '', media: { name: hostile, url: 'data:text/html,<script>alert(1)</script>', type: 1 } },
      ],
    });
    assert.equal(seeded.status, 200);
    const { chat, messageIds } = seeded.json;
    assert.equal(chat.client.name, hostile);
    assert.equal(chat.client.photo, 'javascript:alert(1)');
    assert.equal(messageIds.length, 2);

    const messages = (await org.api(`/api/chat/chats/${chat.id}/messages`)).json;
    assert.deepEqual(
      messages.map((message) => message.id),
      messageIds,
    );
    assert.equal(messages[0].message, '<script>alert(1)</script>');
    assert.equal(messages[1].media.name, hostile);
    assert.equal(
      messages[1].media.uri,
      'data:text/html,<script>alert(1)</script>',
      'an absolute URL is served as stored',
    );
    assert.equal(messages[1].media.type, 1);

    const created = (await org.control('created-messages')).json;
    assert.deepEqual(
      created.map((message) => message.id),
      messageIds,
    );
    const events = (await org.control('events')).json;
    assert.ok(
      events.some((event) => event.callback_type === '7'),
      'the new chat raised event 7',
    );
    const messageEvent = events.find((event) => event.callback_type === '3' && event.MessageId === messageIds[0]);
    assert.equal(messageEvent?.MessageText, '<script>alert(1)</script>');
  });

  test('adds messages to an existing chat with chatId', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.bot;
    const seeded = await org.control('seed-chat', { chatId, messages: [{ text: 'one' }, { text: 'two' }] });
    assert.equal(seeded.status, 200);
    assert.equal(seeded.json.chat.id, chatId);
    const texts = (await org.api(`/api/chat/chats/${chatId}/messages`)).json.map((message) => message.message);
    assert.deepEqual(texts.slice(-2), ['one', 'two']);
  });

  test('serves a seeded translation as the message messageTranslation, and refuses one that is not a string', async () => {
    const org = await createOrg(server.base, { preset: 'empty' });
    const seeded = await org.control('seed-chat', {
      name: 'Translated',
      messages: [{ text: 'Buenas tardes', translation: 'Good afternoon' }, { text: 'Hello' }],
    });
    assert.equal(seeded.status, 200);
    const messages = (await org.api(`/api/chat/chats/${seeded.json.chat.id}/messages`)).json;
    assert.deepEqual(
      messages.map((message) => message.messageTranslation),
      ['Good afternoon', null],
    );
    const bad = await org.control('seed-chat', { messages: [{ text: 'x', translation: 5 }] });
    assert.equal(bad.status, 400);
  });

  test('seeds operator messages, internal notes, quotes and read history', async () => {
    const org = await createOrg(server.base, { preset: 'empty' });
    const seeded = await org.control('seed-chat', {
      name: 'History',
      read: true,
      messages: [
        { text: 'Where is my parcel?' },
        { text: 'Checking now.', author: 'operator', replyTo: 0 },
        { text: 'Warehouse says Monday.', author: 'operator', isInternal: true },
        { text: 'Thanks!' },
      ],
    });
    assert.equal(seeded.status, 200);
    const { chat, messageIds } = seeded.json;
    assert.equal(chat.countUnread, 0, 'read history leaves nothing unread');
    const messages = (await org.api(`/api/chat/chats/${chat.id}/messages`)).json;
    assert.deepEqual(
      messages.map((message) => [message.author, message.isInternal, message.status]),
      [
        [1, false, 3],
        [0, false, 3],
        [0, true, 3],
        [1, false, 3],
      ],
    );
    assert.deepEqual(messages[1].replyTo, { id: messageIds[0], message: 'Where is my parcel?', author: 1 });
    const events = (await org.control('events')).json;
    assert.ok(
      !events.some((event) => event.callback_type === '3' && event.MessageId === messageIds[2]),
      'a note is not event 3',
    );

    const unread = await org.control('seed-chat', { chatId: chat.id, messages: [{ text: 'Hello?' }] });
    assert.equal(unread.json.chat.countUnread, 1, 'without read, the customer message is unread');
  });

  test('refuses bad input before storing anything', async () => {
    const org = await createOrg(server.base, { preset: 'empty' });
    const before = (await org.api('/api/chat/chats')).json.total;
    for (const body of [
      { name: 5 },
      { messages: 'x' },
      { messages: [{ text: 1 }] },
      { messages: [{ media: { type: 'image' } }] },
      { source: 'one' },
      { messages: [{ author: 'bot' }] },
      { messages: [{ text: 'note', isInternal: true }] },
      { messages: [{ text: 'a', replyTo: 0 }] },
      { messages: [{ text: 'a' }], read: 'yes' },
    ]) {
      assert.equal((await org.control('seed-chat', body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await org.api('/api/chat/chats')).json.total, before);
  });
});
