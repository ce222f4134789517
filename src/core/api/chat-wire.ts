/**
 * Chats on the wire (spec §2.5): the chat list's JSON turned into the panel's `Chat` records.
 * Optional and unknown fields are tolerated.
 */
import { waitAfter } from '../state/customer-wait.js';
import { int, isObject, malformed, optionalText, parseTime, person, requiredInt, text } from './wire-values.js';

/**
 * A tag the chat carries (spec §2.5 `tags`, its items undescribed): its name, and its id when the
 * record gives one. Only a tag with an id can be asked for (`tagIds`, spec §4.2): one without is
 * shown in the customer details, never offered as a filter.
 */
export interface ChatTag {
  readonly id: number | null;
  readonly name: string;
}

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
  /**
   * The last message is an internal note. The service does not say so: the panel marks it where
   * it knows (it sent the note, received it as an event, or holds the chat's messages).
   */
  lastIsNote: boolean;
  /**
   * Epoch ms of the first customer message no customer-visible answer followed (notes ignored);
   * null when the customer is not waiting. From the record's last message alone, until the panel
   * knows more: what it sent or received since, or the chat's messages (core/state/customer-wait.ts).
   */
  waitingSince: number | null;
  starred: boolean;
  blocked: boolean;
  /** The chat's tags, each once: the list filters by those with an id, the customer details show them all. */
  tags: readonly ChatTag[];
  /**
   * The record as the service sent it: the customer details read its other undocumented fields
   * (`rate`, `lang`, ...) there, in a chunk of their own, so the list parses none of them.
   */
  record?: Readonly<Record<string, unknown>>;
}

export interface ChatPage {
  total: number;
  newMessagesCount: number;
  items: Chat[];
}

/** A tag's id: a whole number, or one written in digits; anything else is no id. */
function tagId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
}

/** A tag's name: a string, a finite number as text, or an object's string `name` (else `title`). */
function tagOf(item: unknown): ChatTag | null {
  if (typeof item === 'string') return item.trim() ? { id: null, name: item.trim() } : null;
  if (typeof item === 'number') return Number.isFinite(item) ? { id: null, name: String(item) } : null;
  if (!isObject(item)) return null;
  const name = [item.name, item.title].find((text) => typeof text === 'string' && text.trim() !== '') as
    string | undefined;
  return name === undefined ? null : { id: tagId(item.id), name: name.trim() };
}

/**
 * The record's `tags`, whatever their shape: a tag without a name is left out, and each tag comes
 * once (by id, else by name; a name given both with and without an id is the tag with the id).
 */
export function parseTags(value: unknown): ChatTag[] {
  const tags: ChatTag[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const tag = tagOf(item);
    if (!tag || tags.some((known) => (tag.id === null ? known.name === tag.name : known.id === tag.id))) continue;
    // The name came before without an id: this is that tag, with its id.
    const withoutId = tag.id === null ? -1 : tags.findIndex((known) => known.id === null && known.name === tag.name);
    if (withoutId >= 0) tags[withoutId] = tag;
    else tags.push(tag);
  }
  return tags;
}

export function parseChat(value: unknown): Chat {
  if (!isObject(value)) malformed('a chat is not an object');
  const client = person(value.client);
  const photoUser = person(value.photoUser);
  const account = person(value.photoAccount);
  const phone = optionalText(value.phone);
  const lastTime = parseTime(value.timeLastMess);
  const lastAuthor = int(value.authorLastMessage);
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
    lastTime,
    lastAuthor,
    lastStatus: int(value.messageStatus),
    lastIsMedia: value.isMedia === true,
    lastIsNote: false,
    // The record cannot tell a note from an answer: it is taken for what it says.
    waitingSince: waitAfter(null, { author: lastAuthor, isInternal: false, time: lastTime }),
    starred: value.isStarred === true,
    blocked: value.isBlocked === true,
    tags: parseTags(value.tags),
    record: value,
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
