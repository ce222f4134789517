import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const MESSAGE_FIELDS = [
  'id',
  'chatId',
  'message',
  'messageTranslation',
  'phone',
  'author',
  'source',
  'media',
  'replyTo',
  'status',
  'date',
  'operator',
  'client',
  'messageType',
  'isInternal',
  'isBroadcast',
  'starMark',
  'isConnectedAI',
  'referralGuid',
  'postId',
  'organizationId',
  'countUnreadMessages',
];

/** @param {Awaited<ReturnType<typeof createOrg>>} org @param {number} chatId */
async function messagesOf(org, chatId) {
  const res = await org.api(`/api/chat/chats/${chatId}/messages`);
  assert.equal(res.status, 200);
  return res.json;
}

describe('reading messages', () => {
  test('messages in date order with every ChatMessageDTO field; media served at its absolute uri', async () => {
    const org = await createOrg(server.base);
    const messages = await messagesOf(org, org.fixtures.chats.allMedia);
    assert.ok(messages.length >= 5);
    for (const field of MESSAGE_FIELDS) assert.ok(field in messages[0], `missing ${field}`);
    const dates = messages.map((m) => Date.parse(m.date));
    assert.deepEqual(
      dates,
      dates.slice().sort((a, b) => a - b),
    );
    const photo = messages.find((m) => m.id === org.fixtures.messages.media1);
    assert.deepEqual(Object.keys(photo.media).sort(), ['format', 'isUploaded', 'length', 'name', 'raw', 'type', 'uri']);
    assert.ok(photo.media.uri.startsWith(server.base));
    assert.equal(photo.messageType, 1);
    const file = await fetch(photo.media.uri);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    assert.equal((await file.arrayBuffer()).byteLength, photo.media.length);
    const broken = messages.find((m) => m.id === org.fixtures.messages.brokenPhoto);
    assert.equal((await fetch(broken.media.uri)).status, 404);
  });

  test('isChain=true adds the earlier chats of the same customer', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.allMedia;
    const plain = await messagesOf(org, chatId);
    assert.ok(plain.every((m) => m.chatId === chatId));
    const chain = (await org.api(`/api/chat/chats/${chatId}/messages?isChain=true`)).json;
    const chatIds = new Set(chain.map((/** @type {any} */ m) => m.chatId));
    assert.deepEqual([...chatIds].sort(), [chatId, ...org.fixtures.chainEarlierChatIds].sort());
    assert.equal(chain.length, plain.length + 10);
    const dates = chain.map((/** @type {any} */ m) => Date.parse(m.date));
    assert.deepEqual(
      dates,
      dates.slice().sort((a, b) => a - b),
    );
    const earliest = (await org.api(`/api/chat/chats/${org.fixtures.chainEarlierChatIds[0]}/messages?isChain=true`))
      .json;
    assert.ok(
      earliest.every((/** @type {any} */ m) => m.chatId === org.fixtures.chainEarlierChatIds[0]),
      'only earlier chats join the chain',
    );
  });

  test('unknown chats and chats of another organization are 404', async () => {
    const org = await createOrg(server.base);
    const other = await createOrg(server.base);
    assert.equal((await org.api('/api/chat/chats/999999999/messages')).status, 404);
    assert.equal((await org.api(`/api/chat/chats/${other.fixtures.chats.allMedia}/messages`)).status, 404);
  });
});

