/**
 * Wire parsing of polled callback events (spec §4.5, §6) into a typed union. Callback bodies are
 * not the Chat API's shapes: PascalCase names, null fields omitted, `callback_type` a string, and
 * the inverse `Author` (0 user, 1 operator). Nothing here throws: an item that cannot be used is
 * `malformed` (still acknowledged when it has a guid) or skipped when it has no guid at all.
 */
import { AuthorMessage } from './author-message.js';
import type { ChatMedia, Message, StoryRef } from './message-wire.js';

/** `SendingSourceCallback` codes the panel applies (spec §6.1). */
export const CallbackSource = {
  ChatMessage: 3,
  ChatStatus: 5,
  MessageStatus: 6,
  NewChat: 7,
  Typing: 8,
  MessageUpdated: 9,
  AnyChatMessage: 11,
} as const;

interface EventBase {
  /** `event_guid`: the acknowledgement and dedupe key. */
  guid: string;
  /** `callback_type` as a number; -1 when unreadable. */
  type: number;
  /** Epoch ms from `timestamp` (else `message_date`); 0 when unknown. */
  timestamp: number;
}

export type CallbackEvent =
  | (EventBase & { kind: 'message'; message: Message })
  | (EventBase & { kind: 'chat-status'; chatId: number; status: number })
  | (EventBase & { kind: 'message-status'; messageId: number; status: number })
  | (EventBase & { kind: 'new-chat'; chatId: number; phone: string | null; source: number | null })
  | (EventBase & { kind: 'typing'; chatId: number; typing: boolean; operatorName: string | null })
  | (EventBase & { kind: 'message-edited'; messageId: number; text: string })
  | (EventBase & { kind: 'message-deleted'; messageId: number })
  | (EventBase & { kind: 'ignored' })
  | (EventBase & { kind: 'malformed' });

export type CallbackEventKind = CallbackEvent['kind'];

