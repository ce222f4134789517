import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe("customer details: chat fields, a customer's chats, waiting customers", () => {
  test('the seed carries tags, ratings, languages and a blocked, stop-listed customer', async () => {
    const org = await createOrg(server.base);
    const { items } = (await org.api('/api/chat/chats?per_page=100&status=0&status=1&status=2&status=3&status=4')).json;
    const byId = new Map(items.map((/** @type {any} */ chat) => [chat.id, chat]));
    const allMedia = byId.get(org.fixtures.chats.allMedia);
    assert.deepEqual(allMedia.tags, [{ id: 1, name: 'VIP' }]);
    assert.equal(allMedia.rate, 5);
    assert.equal(allMedia.lang, 'de');
    assert.equal(typeof allMedia.rateComment, 'string');
    const greek = byId.get(org.fixtures.chats.unknownChannel6);
    assert.equal(greek.isBlocked, true);
    assert.equal(greek.isInStopList, true);
    assert.equal(items.length, 45);
  });

  test("clientId and photo_user_id find a customer's chats over every status, newest first", async () => {
    const org = await createOrg(server.base);
    const list = async (/** @type {string} */ query) => (await org.api(`/api/chat/chats?${query}`)).json;
    const anna = (await list(`clientId=${(await list('per_page=1')).items[0].client.id}&per_page=100`)).items;
    assert.deepEqual(
      anna.map((/** @type {any} */ chat) => chat.id).sort(),
      [org.fixtures.chats.allMedia, ...org.fixtures.chainEarlierChatIds].sort(),
    );
    assert.ok(
      anna.some((/** @type {any} */ chat) => chat.chatStatus === 4),
      'closed chats are listed without a status filter',
    );
    const times = anna.map((/** @type {any} */ chat) => Date.parse(chat.timeLastMess));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );

    const story = (await list(`per_page=100&status=2`)).items.find(
      (/** @type {any} */ chat) => chat.id === org.fixtures.chats.storyReply,
    );
    const ayse = (await list(`photo_user_id=${story.photoUser.id}&per_page=100`)).items;
    assert.equal(ayse.length, 2);
    assert.ok(
      ayse.every((/** @type {any} */ chat) => chat.photoUser.id === story.photoUser.id && chat.messSource === 7),
    );
    assert.equal((await list('clientId=999999')).items.length, 0);
  });

  test('seed-chat sets details in any shape, omits fields, dates messages in the past, and adds a chat to a customer', async () => {
    const org = await createOrg(server.base, { preset: 'empty' });
    const first = (
      await org.control('seed-chat', {
        name: 'Wanda Waiting',
        source: 7,
        handle: 'wanda.w',
        status: 1,
        details: { tags: [1, { id: 2 }, [['x']]], rate: { value: 5 }, lang: ['en'], isInStopList: true },
        messages: [
          { text: 'Hello?', minutesAgo: 30 },
          { text: 'Anyone?', minutesAgo: 12 },
        ],
      })
    ).json.chat;
    assert.deepEqual(first.tags, [1, { id: 2 }, [['x']]]);
    assert.deepEqual(first.rate, { value: 5 });
    assert.deepEqual(first.lang, ['en']);
    assert.equal(first.isInStopList, true);
    assert.equal(first.chatStatus, 1);
    assert.equal(first.photoUser.name, 'wanda.w');
    const waited = Date.now() - Date.parse(first.timeLastMess);
    assert.ok(waited > 11 * 60_000 && waited < 13 * 60_000, `last message 12 min ago, not ${waited} ms`);
    assert.ok(Date.parse(first.createdAt) <= Date.now() - 29 * 60_000);

    const second = (
      await org.control('seed-chat', {
        sameClientAs: first.id,
        source: 7,
        omit: ['tags', 'rate', 'lang', 'phone', 'createdAt', 'photoAccount'],
        messages: [{ text: 'Me again', minutesAgo: 1 }],
      })
    ).json.chat;
    assert.equal(second.client.id, first.client.id);
    assert.equal(second.photoUser.id, first.photoUser.id);
    for (const key of ['tags', 'rate', 'lang', 'phone', 'createdAt', 'photoAccount']) assert.ok(!(key in second), key);
    const mine = (await org.api(`/api/chat/chats?photo_user_id=${first.photoUser.id}`)).json.items;
    assert.deepEqual(
      mine.map((/** @type {any} */ chat) => chat.id),
      [second.id, first.id],
    );

    const bad = await org.control('seed-chat', { messages: [{ text: 'x', minutesAgo: -1 }] });
    assert.equal(bad.status, 400);
    assert.equal((await org.control('seed-chat', { details: [] })).status, 400);
  });
});
