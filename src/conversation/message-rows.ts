/**
 * The rows of the message list: each message, with a day separator before the first message of
 * each day and the "New messages" divider before the first message the operator had not read
 * when they opened the chat. A message is its own row (nothing is allocated per message, which
 * matters for a chat of 10,000 opened at once); separators are small objects, and a day's label
 * is worked out only when its separator is shown. The rows built last are kept up to the first
 * message that changed: live messages arrive at the end, and the statuses that change are mostly
 * of the newest messages. Rows are found by key, as the message window holds its edges.
 */
import type { Message } from '../core/api/message-wire.js';
import { AuthorMessage, MessageStatus } from '../core/api/message-enums.js';
import { dayLabel, startOfDay } from '../i18n/format.js';

export type Separator =
  | { kind: 'day'; key: string; day: number }
  | { kind: 'unread'; key: string }
  /** Where one of the customer's chats starts, when earlier chats are loaded into the open one. */
  | { kind: 'chat'; key: string; chatId: number; time: number; current: boolean };
export type Row = Message | Separator;

export const unreadRowKey = 'unread';
export const messageRowKey = (messageId: number): string => `m-${messageId}`;

export function isSeparator(row: Row): row is Separator {
  return 'kind' in row;
}

/** The first customer message not yet read, when the chat is opened: the divider goes above it. */
export function firstUnread(messages: readonly Message[]): number | null {
  return (
    messages.find((message) => message.author === AuthorMessage.Client && message.status !== MessageStatus.READ)?.id ??
    null
  );
}

export const rowKey = (row: Row): string => (isSeparator(row) ? row.key : messageRowKey(row.id));

/** A chat's rows, and where a row is by its key. */
export interface RowLookup {
  readonly rows: readonly Row[];
  /** Index of the row with this key, or -1. */
  indexOf(key: string): number;
  /** Messages of the customer's earlier chats are among the rows. */
  readonly chained?: boolean;
}

/** The rows built last, and where the day of its newest message ends, to continue from. */
interface Built extends RowLookup {
  messages: readonly Message[];
  rows: Row[];
  day: number;
  dayEnd: number;
  /** The chat of the newest message so far (earlier chats' messages come first). */
  chatId: number | null;
  /** Messages of the customer's earlier chats are among them: each chat's start is marked. */
  chained: boolean;
}

const unreadRow: Separator = { kind: 'unread', key: unreadRowKey };

export class MessageRows {
  #dayRows = new Map<string, Separator>();
  #labels = new Map<number, string>();
  #builtFor = '';
  #labelsFor = '';
  #last: Built | null = null;

  /**
   * `unreadFrom`: the message the "New messages" divider goes above, if any. `chatId`: the open
   * chat; when messages of the customer's earlier chats are among them, each chat's start is marked.
   */
  rows(messages: readonly Message[], unreadFrom: number | null = null, chatId: number | null = null): RowLookup {
    const builtFor = `${unreadFrom}|${chatId}`;
    if (builtFor !== this.#builtFor) {
      this.#builtFor = builtFor;
      this.#last = null;
    }
    const last = this.#last;
    if (last?.messages === messages) return last;
    // Rows are kept up to the first message that changed (identity, as the store replaces what it
    // patches): a message that arrives, or a status that changes near the end of a chat of
    // 10,000, rebuilds a few rows, not all of them.
    const kept = last ? sharedStart(last.messages, messages) : 0;
    const built: Built =
      last && kept > 0
        ? { ...last, messages, rows: rowsUpTo(last, kept), indexOf: (key) => indexOf(built.rows, key) }
        : {
            messages,
            rows: [],
            day: -1,
            dayEnd: -1,
            chatId: null,
            chained: chatId !== null && messages.some((message) => message.chatId !== chatId),
            indexOf: (key) => indexOf(built.rows, key),
          };
    if (last && kept > 0 && kept < last.messages.length) {
      // Continue from the last kept message: its day, and its chat.
      const previous = messages[kept - 1];
      built.day = startOfDay(previous.time);
      built.dayEnd = startOfDay(built.day + 36 * 3600 * 1000);
      built.chatId = previous.chatId;
    }
    const { rows } = built;
    for (let index = kept; index < messages.length; index++) {
      const message = messages[index];
      if (built.chained && message.chatId !== built.chatId) {
        const current = message.chatId === chatId;
        rows.push({ kind: 'chat', key: `chat-${message.chatId}`, chatId: message.chatId, time: message.time, current });
        built.day = -1; // each chat starts with its day
        built.dayEnd = -1;
      }
      built.chatId = message.chatId;
      if (message.time < built.day || message.time >= built.dayEnd) {
        built.day = startOfDay(message.time);
        built.dayEnd = startOfDay(built.day + 36 * 3600 * 1000); // the next midnight, also across a DST change
        // Two of the customer's chats can share a day: each has its own separator for it.
        const key = built.chained ? `day-${message.chatId}-${built.day}` : `day-${built.day}`;
        let dayRow = this.#dayRows.get(key);
        if (!dayRow) this.#dayRows.set(key, (dayRow = { kind: 'day', key, day: built.day }));
        rows.push(dayRow);
      }
      if (message.id === unreadFrom) rows.push(unreadRow);
      rows.push(message);
    }
    this.#last = built;
    return built;
  }

  /** A day separator's label: "Today", "Yesterday" or the date, in the language shown. */
  dayLabel(day: number, now: number, locale: string): string {
    // "Today" and "Yesterday" move at midnight; labels follow the language.
    const labelsFor = `${locale}|${startOfDay(now)}`;
    if (labelsFor !== this.#labelsFor) {
      this.#labelsFor = labelsFor;
      this.#labels.clear();
    }
    let label = this.#labels.get(day);
    if (label === undefined) this.#labels.set(day, (label = dayLabel(day, now, locale)));
    return label;
  }
}

/** Searched from the newest row, where the window usually is: no index to build for 10,000 rows. */
function indexOf(rows: readonly Row[], key: string): number {
  const messageId = key.startsWith('m-') ? Number(key.slice(2)) : null;
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index];
    if (messageId !== null ? !isSeparator(row) && row.id === messageId : isSeparator(row) && row.key === key)
      return index;
  }
  return -1;
}

/** How many messages at the start of both lists are the same objects. */
function sharedStart(before: readonly Message[], after: readonly Message[]): number {
  const most = Math.min(before.length, after.length);
  let index = 0;
  while (index < most && before[index] === after[index]) index++;
  return index;
}

/**
 * The rows of `built` up to its `count`th message's row, without what follows it (the next
 * message's separators included, which are pushed again with it).
 */
function rowsUpTo(built: Built, count: number): Row[] {
  if (count === built.messages.length) return built.rows.slice();
  const lastKept = built.messages[count - 1];
  let index = built.rows.length - 1;
  while (index >= 0 && built.rows[index] !== lastKept) index--;
  return built.rows.slice(0, index + 1);
}
