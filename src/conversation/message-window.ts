/**
 * Which rows of a chat are in the DOM: a window of consecutive rows, at most `max` of them, so a
 * chat of 10,000 messages keeps a couple of hundred rows rendered. The window is held by the keys
 * of its first and last rows, so rows that join above it (earlier chats) or below it (live
 * messages) leave it where it is; while it runs to the newest row, rows that arrive below join
 * it. It grows a page at a time as the operator scrolls towards an edge, and is trimmed on the
 * side farther from what the operator looks at. Pure: no DOM, no clock.
 */
import { rowKey, unreadRowKey, type RowLookup } from './message-rows.js';

export interface WindowSizes {
  /** Rows shown when a chat opens, or after a jump. */
  initial: number;
  /** Rows added when the view nears an edge of the window. */
  page: number;
  /** Rows rendered at most. */
  max: number;
}

/** The least height a row is drawn at, gap included (a day line; a message row is taller). */
const shortestRowPx = 36;

/** How many rows can be in sight at once in a view this tall, and two more (a row cut at the top, the typing line); 0 when not known. */
export const rowsInSight = (viewHeight: number): number =>
  viewHeight > 0 ? Math.ceil(viewHeight / shortestRowPx) + 2 : 0;

export const defaultWindowSizes: WindowSizes = { initial: 60, page: 50, max: 200 };

export interface WindowRange {
  /** Index of the first rendered row. */
  start: number;
  /** Index after the last rendered row. */
  end: number;
}

/** A row the window is held by: its key, and its index when last seen (if the row goes). */
interface Edge {
  key: string;
  index: number;
}

/** The window's first row is the chat's first: rows that join above (earlier chats) join it. */
const oldest = 'oldest';

export class MessageWindow {
  /** null: nothing shown yet. */
  #first: Edge | typeof oldest | null = null;
  /** null: the window runs to the newest row and takes in rows that arrive below. */
  #last: Edge | null = null;
  /** The key of the newest row of the range given last: rows that arrive below it are new. */
  #newestGiven: string | null = null;
  /** The range given last is only the newest rows in sight; the rest of the window is to render next. */
  restToCome = false;

  readonly #sizes: WindowSizes;

  constructor(sizes: WindowSizes = defaultWindowSizes) {
    this.#sizes = sizes;
  }

  /** Whether the newest row is in the window. */
  get reachesNewest(): boolean {
    return this.#last === null;
  }

  /**
   * The rendered rows. `keep` is the index of the row the operator looks at, or `newest` while
   * they follow the newest message: a window grown past `max` is trimmed on the side farther from
   * that row; one that follows keeps only its newest `initial` rows (the others are out of view
   * above, and come back a page at a time if the operator scrolls up).
   *
   * `inSight`, while following: how many rows can be in sight at once (0: not known). When more
   * rows than that arrived below the newest row given last (a chat opening, a burst of live
   * messages), and the window leaves the chat's oldest rows out anyway, only its newest `inSight`
   * rows are given, and `restToCome` says the rest is to be rendered after the frame that shows
   * them: every rendered row is laid out before that frame, and the rest is out of sight above.
   * A window that holds the whole chat is always given whole.
   */
  range(lookup: RowLookup, keep: number | 'newest' | null = null, inSight = 0): WindowRange {
    const { start, end } = this.#bounds(lookup, keep);
    const given = this.#newestGiven === null ? -1 : lookup.indexOf(this.#newestGiven);
    this.#newestGiven = end > 0 ? rowKey(lookup.rows[end - 1]) : null;
    this.restToCome = keep === 'newest' && inSight > 0 && start > 0 && end - Math.max(start, given + 1) > inSight;
    return this.restToCome ? { start: end - inSight, end } : { start, end };
  }

