import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** @param {Awaited<ReturnType<typeof createOrg>>} org */
async function poll(org, query = 'perPage=100') {
  const res = await org.api(`/api/chat/callback-events?${query}`);
  assert.equal(res.status, 200);
  return res.json;
}

/** @param {any} value */
function assertNoNulls(value) {
  for (const [key, item] of Object.entries(value)) {
    assert.notEqual(item, null, `${key} is null`);
    if (item && typeof item === 'object') assertNoNulls(item);
  }
}

describe('event shapes', () => {
  test('an operator message queues 3 and 11 with the inverse Author and operator_name', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.allMedia;
    const sent = await org.api(`/api/chat/${chatId}/message`, {
      method: 'POST',
      body: { textMessage: 'Operator here' },
    });
    const page = await poll(org);
    assert.deepEqual(Object.keys(page).sort(), ['items', 'page', 'perPage', 'total']);
    assert.deepEqual(
      page.items.map((/** @type {any} */ e) => e.callback_type),
      ['3', '11'],
    );
    for (const event of page.items) {
      assert.equal(event.ChatId, chatId);
      assert.equal(event.MessageId, sent.json.id);
      assert.equal(event.MessageText, 'Operator here');
      assert.equal(event.Author, 1, 'operator is 1 in callbacks');
      assert.equal(event.operator_name, org.operatorName);
      assert.equal(event.Username, 'Anna Schmidt');
      assert.equal(typeof event.UserId, 'number');
      assert.equal(typeof event.SocialUserId, 'string');
      assert.equal(event.ShopId, 100);
      assert.equal(event.ShopName, 'Acme Store');
      assert.equal(event.type_messenger, 0);
      assert.match(event.event_guid, UUID);
      assert.equal(event.organization_id, org.organizationId);
      assert.equal(new Date(event.timestamp).toISOString(), event.timestamp);
      assert.equal(new Date(event.message_date).toISOString(), event.message_date);
      assert.ok(
        !('MessageMedia' in event) && !('Story' in event) && !('IsInternal' in event),
        'null fields are omitted',
      );
      assertNoNulls(event);
    }
    assert.notEqual(page.items[0].event_guid, page.items[1].event_guid);
  });

  test('a note queues 11 only, with IsInternal true (beyond the spec, read by the panel when present)', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.allMedia;
    await org.api(`/api/chat/${chatId}/message`, {
      method: 'POST',
      body: { textMessage: 'Internal: refund pending', isInternal: true },
    });
    const page = await poll(org);
    assert.deepEqual(
      page.items.map((/** @type {any} */ e) => [e.callback_type, e.IsInternal]),
      [['11', true]],
    );
  });

  test('a customer message has Author 0 and no operator_name; media is an absolute URL', async () => {
    const org = await createOrg(server.base);
    const msg = await org.control('customer-message', { chatId: org.fixtures.chats.bot, text: '', mediaType: 1 });
    assert.equal(msg.status, 200);
    assert.equal(msg.json.author, 1);
    const [three, eleven] = (await poll(org)).items;
    assert.equal(three.callback_type, '3');
    assert.equal(eleven.callback_type, '11');
    assert.equal(three.Author, 0);
    assert.ok(!('operator_name' in three));
    assert.equal(three.MessageId, msg.json.id);
    assert.equal(three.MessageMedia, msg.json.media.uri);
    assert.ok(three.MessageMedia.startsWith(server.base));
    assert.equal(three.type_messenger, 1);
    const created = (await org.control('created-messages')).json;
    assert.deepEqual(
      created.map((/** @type {any} */ c) => c.id),
      [msg.json.id],
    );
  });

  test('an internal note queues source 11 only', async () => {
    const org = await createOrg(server.base);
    await org.api(`/api/chat/${org.fixtures.chats.notes}/message`, {
      method: 'POST',
      body: { textMessage: 'note', isInternal: true },
    });
    assert.deepEqual(
      (await poll(org)).items.map((/** @type {any} */ e) => e.callback_type),
      ['11'],
    );
  });

  test('a Story reply carries Story {Id, SocialId, Url}; without saved media Url is absent', async () => {
    const org = await createOrg(server.base);
    const withUrl = await org.control('customer-message', { story: true, text: 'Nice story' });
    const withoutUrl = await org.control('customer-message', { story: true, storyUrl: false, text: 'Again' });
    assert.equal(withUrl.json.chatId, org.fixtures.chats.storyReply);
    assert.equal(typeof withUrl.json.postId, 'number');
    const items = (await poll(org)).items;
    const first = items.find((/** @type {any} */ e) => e.MessageId === withUrl.json.id && e.callback_type === '3');
    assert.equal(first.type_messenger, 7);
    assert.equal(first.Story.Id, withUrl.json.postId);
    assert.equal(typeof first.Story.SocialId, 'string');
    assert.ok(first.Story.Url.startsWith(`${server.base}/media/story/`));
    assert.equal((await fetch(first.Story.Url)).status, 200);
    assert.equal(first.Username, 'ayse.yilmaz');
    const second = items.find((/** @type {any} */ e) => e.MessageId === withoutUrl.json.id && e.callback_type === '11');
    assert.deepEqual(Object.keys(second.Story).sort(), ['Id', 'SocialId']);
  });

  test('7 new chat, 8 typing, 9 edit and delete', async () => {
    const org = await createOrg(server.base);
    const chat = (await org.control('new-chat', { source: 4, name: 'Walk-in', phone: '+15550001111' })).json;
    const photoChat = (await org.control('new-chat', { source: 7, name: 'Insta Person' })).json;
    assert.equal(photoChat.phone, null);
    await org.control('typing', { chatId: chat.id });
    await org.control('typing', { chatId: chat.id, end: true });
    const messageId = (await org.api(`/api/chat/chats/${chat.id}/messages`)).json[0].id;
    await org.control('edit-message', { messageId, text: 'edited' });
    await org.control('delete-message', { messageId });
    const items = (await poll(org)).items;
    const sevens = items.filter((/** @type {any} */ e) => e.callback_type === '7');
    assert.deepEqual(
      sevens.map((/** @type {any} */ e) => ({ ChatId: e.ChatId, Phone: e.Phone, source: e['chat.Source'] })),
      [
        { ChatId: chat.id, Phone: '+15550001111', source: 4 },
        { ChatId: photoChat.id, Phone: undefined, source: 7 },
      ],
    );
    assert.ok(!('Phone' in sevens[1]));
    const eights = items.filter((/** @type {any} */ e) => e.callback_type === '8');
    assert.equal(eights[0].chat_id, chat.id);
    assert.equal(eights[0].event, 'start_typing');
    assert.equal(typeof eights[0].operator_name, 'string');
    assert.equal(eights[1].event, 'end_typing');
    assert.ok(!('operator_name' in eights[1]));
    const nines = items.filter((/** @type {any} */ e) => e.callback_type === '9');
    assert.equal(nines[0].messageId, messageId);
    assert.equal(nines[0].text, 'edited');
    assert.equal(nines[1].messageId, messageId);
    assert.equal(nines[1].delete, true);
    const order = items.map((/** @type {any} */ e) => Date.parse(e.timestamp));
    assert.deepEqual(
      order,
      order.slice().sort((a, b) => a - b),
    );
  });
});

