/**
 * The customer simulator of one organization: on a timer customers write in open chats
 * (sometimes typing first), open new chats, and reply to Stories on the photo network.
 * The helpers are shared with the control endpoints.
 */
import { createRng } from './prng.js';
import { SEED_MEDIA, seedFileLength } from './media-files.js';
import { CUSTOMER_NAMES, CUSTOMER_PHRASES, FILLER_SOURCES, TAGS } from './seed-data.js';

/** @typedef {import('./org.js').Org} Org */
/** @typedef {import('./serialize.js').ChatRecord} ChatRecord */

let storyCounter = 9100;

/**
 * A random chat that is not Closed (prefers recent ones), or null.
 * @param {Org} org
 * @param {import('./prng.js').Rng} rng
 */
export function pickOpenChat(org, rng) {
  const open = org
    .sortedChats()
    .filter((chat) => chat.chatStatus !== 4)
    .slice(0, 15);
  return open.length ? rng.pick(open) : null;
}

/** @param {number} type MediaType */
export function seedMediaRecord(type) {
  const media = SEED_MEDIA[type];
  return media ? { ...media, length: seedFileLength(media.path) || 48_000 } : null;
}

/**
 * A Story reply on a photo-network chat, with the Story block (Url optional).
 * @param {Org} org
 * @param {ChatRecord} chat
 * @param {{ text: string, withUrl: boolean, via: string }} input
 */
export function storyReply(org, chat, { text, withUrl, via }) {
  storyCounter += 1;
  const id = storyCounter;
  const story = { id, socialId: `179${String(id).padStart(14, '0')}`, url: withUrl ? `/media/story/${id}.svg` : null };
  return org.customerMessage(chat, { text, story, postId: id, via });
}

/**
 * The photo-network chat used for Story replies: the newest open source-7 chat.
 * @param {Org} org
 */
export function storyChat(org) {
  return org.sortedChats().find((chat) => chat.messSource === 7 && chat.chatStatus !== 4) ?? null;
}

/**
 * The tags a simulated customer's new chat comes with: none for most, else one of the
 * organization's, now and then beside one without an id (as a record may carry).
 * @param {import('./prng.js').Rng} rng
 */
export function simulatedTags(rng) {
  const roll = rng.next();
  if (roll < 0.5) return [];
  const tag = { ...rng.pick(Object.values(TAGS)) };
  return roll < 0.9 ? [tag] : [tag, 'walk-in'];
}

/**
 * A customer opens a chat: event 7, then the first message (3 and 11).
 * @param {Org} org
 * @param {import('./prng.js').Rng} rng
 * @param {{ source?: number, name?: string, phone?: string | null, text?: string, tags?: unknown[], via: string }} input
 */
export function openNewChat(org, rng, input) {
  const source = input.source ?? rng.pick(FILLER_SOURCES);
  const name = input.name ?? rng.pick(CUSTOMER_NAMES);
  const phone = input.phone !== undefined ? input.phone : `+1555${rng.int(1000000, 9999999)}`;
  const chat = org.createChat({ source, name, phone, tags: input.tags });
  const message = org.customerMessage(chat, { text: input.text ?? rng.pick(CUSTOMER_PHRASES), via: input.via });
  return { chat, message };
}

export class Simulator {
  /** @param {Org} org */
  constructor(org) {
    this.org = org;
    this.running = false;
    this.intervalMs = 4000;
    this.ticks = 0;
    this.rng = createRng(`simulator-${org.preset}`);
    /** @type {unknown} */
    this.timer = null;
  }

  /** @param {number} [intervalMs] */
  start(intervalMs) {
    if (intervalMs !== undefined) this.intervalMs = Math.max(20, intervalMs);
    this.stop();
    this.running = true;
    this.schedule();
  }

  stop() {
    this.running = false;
    if (this.timer) {
      this.org.clearTimer(this.timer);
      this.timer = null;
    }
  }

  schedule() {
    this.timer = this.org.setTimer(() => {
      this.timer = null;
      if (!this.running) return;
      this.tick();
      if (this.running) this.schedule();
    }, this.intervalMs);
  }

  tick() {
    this.ticks += 1;
    const org = this.org;
    const rng = this.rng;
    const roll = rng.next();
    if (roll < 0.1 || org.chats.size === 0) {
      openNewChat(org, rng, { via: 'simulator', tags: simulatedTags(rng) });
      return;
    }
    if (roll < 0.2) {
      const chat = storyChat(org);
      if (chat) {
        storyReply(org, chat, {
          text: rng.pick(['😍', 'Price?', 'Fiyatı nedir?', 'Is it available?']),
          withUrl: rng.chance(0.7),
          via: 'simulator',
        });
        return;
      }
    }
    const chat = pickOpenChat(org, rng);
    if (!chat) return;
    const text = rng.pick(CUSTOMER_PHRASES);
    if (roll < 0.45) {
      org.typing(chat, false);
      const delay = Math.min(1500, Math.floor(this.intervalMs / 2));
      org.setTimer(() => {
        if (!org.chats.has(chat.id)) return;
        org.typing(chat, true);
        org.customerMessage(chat, { text, via: 'simulator' });
      }, delay);
      return;
    }
    org.customerMessage(chat, { text, via: 'simulator' });
  }
}