  /**
   * The window's rows now, trimmed as `range` says; unlike `range`, it notes nothing as given
   * (growing the window after a render leaves the rest of it still to come).
   */
  #bounds(lookup: RowLookup, keep: number | 'newest' | null): WindowRange {
    const count = lookup.rows.length;
    if (this.#first === null) this.showNewest(lookup);
    if (this.#first === null) return { start: 0, end: 0 };
    let start = this.#first === oldest ? 0 : this.#resolve(lookup, this.#first);
    let end = this.#last === null ? count : this.#resolve(lookup, this.#last) + 1;
    start = Math.min(Math.max(0, start), count);
    end = Math.min(Math.max(start, end), count);
    if (keep === 'newest' && this.#last === null) {
      start = Math.max(start, end - this.#sizes.initial);
    } else if (end - start > this.#sizes.max) {
      const held = keep === 'newest' ? null : keep;
      const anchor = Math.min(Math.max(held ?? (this.#last === null ? count - 1 : start), start), end - 1);
      if (anchor - start >= end - 1 - anchor) start = Math.max(start, Math.min(anchor, end - this.#sizes.max));
      else end = Math.min(end, Math.max(anchor + 1, start + this.#sizes.max));
    }
    this.#set(lookup, start, end);
    return { start, end };
  }

  /**
   * A chat just opened: its newest rows, or the rows around its first unread one when that is
   * deeper. Answers where the operator starts: `unread`, at the divider, when the unread rows are
   * deeper than the newest rows or more than the `inSight` rows that can be in sight at once (0:
   * not known), so taller than the view; `measure` when a few are, whose height decides once they
   * are rendered; `newest` when none is.
   */
  open(lookup: RowLookup, inSight: number): 'unread' | 'measure' | 'newest' {
    const unread = lookup.indexOf(unreadRowKey);
    this.showNewest(lookup);
    if (unread < 0) return 'newest';
    // Not range(): it would note these rows as given, and the first render would not give the rows in sight first.
    if (unread < this.#newestStart(lookup)) this.showAround(lookup, unread);
    else if (!(inSight > 0 && lookup.rows.length - unread > inSight)) return 'measure';
    return 'unread';
  }

  /** The newest rows: a chat just opened, a jump to the newest message, a message sent. */
  showNewest(lookup: RowLookup): void {
    this.#set(lookup, this.#newestStart(lookup), lookup.rows.length);
  }

  /** Where the newest `initial` rows start. */
  #newestStart(lookup: RowLookup): number {
    return Math.max(0, lookup.rows.length - this.#sizes.initial);
  }

  /** Rows around `index` (a first unread message deep in the chat), a page of them above it. */
  showAround(lookup: RowLookup, index: number): void {
    const start = Math.max(0, index - Math.floor(this.#sizes.page / 2));
    this.#set(lookup, start, Math.min(lookup.rows.length, start + this.#sizes.initial));
  }

  /** A page more above; answers whether the window grew. */
  extendUp(lookup: RowLookup): boolean {
    const { start, end } = this.#bounds(lookup, null);
    if (start === 0) return false;
    this.#set(lookup, Math.max(0, start - this.#sizes.page), end);
    return true;
  }

  /** A page more below; answers whether the window grew. */
  extendDown(lookup: RowLookup): boolean {
    const { start, end } = this.#bounds(lookup, null);
    if (this.#last === null) return false;
    this.#set(lookup, start, Math.min(lookup.rows.length, end + this.#sizes.page));
    return true;
  }

  #set(lookup: RowLookup, start: number, end: number): void {
    const { rows } = lookup;
    if (rows.length === 0) {
      // Nothing to hold on to: the first rows to come are shown from the newest.
      this.#first = null;
      this.#last = null;
      return;
    }
    this.#first = start === 0 ? oldest : { key: rowKey(rows[Math.min(start, rows.length - 1)]), index: start };
    this.#last = end >= rows.length ? null : { key: rowKey(rows[Math.max(start, end - 1)]), index: end - 1 };
  }

  /** Where an edge row is now; a row that is gone leaves its old index in its place. */
  #resolve(lookup: RowLookup, edge: Edge): number {
    const index = lookup.indexOf(edge.key);
    return index >= 0 ? index : edge.index;
  }
}
