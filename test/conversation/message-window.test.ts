import { expect } from '@open-wc/testing';
import { message as makeMessage } from '../support/domain.js';
import { isSeparator, MessageRows, rowKey, unreadRowKey, type RowLookup } from '../../src/conversation/message-rows.js';
import { MessageWindow } from '../../src/conversation/message-window.js';

const day = 24 * 3600 * 1000;
const start = Date.UTC(2025, 4, 1, 9, 0, 0);

const message = (id: number, time = start + id * 60000) => makeMessage(id, 1, time, { status: 3 });

/** Rows of `count` messages on one day (one day separator first). */
function lookup(count: number, from = 1): RowLookup {
  return new MessageRows().rows(Array.from({ length: count }, (_, index) => message(from + index)));
}

const sizes = { initial: 10, page: 5, max: 20 };

describe('MessageWindow', () => {
  it('shows the newest rows of a chat that opens, and takes in rows that arrive below', () => {
    const window = new MessageWindow(sizes);
    const rows = lookup(100);
    expect(window.range(rows)).to.deep.equal({ start: rows.rows.length - 10, end: rows.rows.length });
    const more = lookup(103);
    expect(window.range(more).end).to.equal(more.rows.length);
    expect(window.reachesNewest).to.equal(true);
  });

  it('trims a window that follows the newest rows from the top', () => {
    const window = new MessageWindow(sizes);
    window.range(lookup(30));
    const grown = lookup(60);
    expect(window.range(grown)).to.deep.equal({ start: grown.rows.length - 20, end: grown.rows.length });
    // Following the newest message, only the newest `initial` rows are kept.
    expect(window.range(grown, 'newest')).to.deep.equal({ start: grown.rows.length - 10, end: grown.rows.length });
  });

  it('keeps its rows when rows join above it', () => {
    const window = new MessageWindow(sizes);
    const rows = lookup(50, 51);
    const before = window.range(rows);
    const firstKey = rowKey(rows.rows[before.start]);
    const withEarlier = new MessageRows().rows(Array.from({ length: 100 }, (_, index) => message(index + 1)));
    const after = window.range(withEarlier);
    expect(rowKey(withEarlier.rows[after.start])).to.equal(firstKey);
    expect(after.end - after.start).to.equal(before.end - before.start);
  });

  it('grows a page at a time up and down, and trims the side away from the row in view', () => {
    const window = new MessageWindow(sizes);
    const rows = lookup(100);
    const total = rows.rows.length;
    expect(window.extendUp(rows)).to.equal(true);
    expect(window.range(rows)).to.deep.equal({ start: total - 15, end: total });
    window.extendUp(rows);
    window.extendUp(rows);
    // 25 rows wanted, 20 at most: the operator looks at the top one, so the bottom goes.
    expect(window.range(rows, total - 25)).to.deep.equal({ start: total - 25, end: total - 5 });
    expect(window.reachesNewest).to.equal(false);
    expect(window.extendDown(rows)).to.equal(true);
    expect(window.range(rows, total - 6)).to.deep.equal({ start: total - 20, end: total });
    expect(window.reachesNewest).to.equal(true);
    expect(window.extendDown(rows)).to.equal(false);
  });

  it('stops at the start of the chat', () => {
    const window = new MessageWindow(sizes);
    const rows = lookup(8);
    expect(window.range(rows)).to.deep.equal({ start: 0, end: rows.rows.length });
    expect(window.extendUp(rows)).to.equal(false);
  });

  it('opens around a row deep in the chat, a page above it', () => {
    const window = new MessageWindow(sizes);
    const rows = lookup(100);
    window.showAround(rows, 40);
    expect(window.range(rows)).to.deep.equal({ start: 38, end: 48 });
    expect(window.reachesNewest).to.equal(false);
  });

  it('keeps its place when its edge row is deleted', () => {
    const window = new MessageWindow(sizes);
    const messages = Array.from({ length: 100 }, (_, index) => message(index + 1));
    const rows = new MessageRows();
    window.showAround(rows.rows(messages), 40);
    // Row 38 (message 38: the day separator is row 0) starts the window; it goes, row 39 moves up.
    const without = messages.filter((item) => item.id !== 38);
    expect(window.range(rows.rows(without))).to.deep.equal({ start: 38, end: 47 });
  });

  it('empties with the chat and shows the newest rows when some come', () => {
    const window = new MessageWindow(sizes);
    expect(window.range(lookup(0))).to.deep.equal({ start: 0, end: 0 });
    const rows = lookup(30);
    expect(window.range(rows)).to.deep.equal({ start: rows.rows.length - 10, end: rows.rows.length });
  });
});

