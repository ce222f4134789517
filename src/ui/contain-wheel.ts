/**
 * Keeps a wheel turn over a scroller inside it at its ends (contract §8: the wheel stays in the
 * panel and never scrolls the page). `overscroll-behavior: contain` says the same, but engines
 * differ: Chromium applies it everywhere; WebKit only to a scroller that can scroll, so the page
 * moved under a chat that fits in its view; Firefox without APZ (headless) to no wheel turn at
 * all. So a turn that nothing between the pointer and the scroller can take, in its direction, is
 * cancelled. Listen with `passive: false`.
 */

/** Whether `element` can scroll further in the direction of `deltaY`. */
function canScroll(element: Element, deltaY: number): boolean {
  if (element.scrollHeight - element.clientHeight < 1) return false;
  const { overflowY } = getComputedStyle(element);
  if (overflowY !== 'auto' && overflowY !== 'scroll') return false;
  return deltaY < 0 ? element.scrollTop > 0.5 : element.scrollHeight - element.clientHeight - element.scrollTop > 0.5;
}

export function containWheel(event: WheelEvent): void {
  // Ctrl+wheel and a pinch zoom the page; a sideways turn is not the list's to keep.
  if (event.defaultPrevented || event.ctrlKey || event.deltaY === 0) return;
  if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
  const scroller = event.currentTarget as Element;
  for (const target of event.composedPath()) {
    if (!(target instanceof Element)) continue;
    if (canScroll(target, event.deltaY)) return;
    if (target === scroller) break;
  }
  event.preventDefault();
}
