/**
 * What the customer details show, read from a chat's record as the service sent it. The spec gives
 * no types for `rate`, `rateComment`, `lang` and `isInStopList`: a value is shown when it is plain
 * (a string or a number) or an object with a string `name`, and left out otherwise. The tags are
 * the chat's, as the wire reader read them (core/api/chat-wire.ts): the list filters by the same.
 * Pure: no DOM.
 */
import type { Chat } from '../../core/api/chat-wire.js';
import { int, isObject, parseTime } from '../../core/api/wire-values.js';

export interface CustomerDetails {
  name: string;
  photo: string | null;
  /** The photo network's handle (`photoUser.name`). */
  handle: string | null;
  source: number;
  account: string | null;
  phone: string | null;
  tags: string[];
  rate: string | null;
  rateComment: string | null;
  /** A language tag or name as the record gives it. */
  lang: string | null;
  /** Epoch ms of the chat's first contact, or null. */
  createdAt: number | null;
  blocked: boolean;
  stopListed: boolean;
}

/** Which of the customer's chats to ask for: `photo_user_id` on the photo network, else `clientId`. */
export type CustomerKey = { photoUserId: number } | { clientId: number };

const photoNetwork = 7;

/** A value fit to show as text, or null: a string, a finite number, or an object's string `name`. */
export function plainText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (isObject(value)) return typeof value.name === 'string' ? value.name.trim() || null : null;
  return null;
}

function record(chat: Chat): Readonly<Record<string, unknown>> {
  return chat.record ?? {};
}

export function readCustomerDetails(chat: Chat): CustomerDetails {
  const raw = record(chat);
  const photoUser = isObject(raw.photoUser) ? raw.photoUser : null;
  const createdAt = parseTime(raw.createdAt);
  return {
    name: chat.name,
    photo: chat.photo,
    handle: photoUser && typeof photoUser.name === 'string' && photoUser.name ? photoUser.name : null,
    source: chat.source,
    account: chat.accountName,
    phone: chat.phone,
    // Two tags may share a name (their ids differ): the customer sees it once.
    tags: [...new Set(chat.tags.map((tag) => tag.name))],
    rate: plainText(raw.rate),
    rateComment: plainText(raw.rateComment),
    lang: plainText(raw.lang),
    createdAt: createdAt > 0 ? createdAt : null,
    blocked: chat.blocked,
    stopListed: raw.isInStopList === true,
  };
}

/** The key the customer's other chats are found by, or null when the record names no customer. */
export function customerKey(chat: Chat): CustomerKey | null {
  const raw = record(chat);
  const photoUserId = isObject(raw.photoUser) ? int(raw.photoUser.id) : null;
  if (chat.source === photoNetwork && photoUserId !== null) return { photoUserId };
  return chat.clientId !== null ? { clientId: chat.clientId } : null;
}