describe('MessageRows', () => {
  it('puts a day separator before each day and the unread divider before its message', () => {
    const messages = [message(1), message(2, start + day), message(3, start + day + 60000)];
    const { rows, indexOf } = new MessageRows().rows(messages, 3);
    expect(rows.map((row) => (isSeparator(row) ? row.kind : row.id))).to.deep.equal(['day', 1, 'day', 2, 'unread', 3]);
    expect(rows.map(rowKey).slice(3)).to.deep.equal(['m-2', unreadRowKey, 'm-3']);
    expect(indexOf(unreadRowKey)).to.equal(4);
    expect(indexOf('m-3')).to.equal(5);
    expect(indexOf('m-99')).to.equal(-1);
  });

  it('extends the rows of a list that grew at the end, and finds the new ones by key', () => {
    const builder = new MessageRows();
    const messages = Array.from({ length: 5 }, (_, index) => message(index + 1));
    const first = builder.rows(messages);
    expect(first.indexOf('m-5')).to.equal(5);
    const grown = builder.rows([...messages, message(6)]);
    expect(grown.rows[0]).to.equal(first.rows[0]);
    expect(grown.indexOf('m-6')).to.equal(6);
    expect(first.indexOf('m-6')).to.equal(-1);
  });

  it('rebuilds the rows from the first message that changed, the same as rows built afresh', () => {
    // Three days, the unread divider on the second, and a status that changes at each place.
    const messages = Array.from({ length: 30 }, (_, index) =>
      message(index + 1, start + Math.floor(index / 10) * day + index * 60000),
    );
    for (const changed of [0, 9, 10, 11, 20, 29]) {
      const builder = new MessageRows();
      const before = builder.rows(messages, 12);
      const patched = messages.map((item, index) => (index === changed ? { ...item, status: 1 } : item));
      const after = builder.rows(patched, 12);
      const fresh = new MessageRows().rows(patched, 12);
      expect(after.rows.map(rowKey), `message ${changed + 1} changed`).to.deep.equal(fresh.rows.map(rowKey));
      expect(after.rows.filter((row) => !isSeparator(row))).to.deep.equal(patched);
      // The rows before the changed message are the ones built before.
      const firstChanged = before.indexOf(`m-${changed + 1}`);
      for (let index = 0; index < firstChanged - 1; index++) expect(after.rows[index]).to.equal(before.rows[index]);
    }
  });

  it('rebuilds the rows of a list that lost a message, or gained one in the middle', () => {
    const messages = Array.from({ length: 12 }, (_, index) =>
      message(index + 1, start + Math.floor(index / 4) * day + index * 60000),
    );
    const without = messages.filter((item) => item.id !== 5); // the first of the second day
    const builder = new MessageRows();
    builder.rows(messages);
    expect(builder.rows(without).rows.map(rowKey)).to.deep.equal(new MessageRows().rows(without).rows.map(rowKey));
    expect(builder.rows(messages).rows.map(rowKey)).to.deep.equal(new MessageRows().rows(messages).rows.map(rowKey));
  });

  it('labels days in the language shown: today, yesterday, then the date', () => {
    const builder = new MessageRows();
    const now = start + 3 * day;
    const [today, yesterday, earlier] = [now, now - day, start].map((time) => {
      const date = new Date(time);
      date.setHours(0, 0, 0, 0);
      return date.getTime();
    });
    expect(builder.dayLabel(today, now, 'en')).to.equal('Today');
    expect(builder.dayLabel(yesterday, now, 'en')).to.equal('Yesterday');
    expect(builder.dayLabel(earlier, now, 'en')).to.equal(
      new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long' }).format(earlier),
    );
    expect(builder.dayLabel(earlier, now, 'de')).to.equal(
      new Intl.DateTimeFormat('de', { day: 'numeric', month: 'long' }).format(earlier),
    );
  });
});

