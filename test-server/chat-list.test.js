import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {Awaited<ReturnType<typeof createOrg>>} */
let org;
/** @type {any[]} every chat of the org, newest first */
let all;

before(async () => {
  server = await startServer();
  org = await createOrg(server.base);
  all = (await org.api('/api/chat/chats?per_page=1000')).json.items;
});
after(() => server.close());

/** @param {string} query */
const list = async (query) => {
  const res = await org.api(`/api/chat/chats?${query}`);
  assert.equal(res.status, 200);
  return res.json;
};

const CHAT_FIELDS = [
  'id',
  'theme',
  'messSource',
  'chatStatus',
  'countUnread',
  'socialUserId',
  'photoAccount',
  'photoUser',
  'operator',
  'client',
  'textLastMess',
  'timeLastMess',
  'authorLastMessage',
  'messageStatus',
  'isMedia',
  'phone',
  'organizationId',
  'createdAt',
  'isStarred',
  'isBlocked',
  'tags',
  'marketplaceCUser',
  'marketplaceBUser',
  'waba',
  'marketplaceAUser',
  'networkAccount',
  'networkUser',
  'messengerAccount',
  'messengerBBot',
  'messengerBUser',
  'messengerBot',
  'messengerBotUser',
  'widget',
  'media',
  'isConnectedAI',
  'isPromo',
  'rate',
  'rateComment',
  'closedBy',
  'draft',
  'lang',
  'starMark',
  'contactId',
  'contactName',
  'block',
  'isInStopList',
  'stopList',
  'isSmsFallbackEnabled',
  'taggedMessages',
];

describe('chat list', () => {
  test('chat objects carry every field of spec 2.5', () => {
    assert.ok(all.length >= 40);
    for (const field of CHAT_FIELDS) assert.ok(field in all[0], `missing ${field}`);
    assert.equal(all[0].organizationId, org.organizationId);
    assert.deepEqual(Object.keys(all[0].client).sort(), ['id', 'name', 'photo']);
  });

  test('ordered newest timeLastMess first', () => {
    const times = all.map((chat) => Date.parse(chat.timeLastMess));
    assert.deepEqual(
      times,
      times.slice().sort((a, b) => b - a),
    );
    assert.equal(all[0].id, org.fixtures.chats.allMedia);
  });

  test('default page size 20; per_page pages; perPage is ignored', async () => {
    const plain = await list('');
    assert.equal(plain.items.length, 20);
    assert.equal(plain.total, all.length);
    const camel = await list('perPage=5');
    assert.equal(camel.items.length, 20, 'perPage must be ignored on the chat list');
    const first = await list('per_page=5');
    const second = await list('per_page=5&page=2');
    assert.equal(first.items.length, 5);
    assert.deepEqual(
      first.items.map((c) => c.id),
      all.slice(0, 5).map((c) => c.id),
    );
    assert.deepEqual(
      second.items.map((c) => c.id),
      all.slice(5, 10).map((c) => c.id),
    );
    const beyond = await list('per_page=5&page=100');
    assert.deepEqual(beyond.items, []);
    assert.equal(beyond.total, all.length);
  });

  test('total and newMessagesCount follow the filtered set', async () => {
    const sum = all.reduce((acc, chat) => acc + chat.countUnread, 0);
    const plain = await list('per_page=1');
    assert.equal(plain.newMessagesCount, sum);
    assert.ok(sum > 0);
    const open = await list('status=1&per_page=1');
    const openChats = all.filter((chat) => chat.chatStatus === 1);
    assert.equal(open.total, openChats.length);
    assert.equal(
      open.newMessagesCount,
      openChats.reduce((acc, chat) => acc + chat.countUnread, 0),
    );
  });

  test('status is repeatable', async () => {
    const res = await list('status=0&status=4&per_page=1000');
    const expected = all.filter((chat) => chat.chatStatus === 0 || chat.chatStatus === 4);
    assert.ok(expected.length > 0);
    assert.deepEqual(
      res.items.map((c) => c.id),
      expected.map((c) => c.id),
    );
  });

  test('source restricts the channel; entityId only together with source', async () => {
    const photo = await list('source=7&per_page=1000');
    assert.ok(photo.items.length >= 3);
    assert.ok(photo.items.every((chat) => chat.messSource === 7));
    assert.equal(photo.total, all.filter((chat) => chat.messSource === 7).length);
    const outlet = await list('source=7&entityId=702&per_page=1000');
    assert.ok(outlet.items.length >= 1);
    assert.ok(outlet.items.every((chat) => chat.photoAccount.id === 702));
    assert.ok(outlet.total < photo.total);
    const alone = await list('entityId=702&per_page=1');
    assert.equal(alone.total, all.length, 'entityId without source is not applied');
  });

  test('search: client name (any case and script), photoUser handle, phone, last message text', async () => {
    const ids = async (/** @type {string} */ q) =>
      (await list(`search=${encodeURIComponent(q)}&per_page=1000`)).items.map((c) => c.id);
    assert.ok((await ids('anna schm')).includes(org.fixtures.chats.allMedia));
    assert.ok((await ids('ДМИТРИЙ')).includes(org.fixtures.chats.bot));
    // Ayşe's Story reply and her earlier, closed chat with the outlet account.
    assert.deepEqual(await ids('ayse.yil'), [org.fixtures.chats.storyReply, org.fixtures.chats.storyEarlier]);
    assert.ok((await ids('confirm the delivery')).includes(org.fixtures.chats.allMedia));
    assert.ok((await ids('+49 151')).includes(org.fixtures.chats.allMedia));
    assert.deepEqual(await ids('no such thing anywhere'), []);
  });

  test('phone matches digits, ignoring + and spaces', async () => {
    const a = await list('phone=%2B4915112345678&per_page=100');
    const b = await list('phone=49%20151%2012345678&per_page=100');
    const expected = [org.fixtures.chats.allMedia, ...org.fixtures.chainEarlierChatIds].sort();
    assert.deepEqual(a.items.map((c) => c.id).sort(), expected);
    assert.deepEqual(b.items.map((c) => c.id).sort(), expected);
  });

  test('isUnread=true keeps chats with unread messages', async () => {
    const res = await list('isUnread=true&per_page=1000');
    const expected = all.filter((chat) => chat.countUnread > 0);
    assert.ok(expected.length > 0 && expected.length < all.length);
    assert.deepEqual(
      res.items.map((c) => c.id),
      expected.map((c) => c.id),
    );
  });

  test('operatorId is repeatable', async () => {
    const [first, second] = [org.operatorId, org.operatorId + 2];
    const res = await list(`operatorId=${first}&operatorId=${second}&per_page=1000`);
    const expected = all.filter((chat) => chat.operator && [first, second].includes(chat.operator.id));
    assert.ok(expected.length > 0);
    assert.deepEqual(
      res.items.map((c) => c.id),
      expected.map((c) => c.id),
    );
    const single = await list(`operatorId=${first}&per_page=1000`);
    assert.ok(single.total < res.total);
  });

  test('organizationId of another organization gives nothing', async () => {
    assert.equal((await list(`organizationId=${org.organizationId}`)).total, all.length);
    assert.equal((await list(`organizationId=${org.organizationId + 1000}`)).total, 0);
  });
});
