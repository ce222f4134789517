import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

/** @param {Awaited<ReturnType<typeof createOrg>>} org */
async function allChats(org) {
  return (await org.api('/api/chat/chats?per_page=10000')).json.items;
}

/**
 * Removes what differs between two organizations of the same preset: ids and the base time.
 * @param {any[]} chats
 */
function normalize(chats) {
  const base = Date.parse(chats[0].timeLastMess);
  return chats.map((chat) => ({
    ...chat,
    id: undefined,
    organizationId: undefined,
    client: { ...chat.client, id: undefined },
    operator: chat.operator && { ...chat.operator, id: undefined },
    photoUser: chat.photoUser && { ...chat.photoUser, id: undefined },
    timeLastMess: Date.parse(chat.timeLastMess) - base,
    createdAt: Date.parse(chat.createdAt) - base,
  }));
}

describe('seed', () => {
  test('two organizations with the same preset hold the same chats apart from ids', async () => {
    const a = await createOrg(server.base);
    const b = await createOrg(server.base);
    const chatsA = await allChats(a);
    const chatsB = await allChats(b);
    assert.notEqual(chatsA[0].id, chatsB[0].id);
    assert.deepEqual(normalize(chatsA), normalize(chatsB));
    const strip = (/** @type {any[]} */ messages) =>
      messages.map((m) => ({
        ...m,
        id: undefined,
        chatId: undefined,
        date: undefined,
        organizationId: undefined,
        client: undefined,
        operator: undefined,
        replyTo: m.replyTo && { ...m.replyTo, id: undefined },
        media: m.media && { ...m.media, uri: new URL(m.media.uri).pathname },
      }));
    const messagesA = (await a.api(`/api/chat/chats/${a.fixtures.chats.notes}/messages`)).json;
    const messagesB = (await b.api(`/api/chat/chats/${b.fixtures.chats.notes}/messages`)).json;
    assert.deepEqual(strip(messagesA), strip(messagesB));
  });

  test('covers channels, statuses, stars, unread, photo-network chats, several scripts, photos', async () => {
    const org = await createOrg(server.base);
    const chats = await allChats(org);
    assert.ok(chats.length >= 40);
    const sources = new Set(chats.map((c) => c.messSource));
    for (const source of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) assert.ok(sources.has(source), `channel ${source}`);
    const statuses = new Set(chats.map((c) => c.chatStatus));
    for (const status of [0, 1, 2, 3, 4]) assert.ok(statuses.has(status), `status ${status}`);
    assert.ok(chats.some((c) => c.isStarred));
    assert.ok(chats.some((c) => c.countUnread > 1));
    assert.ok(chats.filter((c) => c.messSource === 7).every((c) => c.phone === null && c.photoUser));
    const names = chats.map((c) => c.client.name).join(' ');
    assert.match(names, /[\u0400-\u04ff]/, 'Cyrillic');
    assert.match(names, /[şğıİçÇŞ]/, 'Turkish');
    assert.match(names, /\p{Extended_Pictographic}/u, 'emoji');
    assert.ok(chats.some((c) => c.client.photo === null));
    const withPhoto = chats.find((c) => c.client.photo);
    const avatar = await fetch(withPhoto.client.photo);
    assert.equal(avatar.status, 200);
    assert.equal(avatar.headers.get('content-type'), 'image/png');
    const story = chats.find((c) => c.id === org.fixtures.chats.storyReply);
    assert.equal(story.messSource, 7);
  });

  test('messages cover every author, odd statuses, notes, replies, translation, posts, Story replies and all MediaTypes', async () => {
    const org = await createOrg(server.base);
    const chats = await allChats(org);
    const messages = [];
    for (const chat of chats) {
      const list = (await org.api(`/api/chat/chats/${chat.id}/messages`)).json;
      assert.ok(list.length >= 5 && list.length <= 30, `chat ${chat.id} has ${list.length} messages`);
      const last = list.at(-1);
      assert.equal(chat.textLastMess, last.message);
      assert.equal(chat.countUnread, list.filter((/** @type {any} */ m) => m.author === 1 && m.status !== 3).length);
      messages.push(...list);
    }
    const authors = new Set(messages.map((m) => m.author));
    for (const author of [0, 1, 2, 3, 4]) assert.ok(authors.has(author), `author ${author}`);
    const statuses = new Set(messages.map((m) => m.status));
    for (const status of [0, 1, 2, 3, 6, 10]) assert.ok(statuses.has(status), `status ${status}`);
    assert.ok(messages.some((m) => m.isInternal));
    assert.ok(messages.some((m) => m.replyTo && typeof m.replyTo.id === 'number'));
    assert.ok(messages.some((m) => m.messageTranslation));
    assert.ok(messages.some((m) => m.postId !== null));
    assert.ok(messages.some((m) => m.message.includes('<script>')));
    const mediaTypes = new Set(messages.filter((m) => m.media).map((m) => m.media.type));
    for (let type = 1; type <= 10; type++) assert.ok(mediaTypes.has(type), `MediaType ${type}`);

    const byId = new Map(messages.map((m) => [m.id, m]));
    const expectServed = {
      1: 'image/png',
      2: 'application/pdf',
      3: 'audio/wav',
      5: 'image/png',
      6: 'image/svg+xml',
      9: 'audio/wav',
    };
    for (const [type, contentType] of Object.entries(expectServed)) {
      const res = await fetch(byId.get(org.fixtures.messages[`media${type}`]).media.uri);
      assert.equal(res.status, 200, `MediaType ${type}`);
      assert.equal(res.headers.get('content-type'), contentType);
    }
    for (const type of [4, 7, 8, 10]) {
      assert.equal(
        (await fetch(byId.get(org.fixtures.messages[`media${type}`]).media.uri)).status,
        404,
        `MediaType ${type} degrades`,
      );
    }
    assert.equal(byId.get(org.fixtures.messages.author4).author, 4);
    assert.equal(byId.get(org.fixtures.messages.status10).status, 10);
    assert.equal(byId.get(org.fixtures.messages.note).isInternal, true);

    const raw = (
      await call(server.base, `/__control/orgs/${org.organizationId}/chats/${org.fixtures.chats.storyReply}/messages`)
    ).json;
    const storyReply = raw.find((/** @type {any} */ m) => m.id === org.fixtures.messages.storyReply);
    assert.deepEqual(storyReply.story, { id: 9001, socialId: '17912345678901234', url: '/media/story/9001.svg' });
    assert.equal(byId.get(org.fixtures.messages.storyReply).postId, 9001);
    assert.equal(raw.find((/** @type {any} */ m) => m.id === org.fixtures.messages.storyReplyNoUrl).story.url, null);
  });

  test('empty preset has no chats; bench has 5,000 chats and a 10,000-message chat, built fast', async () => {
    const empty = await createOrg(server.base, { preset: 'empty' });
    const none = (await empty.api('/api/chat/chats')).json;
    assert.equal(none.total, 0);
    assert.equal(none.newMessagesCount, 0);
    // The server runs in this process: its CPU time is the build's work, which a busy machine
    // stretches in wall time but not in CPU time. About 50 ms; two seconds is far from it.
    const before = process.cpuUsage();
    const bench = await createOrg(server.base, { preset: 'bench' });
    const { user, system } = process.cpuUsage(before);
    assert.ok((user + system) / 1000 < 2000, `built in ${Math.round((user + system) / 1000)} ms of CPU`);
    const list = (await bench.api('/api/chat/chats?per_page=50')).json;
    assert.equal(list.total, 5000);
    assert.equal(list.items.length, 50);
    const big = (await bench.api(`/api/chat/chats/${bench.fixtures.bigChatId}/messages`)).json;
    assert.equal(big.length, 10000);
    const sample = list.items[7];
    const messages = (await bench.api(`/api/chat/chats/${sample.id}/messages`)).json;
    assert.ok(messages.length >= 5 && messages.length <= 30);
    assert.equal(messages.at(-1).message, sample.textLastMess);
    assert.equal(messages.at(-1).date, sample.timeLastMess);
  });
});