describe('MessageWindow: rows in sight first while following', () => {
  // The default window (60 rows while following) in a view where 12 rows can be in sight.
  const inSight = 12;
  const newest = (rows: RowLookup) => ({ start: Math.max(0, rows.rows.length - 60), end: rows.rows.length });
  /** A chat of 1,000 messages whose unread ones start at the message with this id. */
  const thousand = Array.from({ length: 1000 }, (_, index) => message(index + 1));
  const withUnread = (firstUnread: number) => new MessageRows().rows(thousand, firstUnread);

  it('gives a chat that opens its newest rows in sight, then the whole window with the rest to come no more', () => {
    const window = new MessageWindow();
    const rows = lookup(1000);
    expect(window.range(rows, 'newest', inSight)).to.deep.equal({
      start: rows.rows.length - inSight,
      end: rows.rows.length,
    });
    expect(window.restToCome).to.equal(true);
    expect(window.range(rows, 'newest', inSight)).to.deep.equal(newest(rows));
    expect(window.restToCome).to.equal(false);
  });

  it('keeps the rest to come while the window grows between renders, and gives it at the next render', () => {
    // After a render, the place-keeping asks the window to grow towards the view (extendDown,
    // extendUp): what the last render was given, and so the rest still to come, stays as it was.
    const window = new MessageWindow();
    const rows = lookup(1000);
    window.range(rows, 'newest', inSight);
    expect(window.extendDown(rows), 'nothing below the newest rows').to.equal(false);
    expect(window.restToCome, 'after extendDown').to.equal(true);
    expect(window.extendUp(rows), 'a page more above').to.equal(true);
    expect(window.restToCome, 'after extendUp').to.equal(true);
    expect(window.range(rows, 'newest', inSight)).to.deep.equal(newest(rows));
    expect(window.restToCome).to.equal(false);
  });

  it('gives a burst of more rows than can be in sight newest first, and a few new rows with the whole window', () => {
    const window = new MessageWindow();
    window.range(lookup(1000), 'newest', 0);
    const few = lookup(1000 + inSight - 1);
    expect(window.range(few, 'newest', inSight)).to.deep.equal(newest(few));
    expect(window.restToCome).to.equal(false);
    const burst = lookup(1100);
    const given = window.range(burst, 'newest', inSight);
    expect(given).to.deep.equal({ start: burst.rows.length - inSight, end: burst.rows.length });
    expect(rowKey(burst.rows[given.end - 1])).to.equal(rowKey(burst.rows.at(-1)!));
    expect(window.restToCome).to.equal(true);
    // The rows given are the newest of the window: the window itself still holds 60.
    expect(window.range(burst, 'newest', inSight)).to.deep.equal(newest(burst));
  });

  it('gives the whole window when the rows in sight are not known, while reading, or when it holds the whole chat', () => {
    const rows = lookup(1000);
    const unknown = new MessageWindow();
    expect(unknown.range(rows, 'newest', 0)).to.deep.equal(newest(rows));
    const reading = new MessageWindow();
    reading.showNewest(rows);
    expect(reading.range(rows, rows.rows.length - 30, inSight)).to.deep.equal(newest(rows));
    expect(reading.restToCome).to.equal(false);
    // 41 rows, far more than in sight, all in the window: the chat stays whole in the DOM.
    const whole = lookup(40);
    const short = new MessageWindow();
    expect(short.range(whole, 'newest', inSight)).to.deep.equal({ start: 0, end: whole.rows.length });
    expect(short.restToCome).to.equal(false);
  });

  it('opens a chat at its newest rows, at its unread divider, or measures a few unread rows once rendered', () => {
    const none = new MessageWindow();
    expect(none.open(lookup(1000), inSight)).to.equal('newest');
    // Three unread rows: fewer than can be in sight; whether they fit is measured.
    expect(new MessageWindow().open(withUnread(998), inSight)).to.equal('measure');
    // Twenty unread rows: more than can be in sight, so taller than the view.
    expect(new MessageWindow().open(withUnread(981), inSight)).to.equal('unread');
    // The same twenty with the rows in sight not known: measured.
    expect(new MessageWindow().open(withUnread(981), 0)).to.equal('measure');
    // Deeper than the newest rows: the window opens around the divider.
    const deep = withUnread(500);
    const window = new MessageWindow();
    expect(window.open(deep, inSight)).to.equal('unread');
    const { start, end } = window.range(deep, deep.indexOf(unreadRowKey), inSight);
    expect(deep.indexOf(unreadRowKey)).to.be.within(start, end - 1);
  });

  it('gives a long chat that opens with a few unread rows its rows in sight first, the divider among them', () => {
    const rows = withUnread(999);
    const window = new MessageWindow();
    expect(window.open(rows, inSight)).to.equal('measure');
    const given = window.range(rows, 'newest', inSight);
    expect(given).to.deep.equal({ start: rows.rows.length - inSight, end: rows.rows.length });
    expect(window.restToCome).to.equal(true);
    expect(rows.indexOf(unreadRowKey)).to.be.within(given.start, given.end - 1);
    expect(window.range(rows, 'newest', inSight)).to.deep.equal(newest(rows));
  });
});