describe('sending', () => {
  test('JSON /message stores text, author, note flag, reply and operator; the chat summary moves', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.notes;
    const before = await messagesOf(org, chatId);
    const res = await org.api(`/api/chat/${chatId}/message`, {
      method: 'POST',
      body: { textMessage: 'Hello from the test', replyToMessageId: before[0].id },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['id', 'messageStatus']);
    assert.equal(res.json.messageStatus, 0);
    const after = await messagesOf(org, chatId);
    const sent = after.at(-1);
    assert.equal(sent.id, res.json.id);
    assert.equal(sent.message, 'Hello from the test');
    assert.equal(sent.author, 0);
    assert.equal(sent.status, 0);
    assert.equal(sent.isInternal, false);
    assert.equal(sent.operator.id, org.operatorId);
    assert.deepEqual(sent.replyTo, { id: before[0].id, message: before[0].message, author: before[0].author });
    const top = (await org.api('/api/chat/chats?per_page=1')).json.items[0];
    assert.equal(top.id, chatId);
    assert.equal(top.textLastMess, 'Hello from the test');
    assert.equal(top.authorLastMessage, 0);
    assert.equal(top.messageStatus, 0);

    const note = await org.api(`/api/chat/${chatId}/message`, {
      method: 'POST',
      body: { textMessage: 'note', isInternal: true, author: 0 },
    });
    assert.equal((await messagesOf(org, chatId)).find((m) => m.id === note.json.id).isInternal, true);
  });

  test('referral path and /message/v1 take the JSON form; media from dataBase64 is served back', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.richText;
    const guid = '3f1c2a9e-0000-4000-8000-000000000001';
    const referral = await org.api(`/api/chat/${chatId}/${guid}/message`, {
      method: 'POST',
      body: { textMessage: 'via referral' },
    });
    assert.equal(referral.status, 200);
    const bytes = Buffer.from('%PDF-1.4 tiny test file');
    const v1 = await org.api(`/api/chat/${chatId}/message/v1`, {
      method: 'POST',
      body: {
        textMessage: '',
        media: { name: 'tiny.pdf', format: 'application/pdf', type: 2, dataBase64: bytes.toString('base64') },
      },
    });
    assert.equal(v1.status, 200);
    const messages = await messagesOf(org, chatId);
    assert.equal(messages.find((m) => m.id === referral.json.id).referralGuid, guid);
    const withMedia = messages.find((m) => m.id === v1.json.id);
    assert.equal(withMedia.media.name, 'tiny.pdf');
    assert.equal(withMedia.media.format, 'application/pdf');
    assert.equal(withMedia.media.type, 2);
    assert.equal(withMedia.media.length, bytes.length);
    assert.equal(withMedia.messageType, 2);
    assert.ok(withMedia.media.uri.startsWith(`${server.base}/media/`));
    const served = await fetch(withMedia.media.uri);
    assert.equal(served.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
  });

  test('v2 multipart reads the exact PascalCase dotted names', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.allMedia;
    const replied = (await messagesOf(org, chatId))[0];
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
    const form = new FormData();
    form.append('TextMessage', 'Photo attached');
    form.append('Author', '0');
    form.append('IsInternal', 'true');
    form.append('ReplyToMessageId', String(replied.id));
    form.append('AppGuid', '3f1c2a9e-0000-4000-8000-000000000002');
    form.append('Media.File', new Blob([png], { type: 'image/png' }), 'shot.png');
    form.append('Media.Name', 'shot.png');
    form.append('Media.Format', 'image/png');
    form.append('Media.Type', '1');
    const res = await call(server.base, `/api/chat/${chatId}/message/v2`, {
      method: 'POST',
      token: org.token,
      raw: form,
    });
    assert.equal(res.status, 200);
    const sent = (await messagesOf(org, chatId)).find((m) => m.id === res.json.id);
    assert.equal(sent.message, 'Photo attached');
    assert.equal(sent.isInternal, true);
    assert.equal(sent.replyTo.id, replied.id);
    assert.equal(sent.referralGuid, '3f1c2a9e-0000-4000-8000-000000000002');
    assert.equal(sent.media.type, 1);
    assert.equal(sent.media.name, 'shot.png');
    const served = await fetch(sent.media.uri);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), png);

    const log = (await org.control('requests')).json.find((/** @type {any} */ r) => r.path.endsWith('/message/v2'));
    assert.deepEqual(log.formFields, [
      'TextMessage',
      'Author',
      'IsInternal',
      'ReplyToMessageId',
      'AppGuid',
      'Media.Name',
      'Media.Format',
      'Media.Type',
      'Media.File',
    ]);
    assert.deepEqual(log.formValues['Media.File'], { filename: 'shot.png', size: png.length, type: 'image/png' });

    const b64 = new FormData();
    b64.append('Media.DataBase64', png.toString('base64'));
    b64.append('Media.Format', 'image/png');
    const viaBase64 = await call(server.base, `/api/chat/${chatId}/message/v2`, {
      method: 'POST',
      token: org.token,
      raw: b64,
    });
    assert.equal(viaBase64.status, 200);
    const stored = (await messagesOf(org, chatId)).find((m) => m.id === viaBase64.json.id);
    assert.equal(stored.media.type, 1);
    assert.deepEqual(Buffer.from(await (await fetch(stored.media.uri)).arrayBuffer()), png);
  });

  test('v2 ignores other spellings: camelCase text arrives empty, lower-case media is dropped', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.allMedia;
    const onlyWrong = new FormData();
    onlyWrong.append('textMessage', 'lost text');
    onlyWrong.append('media.file', new Blob([Buffer.from('x')], { type: 'image/png' }), 'a.png');
    onlyWrong.append('Media.file', new Blob([Buffer.from('y')], { type: 'image/png' }), 'b.png');
    const empty = await call(server.base, `/api/chat/${chatId}/message/v2`, {
      method: 'POST',
      token: org.token,
      raw: onlyWrong,
    });
    assert.equal(empty.status, 400, 'nothing readable: an empty send');

    const mixed = new FormData();
    mixed.append('TextMessage', 'kept');
    mixed.append('textMessage', 'ignored');
    mixed.append('media.file', new Blob([Buffer.from('x')], { type: 'image/png' }), 'a.png');
    const res = await call(server.base, `/api/chat/${chatId}/message/v2`, {
      method: 'POST',
      token: org.token,
      raw: mixed,
    });
    assert.equal(res.status, 200);
    const sent = (await messagesOf(org, chatId)).find((m) => m.id === res.json.id);
    assert.equal(sent.message, 'kept');
    assert.equal(sent.media, null);
  });

  test('empty sends, malformed JSON and wrong types are 400', async () => {
    const org = await createOrg(server.base);
    const path = `/api/chat/${org.fixtures.chats.bot}/message`;
    for (const body of [
      {},
      { textMessage: '   ' },
      { textMessage: 5 },
      { textMessage: 'x', isInternal: 'yes' },
      { textMessage: 'x', replyToMessageId: 'a' },
      [1],
    ]) {
      const res = await org.api(path, { method: 'POST', body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.json.error, 'Bad Request');
    }
    const malformed = await org.api(path, {
      method: 'POST',
      raw: '{"textMessage": ',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error, 'Bad Request');
    assert.equal(typeof malformed.json.message, 'string');
    assert.equal(
      (await org.api(`/api/chat/999999999/message`, { method: 'POST', body: { textMessage: 'x' } })).status,
      404,
    );
  });
});

