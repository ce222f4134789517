/**
 * Deterministic seeding of an organization for the presets `default`, `empty` and `bench`.
 * Randomness comes from a PRNG seeded by the preset name; times are offsets from the
 * organization's creation time, so two organizations with the same preset hold the same
 * data apart from ids and that base time.
 */
import { createRng } from './prng.js';
import { BROKEN_PHOTO, SEED_MEDIA, seedFileLength } from './media-files.js';
import {
  ACCOUNTS,
  CUSTOMER_NAMES,
  CUSTOMER_PHRASES,
  FILLER_SOURCES,
  FILLER_TAGS,
  FIXTURE_CHATS,
  OPERATORS,
  OPERATOR_PHRASES,
} from './seed-data.js';

/** @typedef {import('./serialize.js').ChatRecord} ChatRecord */
/** @typedef {import('./serialize.js').MessageRecord} MessageRecord */
/** @typedef {import('./org.js').Org} Org */

const MINUTE = 60 * 1000;
const DAY_MINUTES = 1440;
export const PRESETS = ['default', 'empty', 'bench'];

/** @param {number} type */
function seedMedia(type) {
  const media = SEED_MEDIA[type];
  return { ...media, length: seedFileLength(media.path) || 48_000 };
}

/**
 * @param {Org} org
 * @param {{ name: string, phone: string | null, avatar: number | null, handle?: string }} customer
 * @param {number} source
 * @param {import('./prng.js').Rng} rng
 */
function makeClient(org, customer, source, rng) {
  const id = org.allocClientId();
  const photo = customer.avatar === null ? null : `/media/avatar/${customer.avatar}.png`;
  return {
    client: { id, name: customer.name, photo },
    photoUser:
      source === 7
        ? { id: 5000 + (id % 10000), name: customer.handle ?? customer.name.toLowerCase().replace(/\s+/g, '_'), photo }
        : null,
    socialUserId: `su_${rng.hex(16)}`,
  };
}

/**
 * @param {Org} org
 * @param {{ source: number, status: number, accountIndex: number, operator: number | null, starred: boolean,
 *   createdAtMs: number, phone: string | null, tags?: unknown[], blocked?: boolean, details?: Record<string, unknown> }} base
 * @param {ReturnType<typeof makeClient>} who
 * @returns {ChatRecord}
 */
function makeChat(org, base, who) {
  const accounts = ACCOUNTS[base.source];
  return {
    id: org.allocChatId(),
    messSource: base.source,
    chatStatus: base.status,
    countUnread: 0,
    socialUserId: who.socialUserId,
    photoAccount: accounts[base.accountIndex % accounts.length],
    photoUser: who.photoUser,
    operatorId: base.operator === null ? null : org.operators[base.operator].id,
    client: who.client,
    textLastMess: '',
    timeLastMessMs: base.createdAtMs,
    authorLastMessage: 1,
    messageStatus: 0,
    isMedia: false,
    phone: base.source === 7 ? null : base.phone,
    createdAtMs: base.createdAtMs,
    isStarred: base.starred,
    isBlocked: base.blocked ?? false,
    tags: (base.tags ?? []).map((tag) => (typeof tag === 'object' && tag !== null ? { ...tag } : tag)),
    ...(base.details ? { details: base.details } : {}),
    messages: [],
    lazy: null,
  };
}

/**
 * @param {Org} org
 * @param {ChatRecord} chat
 * @param {Partial<MessageRecord> & { message: string, author: number, dateMs: number }} fields
 */
function seedMessage(org, chat, fields) {
  /** @type {MessageRecord} */
  const message = {
    id: org.allocMessageId(),
    chatId: chat.id,
    messageTranslation: null,
    media: null,
    replyTo: null,
    status: fields.author === 0 ? 3 : fields.author === 1 ? 3 : 1,
    operatorId: fields.author === 0 ? (chat.operatorId ?? org.operators[0].id) : null,
    isInternal: false,
    referralGuid: null,
    postId: null,
    story: null,
    ...fields,
  };
  /** @type {MessageRecord[]} */ (chat.messages).push(message);
  org.messagesById.set(message.id, message);
  return message;
}

