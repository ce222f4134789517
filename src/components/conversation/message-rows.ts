/**
 * The rows of the message list: each message, with a day separator before the first message of
 * each day. A long chat has thousands of rows and every live message makes a new array, so rows
 * are reused: one row object per message object (a changed message is a new object), one label
 * per day, and the day is worked out again only when a message leaves the current one.
 */
import type { Message } from '../../api/wire.js';
import { startOfDay } from '../../format.js';
import { dayLabel } from '../../format-messages.js';

export type Row = { key: string; kind: 'day'; label: string } | { key: string; kind: 'message'; message: Message };

export const rowKey = (row: Row): string => row.key;

/** The rows built last, and where the day of its newest message ends, to continue from. */
interface Built {
  messages: readonly Message[];
  rows: Row[];
  day: number;
  dayEnd: number;
}

export class MessageRows {
  private messageRows = new WeakMap<Message, Row>();
  private dayRows = new Map<number, Row>();
  private labelsFor = '';
  private last: Built | null = null;

  rows(messages: readonly Message[], locale: string, now: number): Row[] {
    // "Today" and "Yesterday" move at midnight; labels follow the language.
    const labelsFor = `${locale}|${startOfDay(now)}`;
    if (labelsFor !== this.labelsFor) {
      this.labelsFor = labelsFor;
      this.dayRows = new Map();
      this.last = null;
    }
    const last = this.last;
    if (last?.messages === messages) return last.rows;
    // Live messages arrive at the end: when the old list is the start of the new one, only the
    // new messages need rows (checking that is a pass of identity comparisons).
    const appended = last !== null && isPrefix(last.messages, messages);
    const built: Built = appended
      ? { messages, rows: last.rows.slice(), day: last.day, dayEnd: last.dayEnd }
      : { messages, rows: [], day: -1, dayEnd: -1 };
    for (let index = appended ? last.messages.length : 0; index < messages.length; index++) {
      const message = messages[index];
      if (message.time < built.day || message.time >= built.dayEnd) {
        built.day = startOfDay(message.time);
        built.dayEnd = startOfDay(built.day + 36 * 3600 * 1000); // the next midnight, also across a DST change
        let dayRow = this.dayRows.get(built.day);
        if (!dayRow) {
          dayRow = { key: `day-${built.day}`, kind: 'day', label: dayLabel(message.time, now, locale) };
          this.dayRows.set(built.day, dayRow);
        }
        built.rows.push(dayRow);
      }
      let row = this.messageRows.get(message);
      if (!row) {
        row = { key: `m-${message.id}`, kind: 'message', message };
        this.messageRows.set(message, row);
      }
      built.rows.push(row);
    }
    this.last = built;
    return built.rows;
  }
}

function isPrefix(start: readonly Message[], list: readonly Message[]): boolean {
  if (start.length === 0 || start.length > list.length) return false;
  for (let index = 0; index < start.length; index++) if (start[index] !== list[index]) return false;
  return true;
}
