/**
 * The rows of the message list: each message, with a day separator before the first message of
 * each day. A long chat has thousands of rows and every live message makes a new array, so rows
 * are reused: one row object per message object (a changed message is a new object), one label
 * per day, and the day is worked out again only when a message leaves the current one.
 */
import type { Message } from '../../api/wire.js';
import { dayLabel, startOfDay } from '../../format.js';

export type Row = { key: string; kind: 'day'; label: string } | { key: string; kind: 'message'; message: Message };

export const rowKey = (row: Row): string => row.key;

export class MessageRows {
  private messageRows = new WeakMap<Message, Row>();
  private dayRows = new Map<number, Row>();
  private labelsFor = '';
  private last: { messages: readonly Message[]; rows: Row[] } | null = null;

  rows(messages: readonly Message[], locale: string, now: number): Row[] {
    // "Today" and "Yesterday" move at midnight; labels follow the language.
    const labelsFor = `${locale}|${startOfDay(now)}`;
    if (labelsFor !== this.labelsFor) {
      this.labelsFor = labelsFor;
      this.dayRows = new Map();
      this.last = null;
    }
    if (this.last?.messages === messages) return this.last.rows;
    const rows: Row[] = [];
    let day = -1;
    let dayEnd = -1;
    for (const message of messages) {
      if (message.time < day || message.time >= dayEnd) {
        day = startOfDay(message.time);
        dayEnd = startOfDay(day + 36 * 3600 * 1000); // the next midnight, also across a DST change
        let dayRow = this.dayRows.get(day);
        if (!dayRow) {
          dayRow = { key: `day-${day}`, kind: 'day', label: dayLabel(message.time, now, locale) };
          this.dayRows.set(day, dayRow);
        }
        rows.push(dayRow);
      }
      let row = this.messageRows.get(message);
      if (!row) {
        row = { key: `m-${message.id}`, kind: 'message', message };
        this.messageRows.set(message, row);
      }
      rows.push(row);
    }
    this.last = { messages, rows };
    return rows;
  }
}
