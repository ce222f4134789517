/**
 * The only place wire shapes live: JSON from the chat API (spec §2.5, §2.6) turned into the
 * panel's domain objects. Anything not of the documented shape throws a `malformed` ApiError so
 * the caller keeps what is on screen; optional and unknown fields are tolerated.
 */
import { ApiError } from './api-error.js';

export interface Chat {
  id: number;
  source: number;
  status: number;
  unread: number;
  /** Customer's display name: client name, else photo-network handle, else phone. */
  name: string;
  photo: string | null;
  phone: string | null;
  /** The customer's id (`client.id`): their other chats are found by it. */
  clientId: number | null;
  /** The business account (shop) the chat belongs to, when the channel has one. */
  accountId: number | null;
  accountName: string | null;
  operatorName: string | null;
  lastText: string;
  /** Epoch ms of the last message; 0 when unknown. */
  lastTime: number;
  lastAuthor: number | null;
  lastStatus: number | null;
  lastIsMedia: boolean;
  starred: boolean;
  blocked: boolean;
}

export interface ChatPage {
  total: number;
  newMessagesCount: number;
  items: Chat[];
}

export interface ChatMedia {
  name: string;
  format: string;
  type: number;
  uri: string | null;
  length: number | null;
}

export interface MessageRef {
  id: number | null;
  text: string;
  author: number | null;
  /** The quoted message is an internal note (known for messages the panel shows, not from the API). */
  isInternal?: boolean;
}

/** What a photo-network message answers: a post or a Story (from `postId` or a callback). */
export interface StoryRef {
  id: number;
  socialId: string | null;
  url: string | null;
}

export interface Message {
  id: number;
  chatId: number;
  text: string;
  translation: string | null;
  /** Chat API mapping: 0 operator, 1 client, 2 bot, 3 messenger account, others unknown. */
  author: number;
  status: number;
  /** Epoch ms. */
  time: number;
  isInternal: boolean;
  media: ChatMedia | null;
  replyTo: MessageRef | null;
  postId: number | null;
  story: StoryRef | null;
  operatorName: string | null;
  /** The customer the message's chat is with: finds that chat's record when the list lacks it. */
  clientId?: number | null;
}

export interface SentMessage {
  id: number;
  status: number;
}

type Json = Record<string, unknown>;

export function malformed(what: string): never {
  throw new ApiError('malformed', `Unexpected answer from the chat API: ${what}`);
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function int(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return null;
}

export function requiredInt(value: unknown, what: string): number {
  return int(value) ?? malformed(`${what} is not a number`);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

export function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function parseTime(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return 0;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : 0;
}

export function person(value: unknown): { id: number | null; name: string | null; photo: string | null } {
  if (!isObject(value)) return { id: null, name: null, photo: null };
  return { id: int(value.id), name: optionalText(value.name), photo: optionalText(value.photo) };
}

export function parseChat(value: unknown): Chat {
  if (!isObject(value)) malformed('a chat is not an object');
  const client = person(value.client);
  const photoUser = person(value.photoUser);
  const account = person(value.photoAccount);
  const phone = optionalText(value.phone);
  return {
    id: requiredInt(value.id, 'chat id'),
    source: int(value.messSource) ?? -1,
    status: int(value.chatStatus) ?? 0,
    unread: Math.max(0, int(value.countUnread) ?? 0),
    name: client.name ?? photoUser.name ?? phone ?? '',
    photo: client.photo ?? photoUser.photo,
    phone,
    clientId: client.id,
    accountId: account.id,
    accountName: account.name,
    operatorName: person(value.operator).name,
    lastText: text(value.textLastMess),
    lastTime: parseTime(value.timeLastMess),
    lastAuthor: int(value.authorLastMessage),
    lastStatus: int(value.messageStatus),
    lastIsMedia: value.isMedia === true,
    starred: value.isStarred === true,
    blocked: value.isBlocked === true,
  };
}

export function parseChatPage(value: unknown): ChatPage {
  if (!isObject(value) || !Array.isArray(value.items)) malformed('the chat list has no items');
  const items = value.items.map(parseChat);
  return {
    total: int(value.total) ?? items.length,
    newMessagesCount: int(value.newMessagesCount) ?? 0,
    items,
  };
}
