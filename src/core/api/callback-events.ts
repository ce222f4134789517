/**
 * Wire parsing of polled callback events (spec §4.5, §6) into a typed union. Callback bodies are
 * not the Chat API's shapes: PascalCase names, null fields omitted, `callback_type` a string, and
 * the inverse `Author` (0 user, 1 operator). Nothing here throws: an item that cannot be used is
 * `malformed` (still acknowledged when it has a guid) or skipped when it has no guid at all.
 */
import { AuthorMessage } from './author-message.js';
import type { ChatMedia, Message, StoryRef } from './message-wire.js';
import { int, isObject } from './wire-values.js';

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

/**
 * Field lookup that ignores case and underscores: the service mixes `ChatId`, `chat_id` and
 * `chatId` across sources, and a renamed casing must not silently drop events. Of a field sent
 * under two casings, the first non-null one in key order wins.
 *
 * What each normal name is spelt as is worked out once per shape (the item's keys, in order) and
 * kept while the next item has the same keys, as a poll page's items nearly all do. A page is
 * often read before this code is compiled (a panel opened onto a backlog): there, a Map built for
 * each item, or an iterator for each lookup, took about 20 ms of a 1,000-event page; this, 10.
 */
class Fields {
  #item: Json = {};
  #keys: string[] = [];
  /** Normal name → the item's keys that spell it, in key order. */
  #spellings = new Map<string, string[]>();

  /** Reads `item` from now on. */
  read(item: Json): this {
    this.#item = item;
    const keys = Object.keys(item);
    let same = keys.length === this.#keys.length;
    for (let index = 0; same && index < keys.length; index++) same = keys[index] === this.#keys[index];
    if (same) return this;
    // Another shape: what each normal name is spelt as in it.
    this.#keys = keys;
    this.#spellings = new Map();
    for (const key of this.#keys) {
      const normal = key.toLowerCase().replace(/_/g, ''); // `Chat_Id`, `chatId`, `CHATID`: `chatid`
      const spellings = this.#spellings.get(normal);
      if (spellings) spellings.push(key);
      else this.#spellings.set(normal, [key]);
    }
    return this;
  }

  get(normal: string): unknown {
    const keys = this.#spellings.get(normal);
    if (keys === undefined) return undefined;
    // Indexed, not for…of: no iterator for each of an item's dozen lookups.
    let value = this.#item[keys[0]];
    for (let index = 1; value == null && index < keys.length; index++) value = this.#item[keys[index]];
    return value;
  }
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
  const f = new Fields().read(value);
  const uri = nonEmpty(f.get('uri') ?? f.get('url'));
  return {
    name: nonEmpty(f.get('name')) ?? (uri ? fileNameFromUrl(uri) : 'file'),
    format: str(f.get('format')) ?? '',
    type: int(f.get('type')) ?? 0,
    uri,
    length: int(f.get('length')),
  };
}

/** The `Story` block of a Story reply; `Url` is absent when the service could not store it. */
export function parseStory(value: unknown): StoryRef | null {
  if (!isObject(value)) return null;
  const f = new Fields().read(value);
  const id = int(f.get('id'));
  if (id === null) return null;
  return { id, socialId: nonEmpty(f.get('socialid')), url: nonEmpty(f.get('url')) };
}

function parseMessageBody(f: Fields, timestamp: number): Message | null {
  const id = int(f.get('messageid'));
  const chatId = int(f.get('chatid'));
  if (id === null || chatId === null) return null;
  const operatorName = nonEmpty(f.get('operatorname'));
  const story = parseStory(f.get('story'));
  const messageDate = parseEventTime(f.get('messagedate'));
  return {
    id,
    chatId,
    text: str(f.get('messagetext')) ?? '',
    translation: null,
    author: chatApiAuthor(int(f.get('author')), operatorName),
    status: 0,
    time: messageDate || timestamp,
    // Not documented for callbacks: read when the service sends it, else a message is taken as public.
    isInternal: f.get('isinternal') === true,
    media: parseMedia(f.get('messagemedia')),
    replyTo: null,
    postId: story?.id ?? null,
    story,
    operatorName,
    customerName: nonEmpty(f.get('username')),
  };
}

/** Source 7 gives the channel as `chat.Source`: a dotted key or a nested `chat` object. */
function newChatSource(f: Fields): number | null {
  const dotted = int(f.get('chat.source'));
  if (dotted !== null) return dotted;
  const chat = f.get('chat');
  return isObject(chat) ? int(new Fields().read(chat).get('source')) : null;
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
      const id = int(f.get('id'));
      const status = int(f.get('status'));
      if (id === null || status === null) return { kind: 'malformed' };
      return type === CallbackSource.ChatStatus
        ? { kind: 'chat-status', chatId: id, status }
        : { kind: 'message-status', messageId: id, status };
    }
    case CallbackSource.NewChat: {
      const chatId = int(f.get('chatid'));
      if (chatId === null) return { kind: 'malformed' };
      return { kind: 'new-chat', chatId, phone: nonEmpty(f.get('phone')), source: newChatSource(f) };
    }
    case CallbackSource.Typing: {
      const chatId = int(f.get('chatid'));
      const event = str(f.get('event'));
      if (chatId === null || (event !== 'start_typing' && event !== 'end_typing')) return { kind: 'malformed' };
      return {
        kind: 'typing',
        chatId,
        typing: event === 'start_typing',
        operatorName: nonEmpty(f.get('operatorname')),
      };
    }
    case CallbackSource.MessageUpdated: {
      const messageId = int(f.get('messageid'));
      if (messageId === null) return { kind: 'malformed' };
      if (bool(f.get('delete'))) return { kind: 'message-deleted', messageId };
      const text = str(f.get('text'));
      return text === null ? { kind: 'malformed' } : { kind: 'message-edited', messageId, text };
    }
    default:
      return { kind: 'ignored' };
  }
}

/**
 * One polled item, or null when it has no `event_guid` (nothing to acknowledge it with). `fields`:
 * the page's reader, which keeps the shape of the item before.
 */
export function parseCallbackEvent(item: unknown, fields = new Fields()): CallbackEvent | null {
  if (!isObject(item)) return null;
  const f = fields.read(item);
  const guid = nonEmpty(f.get('eventguid'));
  if (guid === null) return null;
  const type = int(f.get('callbacktype')) ?? -1;
  const timestamp = parseEventTime(f.get('timestamp')) || parseEventTime(f.get('messagedate'));
  return { guid, type, timestamp, ...parseBody(type, f, timestamp) } as CallbackEvent;
}

export function parseCallbackEvents(items: readonly unknown[]): ParsedEventPage {
  const events: CallbackEvent[] = [];
  let skipped = 0;
  const fields = new Fields();
  for (const item of items) {
    const event = parseCallbackEvent(item, fields);
    if (event) events.push(event);
    else skipped += 1;
  }
  return { events, skipped };
}