/**
 * Leaves the last `count` client messages unread (status 0) and sets `countUnread`.
 * @param {ChatRecord} chat
 * @param {number} count
 */
function markTrailingUnread(chat, count) {
  let left = count;
  const messages = chat.messages ?? [];
  for (let i = messages.length - 1; i >= 0 && left > 0; i--) {
    if (messages[i].author !== 1) continue;
    messages[i].status = 0;
    messages[i].unread = true;
    left -= 1;
  }
  chat.countUnread = count - left;
}

/**
 * @param {Org} org
 * @param {import('./prng.js').Rng} rng
 */
function seedFixtures(org, rng) {
  const base = org.createdAtMs;
  /** @type {Record<string, number>} */
  const chatIds = {};
  /** @type {Record<string, number>} */
  const messageIds = {};
  /** @type {Record<string, ReturnType<typeof makeClient>>} */
  const customers = {};
  for (const spec of FIXTURE_CHATS) {
    const first = spec.messages[0][0];
    const who = spec.sameCustomerAs
      ? { ...customers[spec.sameCustomerAs], socialUserId: customers[spec.sameCustomerAs].socialUserId }
      : makeClient(org, spec.customer, spec.source, rng);
    customers[spec.key] = who;
    const chat = makeChat(
      org,
      {
        source: spec.source,
        status: spec.status,
        accountIndex: spec.account ?? 0,
        operator: spec.operator,
        starred: Boolean(spec.starred),
        createdAtMs: base - (first + 2) * MINUTE,
        phone: spec.customer.phone,
        tags: spec.tags,
        blocked: spec.blocked,
        details: spec.details,
      },
      who,
    );
    chatIds[spec.key] = chat.id;
    /** @type {MessageRecord[]} */
    const made = [];
    for (const [minutesAgo, author, text, extras = {}] of spec.messages) {
      const media =
        extras.media === 'broken' ? { ...BROKEN_PHOTO, length: 52_114 } : extras.media ? seedMedia(extras.media) : null;
      const replied = typeof extras.replyTo === 'number' ? made[extras.replyTo] : null;
      const message = seedMessage(org, chat, {
        message: text,
        author,
        dateMs: base - minutesAgo * MINUTE,
        media,
        ...(extras.status !== undefined ? { status: extras.status } : {}),
        isInternal: Boolean(extras.internal),
        messageTranslation: extras.translation ?? null,
        replyTo: replied ? { id: replied.id, message: replied.message, author: replied.author } : null,
        postId: extras.postId ?? null,
        story: extras.story ?? null,
      });
      made.push(message);
      if (extras.fixture) messageIds[extras.fixture] = message.id;
      if (extras.media && extras.media !== 'broken') messageIds[`media${extras.media}`] = message.id;
    }
    if (spec.unread) markTrailingUnread(chat, spec.unread);
    org.syncSummary(chat);
    org.chats.set(chat.id, chat);
  }
  return { chatIds, messageIds };
}

/**
 * Messages for a generated chat, ending at `endMs`; the last `unread` are client messages.
 * @param {Org} org
 * @param {ChatRecord} chat
 * @param {number} count
 * @param {import('./prng.js').Rng} rng
 * @param {number} endMs
 * @param {number} unread
 */
