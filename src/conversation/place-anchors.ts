/**
 * Where the message list's rows are relative to its view: the operator's place is held as rows at
 * offsets from the top of the view (see message-place.ts).
 */
import { unreadRowKey } from './message-rows.js';

/** A row that holds the place. */
export interface Anchor {
  key: string;
  /** Its top edge, in px below the top of the view (negative when it starts above). */
  offset: number;
  /**
   * Held by its end instead: its bottom edge this many px above the bottom of the view. A row
   * the keys brought in from below, or one taller than the view, keeps its end on screen when it
   * grows (a late picture) or the list shrinks (the controls under it appear).
   */
  fromBottom?: number;
}

export const distanceToBottom = (scroller: HTMLElement): number =>
  scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;

/** The rows in view, topmost first, with their offsets (at most three). */
export function rowsInView(scroller: HTMLElement): Anchor[] {
  const view = scroller.getBoundingClientRect();
  const rows = scroller.querySelectorAll<HTMLElement>('[data-row-key]');
  // Rows are in visual order: find the first whose bottom is below the top of the view.
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle].getBoundingClientRect().bottom <= view.top) low = middle + 1;
    else high = middle;
  }
  const anchors: Anchor[] = [];
  for (let index = low; index < rows.length && anchors.length < 3; index++) {
    const box = rows[index].getBoundingClientRect();
    if (box.top >= view.bottom) break;
    if (box.height > 0) anchors.push({ key: rows[index].dataset.rowKey!, offset: box.top - view.top });
  }
  return anchors;
}

/** How far the list has to scroll to put the anchor's row back where it is held; null when the row is not rendered. */
export function anchorDrift(scroller: HTMLElement, anchor: Anchor): number | null {
  const row = scroller.querySelector<HTMLElement>(`[data-row-key="${anchor.key}"]`);
  if (!row) return null;
  const view = scroller.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  return anchor.fromBottom === undefined
    ? box.top - view.top - anchor.offset
    : box.bottom - (view.bottom - anchor.fromBottom);
}

/** The "New messages" divider held at the top of the view: where a chat opens when its unread rows are taller than the view. */
export const unreadAtTop: Anchor = { key: unreadRowKey, offset: 0 };

/**
 * Whether the rows from the "New messages" divider down are taller than the view, so the chat
 * opens at the divider rather than at its newest message (contract §4); false without a divider.
 */
export function unreadTallerThanView(scroller: HTMLElement): boolean {
  const divider = scroller.querySelector<HTMLElement>(`[data-row-key="${unreadRowKey}"]`);
  if (!divider) return false;
  const view = scroller.getBoundingClientRect();
  const position = divider.getBoundingClientRect().top - view.top + scroller.scrollTop;
  return scroller.scrollHeight - position > scroller.clientHeight;
}

/**
 * Where `row` is held to come into view at the nearest edge, as `scrollIntoView({block:
 * 'nearest'})` would put it; null when it is in view, or covers the view.
 */
export function nearestEdgeAnchor(scroller: HTMLElement, row: HTMLElement, key: string): Anchor | null {
  const view = scroller.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  const above = box.top < view.top;
  const below = box.bottom > view.bottom;
  if (above === below) return null;
  // The nearest edge (CSSOM's "nearest"): a row taller than the view shows its end coming from
  // below it, its start coming from above it, so reading goes on where the last row ended.
  const alignTop = above === box.height <= view.height;
  return alignTop ? { key, offset: 0 } : { key, offset: view.height - box.height, fromBottom: 0 };
}