describe('statuses and deletion', () => {
  test('PUT /api/chat/status returns the updated chat and queues event 5', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.bot;
    const res = await org.api('/api/chat/status', { method: 'PUT', body: { id: chatId, status: 4 } });
    assert.equal(res.status, 200);
    assert.equal(res.json.id, chatId);
    assert.equal(res.json.chatStatus, 4);
    const events = (await org.control('events')).json;
    const event = events.find((/** @type {any} */ e) => e.callback_type === '5');
    assert.deepEqual(
      { name: event.name, id: event.id, status: event.status },
      { name: 'changed_chat_status', id: chatId, status: 4 },
    );
    assert.equal(
      (await org.api('/api/chat/status', { method: 'PUT', body: { id: chatId, status: 'closed' } })).status,
      400,
    );
    assert.equal(
      (await org.api('/api/chat/status', { method: 'PUT', body: { id: 999999999, status: 1 } })).status,
      404,
    );
  });

  test('PUT /api/chat/messages/status marks READ, lowers countUnread and queues event 6 per message', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.bot;
    const unread = (await messagesOf(org, chatId)).filter((m) => m.author === 1 && m.status !== 3);
    assert.equal(unread.length, 3);
    const res = await org.api('/api/chat/messages/status', {
      method: 'PUT',
      body: { status: 3, messageIds: unread.map((m) => m.id) },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { updated: 3 });
    const chat = (await org.api('/api/chat/chats?per_page=1000')).json.items.find(
      (/** @type {any} */ c) => c.id === chatId,
    );
    assert.equal(chat.countUnread, 0);
    const sixes = (await org.control('events')).json.filter((/** @type {any} */ e) => e.callback_type === '6');
    assert.deepEqual(sixes.map((/** @type {any} */ e) => e.id).sort(), unread.map((m) => m.id).sort());
    assert.ok(sixes.every((/** @type {any} */ e) => e.name === 'changed_message_status' && e.status === 3));
    assert.equal(
      (await org.api('/api/chat/messages/status', { method: 'PUT', body: { status: 3, messageIds: 'x' } })).status,
      400,
    );
  });

  test('DELETE /api/chat/chats/{id} answers {} and the chat is gone', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.closed;
    const res = await org.api(`/api/chat/chats/${chatId}`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {});
    assert.equal((await org.api(`/api/chat/chats/${chatId}/messages`)).status, 404);
    assert.equal((await org.api(`/api/chat/chats/${chatId}`, { method: 'DELETE' })).status, 404);
    const ids = (await org.api('/api/chat/chats?per_page=1000')).json.items.map((/** @type {any} */ c) => c.id);
    assert.ok(!ids.includes(chatId));
  });
});
