/**
 * Where the message list's rows are relative to its view: the operator's place is held as rows at
 * offsets from the top of the view (see message-place.ts).
 */

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