describe('polling and acknowledgement', () => {
  test('perPage (camelCase) pages the queue, per_page is ignored, default 20', async () => {
    const org = await createOrg(server.base);
    for (let i = 0; i < 13; i++) {
      await org.control('typing', { chatId: org.fixtures.chats.bot });
      await org.control('typing', { chatId: org.fixtures.chats.bot, end: true });
    }
    const all = await poll(org);
    assert.equal(all.total, 26);
    const paged = await poll(org, 'perPage=10&page=2');
    assert.equal(paged.page, 2);
    assert.equal(paged.perPage, 10);
    assert.equal(paged.total, 26);
    assert.deepEqual(
      paged.items.map((/** @type {any} */ e) => e.event_guid),
      all.items.slice(10, 20).map((/** @type {any} */ e) => e.event_guid),
    );
    const snake = await poll(org, 'per_page=5');
    assert.equal(snake.items.length, 20);
    assert.equal(snake.perPage, 20);
  });

  test('processed deletes acknowledged events and counts only the ones that were there', async () => {
    const org = await createOrg(server.base);
    await org.control('customer-message', { chatId: org.fixtures.chats.bot, text: 'one' });
    await org.control('customer-message', { chatId: org.fixtures.chats.bot, text: 'two' });
    const items = (await poll(org)).items;
    assert.equal(items.length, 4);
    const guids = items.slice(0, 3).map((/** @type {any} */ e) => e.event_guid);
    const ack = await org.api('/api/chat/callback-events/processed', {
      method: 'POST',
      body: [...guids, '00000000-0000-4000-8000-000000000000'],
    });
    assert.equal(ack.status, 200);
    assert.deepEqual(ack.json, { deleted: 3 });
    const again = await org.api('/api/chat/callback-events/processed', { method: 'POST', body: guids });
    assert.deepEqual(again.json, { deleted: 0 });
    const left = await poll(org);
    assert.equal(left.total, 1);
    assert.equal(left.items[0].event_guid, items[3].event_guid);
    assert.equal(
      (await org.api('/api/chat/callback-events/processed', { method: 'POST', body: { guids } })).status,
      400,
    );
  });
});