export interface ParsedEventPage {
  events: CallbackEvent[];
  /** Items without a usable `event_guid`: they cannot be acknowledged or deduped, so are skipped. */
  skipped: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every event of a page has the same few keys: normalise each once (a bounded cache). */
const normalKeys = new Map<string, string>();
function normalKey(key: string): string {
  let normal = normalKeys.get(key);
  if (normal === undefined) {
    normal = key.toLowerCase().replace(/_/g, '');
    if (normalKeys.size < 256) normalKeys.set(key, normal);
  }
  return normal;
}

/** An item's fields by their normalised names (see `fields`). */
type Fields = Readonly<Record<string, unknown>>;

/**
 * Field lookup that ignores case and underscores: the service mixes `ChatId`, `chat_id` and
 * `chatId` across sources, and a renamed casing must not silently drop events. A plain object
 * rather than a Map: the items of a page share their keys, so these objects share one shape,
 * which a poll page of 1,000 items reads and collects cheaply. Only names the parser asks for
 * are read, none of them an Object.prototype member.
 */
function fields(item: Json): Fields {
  const found: Record<string, unknown> = {};
  // for…in rather than Object.entries: no pair arrays for a poll page's 1,000 items to collect.
  for (const key in item) {
    if (!Object.hasOwn(item, key)) continue;
    const normal = normalKey(key);
    // An exact duplicate under another casing: the first non-null one wins.
    if (found[normal] == null) found[normal] = item[key];
  }
  return found;
}

function int(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return null;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function nonEmpty(value: unknown): string | null {
  const text = str(value);
  return text !== null && text.trim() !== '' ? text : null;
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** Epoch ms from an ISO string, epoch seconds or epoch ms (numbers below 1e11 are seconds). */
export function parseEventTime(value: unknown): number {
  const numeric = int(value);
  if (numeric !== null) return numeric > 0 && numeric < 1e11 ? numeric * 1000 : Math.max(0, numeric);
  if (typeof value !== 'string') return 0;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : 0;
}

/** Callback `Author` (0 user, 1 operator) to the Chat API's (1 client, 0 operator). */
export function chatApiAuthor(callbackAuthor: number | null, operatorName: string | null): number {
  if (callbackAuthor === 0) return AuthorMessage.Client;
  if (callbackAuthor === 1) return AuthorMessage.Operator;
  // Absent: `operator_name` is sent only with operator messages.
  if (callbackAuthor === null) return operatorName ? AuthorMessage.Operator : AuthorMessage.Client;
  return -1; // an undocumented author: rendered as unknown, never as the customer
}

function fileNameFromUrl(url: string): string {
  try {
    const path = new URL(url).pathname;
    const last = path.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last) || 'file';
  } catch {
    return 'file';
  }
}

/** `MessageMedia` is a URL string; its kind is unknown (type 0), so it renders by URL. */
function parseMedia(value: unknown): ChatMedia | null {
  const url = nonEmpty(value);
  if (url !== null) return { name: fileNameFromUrl(url), format: '', type: 0, uri: url, length: null };
  if (!isObject(value)) return null;
  const f = fields(value);
  const uri = nonEmpty(f.uri ?? f.url);
  return {
    name: nonEmpty(f.name) ?? (uri ? fileNameFromUrl(uri) : 'file'),
    format: str(f.format) ?? '',
    type: int(f.type) ?? 0,
    uri,
    length: int(f.length),
  };
}

/** The `Story` block of a Story reply; `Url` is absent when the service could not store it. */
export function parseStory(value: unknown): StoryRef | null {
  if (!isObject(value)) return null;
  const f = fields(value);
  const id = int(f.id);
  if (id === null) return null;
  return { id, socialId: nonEmpty(f.socialid), url: nonEmpty(f.url) };
}

function parseMessageBody(f: Fields, timestamp: number): Message | null {
  const id = int(f.messageid);
  const chatId = int(f.chatid);
  if (id === null || chatId === null) return null;
  const operatorName = nonEmpty(f.operatorname);
  const story = parseStory(f.story);
  const messageDate = parseEventTime(f.messagedate);
  return {
    id,
    chatId,
    text: str(f.messagetext) ?? '',
    translation: null,
    author: chatApiAuthor(int(f.author), operatorName),
    status: 0,
    time: messageDate || timestamp,
    // Not documented for callbacks: read when the service sends it, else a message is taken as public.
    isInternal: f.isinternal === true,
    media: parseMedia(f.messagemedia),
    replyTo: null,
    postId: story?.id ?? null,
    story,
    operatorName,
    customerName: nonEmpty(f.username),
  };
}

/** Source 7 gives the channel as `chat.Source`: a dotted key or a nested `chat` object. */
function newChatSource(f: Fields): number | null {
  const dotted = int(f['chat.source']);
  if (dotted !== null) return dotted;
  const chat = f.chat;
  return isObject(chat) ? int(fields(chat).source) : null;
}

type Body = { [K in CallbackEventKind]: Omit<Extract<CallbackEvent, { kind: K }>, keyof EventBase> }[CallbackEventKind];

function parseBody(type: number, f: Fields, timestamp: number): Body {
  switch (type) {
    case CallbackSource.ChatMessage:
    case CallbackSource.AnyChatMessage: {
      const message = parseMessageBody(f, timestamp);
      return message ? { kind: 'message', message } : { kind: 'malformed' };
    }
    case CallbackSource.ChatStatus:
    case CallbackSource.MessageStatus: {
      const id = int(f.id);
      const status = int(f.status);
      if (id === null || status === null) return { kind: 'malformed' };
      return type === CallbackSource.ChatStatus
        ? { kind: 'chat-status', chatId: id, status }
        : { kind: 'message-status', messageId: id, status };
    }
    case CallbackSource.NewChat: {
      const chatId = int(f.chatid);
      if (chatId === null) return { kind: 'malformed' };
      return { kind: 'new-chat', chatId, phone: nonEmpty(f.phone), source: newChatSource(f) };
    }
    case CallbackSource.Typing: {
      const chatId = int(f.chatid);
      const event = str(f.event);
      if (chatId === null || (event !== 'start_typing' && event !== 'end_typing')) return { kind: 'malformed' };
      return {
        kind: 'typing',
        chatId,
        typing: event === 'start_typing',
        operatorName: nonEmpty(f.operatorname),
      };
    }
    case CallbackSource.MessageUpdated: {
      const messageId = int(f.messageid);
      if (messageId === null) return { kind: 'malformed' };
      if (bool(f.delete)) return { kind: 'message-deleted', messageId };
      const text = str(f.text);
      return text === null ? { kind: 'malformed' } : { kind: 'message-edited', messageId, text };
    }
    default:
      return { kind: 'ignored' };
  }
}

/** One polled item, or null when it has no `event_guid` (nothing to acknowledge it with). */
export function parseCallbackEvent(item: unknown): CallbackEvent | null {
  if (!isObject(item)) return null;
  const f = fields(item);
  const guid = nonEmpty(f.eventguid);
  if (guid === null) return null;
  const type = int(f.callbacktype) ?? -1;
  const timestamp = parseEventTime(f.timestamp) || parseEventTime(f.messagedate);
  return { guid, type, timestamp, ...parseBody(type, f, timestamp) } as CallbackEvent;
}

export function parseCallbackEvents(items: readonly unknown[]): ParsedEventPage {
  const events: CallbackEvent[] = [];
  let skipped = 0;
  for (const item of items) {
    const event = parseCallbackEvent(item);
    if (event) events.push(event);
    else skipped += 1;
  }
  return { events, skipped };
}
