/**
 * For work the operator does not wait for (an acknowledgement, a mark-read request, telling other
 * tabs): settles in the task after the next frame, so what was just rendered is painted first.
 * At once in a hidden page, which draws no frames; at the latest 100 ms on (about 1 s where a
 * hidden page throttles timers), should the page hide before its frame.
 */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
}
