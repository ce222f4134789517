import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrg, startServer } from './helpers.js';
import { createRng } from '../demo/server/prng.js';
import { TAGS } from '../demo/server/seed-data.js';
import { simulatedTags } from '../demo/server/simulator.js';

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

/** @param {string} query */
const ids = async (query) => {
  const res = await org.api(`/api/chat/chats?per_page=1000&${query}`);
  assert.equal(res.status, 200, res.text);
  return res.json.items.map((/** @type {any} */ chat) => chat.id);
};

/** The ids of the tags a served chat carries, read from the record as a client would. @param {any} chat */
const tagIdsOf = (chat) =>
  (Array.isArray(chat.tags) ? chat.tags : [])
    .filter((/** @type {any} */ tag) => typeof tag?.id === 'number')
    .map((/** @type {any} */ tag) => tag.id);

/** @param {number[]} wanted */
const carryingAny = (wanted) =>
  all.filter((chat) => tagIdsOf(chat).some((id) => wanted.includes(id))).map((chat) => chat.id);

describe('chat list: tagIds (spec 4.2, its form not given)', () => {
  test('the seed gives tags with ids to several chats each, none to others, and some without an id', () => {
    const tagged = all.filter((chat) => tagIdsOf(chat).length > 0);
    assert.ok(tagged.length >= 15 && tagged.length < all.length - 10, `${tagged.length} of ${all.length} tagged`);
    for (const tag of Object.values(TAGS))
      assert.ok(carryingAny([tag.id]).length >= 2, `${tag.name}: on several chats`);
    const withoutId = all.flatMap((chat) => chat.tags).filter((tag) => typeof tag === 'string');
    assert.deepEqual(withoutId.sort(), ['refund', 'wholesale']);
    const bot = all.find((chat) => chat.id === org.fixtures.chats.bot);
    assert.deepEqual(bot.tags, ['wholesale', { id: 7, name: 'Returning' }]);
  });

  test('repeated: a chat carrying any of the tags is listed, in the list’s order', async () => {
    const wanted = [TAGS.vip.id, TAGS.delivery.id];
    const expected = carryingAny(wanted);
    assert.ok(expected.length > carryingAny([TAGS.vip.id]).length, 'more than one tag’s chats');
    assert.deepEqual(await ids(`tagIds=${wanted[0]}&tagIds=${wanted[1]}`), expected);
    assert.deepEqual(await ids(`tagIds=${TAGS.vip.id}`), carryingAny([TAGS.vip.id]));
  });

  test('a comma list means the same; empty values are no filter', async () => {
    const wanted = [TAGS.returning.id, TAGS.complaint.id];
    assert.deepEqual(await ids(`tagIds=${wanted.join(',')}`), carryingAny(wanted));
    assert.deepEqual(await ids(`tagIds=${wanted[0]},&tagIds=${wanted[1]}`), carryingAny(wanted));
    assert.deepEqual(
      await ids('tagIds='),
      all.map((chat) => chat.id),
    );
  });

  test('combines with the other filters; total and newMessagesCount count the tagged chats', async () => {
    const vip = all.filter((chat) => tagIdsOf(chat).includes(TAGS.vip.id));
    const open = vip.filter((chat) => chat.chatStatus === 1);
    assert.ok(open.length > 0 && open.length < vip.length);
    assert.deepEqual(
      await ids(`tagIds=${TAGS.vip.id}&status=1`),
      open.map((chat) => chat.id),
    );
    const page = (await org.api(`/api/chat/chats?per_page=1&tagIds=${TAGS.vip.id}`)).json;
    assert.equal(page.total, vip.length);
    assert.equal(
      page.newMessagesCount,
      vip.reduce((sum, chat) => sum + chat.countUnread, 0),
    );
    assert.deepEqual(await ids(`tagIds=999999`), []);
  });

  test('a value that is no whole number is refused with a clear error', async () => {
    for (const bad of ['VIP', '1.5', '-1', '1,x']) {
      const res = await org.api(`/api/chat/chats?tagIds=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 400, bad);
      assert.match(res.text, /tagIds/);
    }
  });

  test('matches the tags as served: a seeded chat’s own tags (ids as digits too), none when left out', async () => {
    const other = await createOrg(server.base, { preset: 'empty' });
    const seed = async (/** @type {Record<string, unknown>} */ body) =>
      (await other.control('seed-chat', { messages: [{ text: 'Hi' }], ...body })).json.chat.id;
    const digits = await seed({ name: 'Digits', details: { tags: [{ id: '42', name: 'Wholesale' }, 'loose'] } });
    const numeric = await seed({ name: 'Numeric', details: { tags: [{ id: 42, title: 'Wholesale' }] } });
    const nameOnly = await seed({ name: 'Name only', details: { tags: [{ name: 'Wholesale' }, '42', 42] } });
    await seed({ name: 'Left out', details: { tags: [{ id: 42, name: 'x' }] }, omit: ['tags'] });
    const listed = (await other.api('/api/chat/chats?tagIds=42')).json.items.map((/** @type {any} */ c) => c.id);
    assert.deepEqual(listed.sort(), [digits, numeric].sort());
    assert.ok(!listed.includes(nameOnly));
  });
});

describe('simulator: new chats come with tags', () => {
  test('most with none, the others with one of the organization’s, now and then beside one without an id', () => {
    const rng = createRng('tags');
    const drawn = Array.from({ length: 400 }, () => simulatedTags(rng));
    const known = new Set(Object.values(TAGS).map((tag) => tag.id));
    const none = drawn.filter((tags) => tags.length === 0).length;
    assert.ok(none > 120 && none < 280, `${none} of 400 without tags`);
    for (const tags of drawn.filter((tags) => tags.length > 0)) assert.ok(known.has(tags[0].id), JSON.stringify(tags));
    assert.ok(
      drawn.some((tags) => tags.length === 2 && typeof tags[1] === 'string'),
      'a tag without an id',
    );
    const first = drawn.find((tags) => tags.length > 0)?.[0];
    assert.ok(!Object.values(TAGS).includes(first), 'a copy, not the catalog’s object');
  });
});