function generateMessages(org, chat, count, rng, endMs, unread) {
  /** @type {number[]} */
  const gaps = [];
  for (let i = 0; i < count; i++) gaps.push(rng.chance(0.08) ? DAY_MINUTES : rng.int(1, 180));
  let at = endMs;
  const times = new Array(count);
  for (let i = count - 1; i >= 0; i--) {
    times[i] = at;
    at -= gaps[i] * MINUTE;
  }
  let author = 1;
  for (let i = 0; i < count; i++) {
    if (i > 0) author = rng.chance(0.55) ? (author === 1 ? 0 : 1) : author;
    if (i >= count - unread) author = 1;
    const bot = author === 0 && (chat.messSource === 1 || chat.messSource === 2) && rng.chance(0.3);
    const finalAuthor = bot ? 2 : author;
    const withPhoto = rng.chance(0.05);
    seedMessage(org, chat, {
      message: withPhoto ? '' : rng.pick(finalAuthor === 1 ? CUSTOMER_PHRASES : OPERATOR_PHRASES),
      author: finalAuthor,
      dateMs: times[i],
      media: withPhoto ? { ...seedMedia(1), name: 'photo-2.png', path: '/media/seed/photo-2.png' } : null,
      ...(finalAuthor === 0 && i === count - 1 ? { status: rng.pick([1, 6, 3]) } : {}),
    });
  }
  if (unread) markTrailingUnread(chat, unread);
  chat.createdAtMs = Math.min(chat.createdAtMs, times[0] - MINUTE);
}

/**
 * @param {import('./prng.js').Rng} rng
 * @param {number} index
 */
function fillerPhone(rng, index) {
  const digits = `${rng.int(100, 999)}${rng.int(1000000, 9999999)}`;
  return index % 3 === 0
    ? `+1${digits}`
    : index % 3 === 1
      ? `+44 ${digits.slice(0, 4)} ${digits.slice(4)}`
      : `+49${digits}`;
}

/**
 * @param {Org} org
 * @param {import('./prng.js').Rng} rng
 * @param {number} count
 */
function seedFiller(org, rng, count) {
  const statuses = [0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 4];
  for (let i = 0; i < count; i++) {
    const source = FILLER_SOURCES[i % FILLER_SOURCES.length];
    const name = CUSTOMER_NAMES[i % CUSTOMER_NAMES.length];
    const status = rng.pick(statuses);
    const who = makeClient(org, { name, phone: null, avatar: rng.chance(0.6) ? 20 + i : null }, source, rng);
    const minutesAgo = 30 + i * 75 + rng.int(0, 40) + (i % 7 === 6 ? 3 * DAY_MINUTES : 0);
    const endMs = org.createdAtMs - minutesAgo * MINUTE;
    const chat = makeChat(
      org,
      {
        source,
        status,
        accountIndex: i,
        operator: status === 0 ? null : i % OPERATORS.length,
        starred: rng.chance(0.15),
        createdAtMs: endMs,
        phone: fillerPhone(rng, i),
        tags: FILLER_TAGS[i % FILLER_TAGS.length],
      },
      who,
    );
    const unread = status !== 4 && rng.chance(0.4) ? rng.int(1, 4) : 0;
    generateMessages(org, chat, rng.int(5, 30), rng, endMs, unread);
    org.syncSummary(chat);
    org.chats.set(chat.id, chat);
  }
}

/**
 * A customer of long standing, for the demo: a chat of `count` messages over about two months,
 * to scroll and search in (find in the chat, contract §4). Its own random stream: the default
 * preset's other chats, which the tests know, stay as they are.
 * @param {Org} org
 * @param {number} [count]
 * @returns {number} the chat's id
 */
export function seedLongChat(org, count = 600) {
  const rng = createRng('long-chat');
  const source = 1;
  const who = makeClient(org, { name: 'Margarethe Lindqvist', phone: null, avatar: 33 }, source, rng);
  const endMs = org.createdAtMs - 12 * MINUTE;
  const chat = makeChat(
    org,
    {
      source,
      status: 1,
      accountIndex: 0,
      operator: 0,
      starred: true,
      createdAtMs: endMs,
      phone: '+46 70 123 45 67',
      tags: FILLER_TAGS[4], // returning, delivery
    },
    who,
  );
  generateMessages(org, chat, count, rng, endMs, 2);
  // Where it all began, two months up: one word of it finds it (find in the chat).
  chat.messages[0].message = 'Hello! The walnut bookcase from order #1187 came without its shelf pins.';
  org.syncSummary(chat);
  org.chats.set(chat.id, chat);
  return chat.id;
}