describe('organization isolation', () => {
  test('data, queues and request logs are per organization', async () => {
    const a = await createOrg(server.base);
    const b = await createOrg(server.base);
    await a.api(`/api/chat/${a.fixtures.chats.bot}/message`, { method: 'POST', body: { textMessage: 'only in A' } });
    assert.equal((await a.api('/api/chat/callback-events')).json.total, 2);
    assert.equal((await b.api('/api/chat/callback-events')).json.total, 0);
    assert.equal(
      (await b.api(`/api/chat/${a.fixtures.chats.bot}/message`, { method: 'POST', body: { textMessage: 'x' } })).status,
      404,
    );
    const bTop = (await b.api('/api/chat/chats?per_page=1')).json.items[0];
    assert.notEqual(bTop.textLastMess, 'only in A');
    const logA = (await a.control('requests')).json;
    const logB = (await b.control('requests')).json;
    assert.ok(
      logA.some(
        (/** @type {any} */ r) =>
          r.path === `/api/chat/${a.fixtures.chats.bot}/message` && r.jsonBody.textMessage === 'only in A',
      ),
    );
    assert.ok(!logB.some((/** @type {any} */ r) => r.jsonBody?.textMessage === 'only in A'));
    const entry = logB.at(-1);
    assert.equal(entry.authorization, 'bearer');
    assert.equal(entry.tokenInUrl, false);
    assert.equal(entry.search, '?per_page=1');
    assert.equal(entry.status, 200);
    await call(server.base, `/api/chat/chats?token=${b.token}`);
    const leaked = (await b.control('requests')).json.at(-1);
    assert.equal(leaked.tokenInUrl, true);
    assert.equal(leaked.authorization, 'none');
    assert.equal(leaked.status, 401);
    assert.deepEqual((await b.control('requests', undefined, 'DELETE')).json, []);
  });
});

describe("the demo's long chat", () => {
  test('adds a chat of 600 messages, in time order, and leaves the default chats as they are', async () => {
    const { createChatApi } = await import('../demo/server/chat-api.js');
    const plain = createChatApi();
    const demo = createChatApi({ longChat: true });
    try {
      const plainOrg = plain.orgs.get(plain.defaultOrgId);
      const demoOrg = demo.orgs.get(demo.defaultOrgId);
      const long = demoOrg.chats.get(demoOrg.fixtures.longChatId);
      assert.equal(long.messages.length, 600);
      const times = long.messages.map((message) => message.dateMs);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
        'oldest first',
      );
      assert.equal(long.countUnread, 2);
      assert.equal(long.messages[0].author, 1, 'it begins with the customer');
      assert.match(long.messages[0].message, /walnut bookcase/);
      // The other chats, and every message of theirs, are those of an organization without it.
      const summary = (org, skip) =>
        [...org.chats.values()]
          .filter((chat) => chat.id !== skip)
          .map((chat) => [chat.client.name, chat.textLastMess, chat.messages?.map((message) => message.message)]);
      assert.deepEqual(summary(demoOrg, long.id), summary(plainOrg));
    } finally {
      plain.stop();
      demo.stop();
    }
  });
});