/**
 * 5,000 chats whose messages are generated on first read; the first chat has 10,000.
 * @param {Org} org
 */
function seedBench(org) {
  const rng = createRng('bench');
  const statuses = [0, 1, 1, 2, 3, 4];
  for (let i = 0; i < 5000; i++) {
    const source = FILLER_SOURCES[i % FILLER_SOURCES.length];
    const who = makeClient(
      org,
      { name: `${CUSTOMER_NAMES[i % CUSTOMER_NAMES.length]} #${i + 1}`, phone: null, avatar: i % 3 ? i : null },
      source,
      rng,
    );
    const endMs = org.createdAtMs - (i * 3 + 1) * MINUTE;
    const status = statuses[i % statuses.length];
    const chat = makeChat(
      org,
      {
        source,
        status,
        accountIndex: i,
        operator: status === 0 ? null : i % OPERATORS.length,
        starred: i % 17 === 0,
        createdAtMs: endMs - DAY_MINUTES * MINUTE,
        phone: fillerPhone(rng, i),
      },
      who,
    );
    const unread = status !== 4 && i % 4 === 0 ? (i % 3) + 1 : 0;
    chat.messages = null;
    chat.lazy = { count: i === 0 ? 10000 : 5 + (i % 26), seed: i };
    chat.countUnread = unread;
    chat.authorLastMessage = unread ? 1 : i % 2;
    chat.textLastMess = (unread || i % 2 ? CUSTOMER_PHRASES : OPERATOR_PHRASES)[i % 8];
    chat.timeLastMessMs = endMs;
    chat.messageStatus = unread ? 0 : 3;
    org.chats.set(chat.id, chat);
  }
  org.lazyGenerator = (chat) => {
    const lazy = /** @type {{ count: number, seed: number }} */ (chat.lazy);
    const unread = chat.countUnread;
    chat.messages = [];
    generateMessages(org, chat, lazy.count, createRng(`bench-${lazy.seed}`), chat.timeLastMessMs, unread);
    const messages = chat.messages;
    const last = messages[messages.length - 1];
    Object.assign(last, {
      message: chat.textLastMess,
      author: chat.authorLastMessage,
      status: chat.messageStatus,
      media: null,
    });
    last.operatorId = last.author === 0 ? (chat.operatorId ?? org.operators[0].id) : null;
    chat.countUnread = unread;
    return messages;
  };
  const first = [...org.chats.values()][0];
  return { bigChatId: first.id, bigChatMessages: 10000, chats: 5000 };
}

/**
 * Fills an organization according to its preset and records the fixture ids.
 * @param {Org} org
 */
export function seedOrg(org) {
  OPERATORS.forEach((name, index) => {
    org.operators.push({
      id: org.id * 100 + index + 1,
      name,
      status: 0,
      photo: index === 1 ? null : `/media/avatar/${40 + index}.png`,
    });
  });
  if (org.preset === 'empty') {
    org.fixtures = {};
    return;
  }
  if (org.preset === 'bench') {
    org.fixtures = seedBench(org);
    return;
  }
  const rng = createRng('default');
  const { chatIds, messageIds } = seedFixtures(org, rng);
  seedFiller(org, rng, 31); // 45 chats in all with the 14 fixtures
  org.fixtures = {
    chats: chatIds,
    messages: messageIds,
    storyId: 9001,
    storyIdWithoutUrl: 9003,
    postId: 9002,
    entityIds: { photoMain: 701, photoOutlet: 702 },
    chainEarlierChatIds: [chatIds.chainEarlier1, chatIds.chainEarlier2],
    totalChats: org.chats.size,
  };
}
