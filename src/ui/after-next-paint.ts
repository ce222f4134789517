import { systemClock, type Clock } from '../core/clock.js';

/**
 * How long work waits for a frame that does not come while the page is visible: a cross-origin
 * iframe the host page hides or scrolls away draws none, and the event queue must still be
 * acknowledged. Far longer than a frame takes on a busy machine, so that there the frame comes
 * first (at 100 ms, a loaded machine acknowledged before painting).
 */
export const framelessWaitMs = 1000;

/**
 * For work the operator does not wait for (an acknowledgement, a mark-read request, telling other
 * tabs): settles in the task after the next frame, so what was just rendered is painted first.
 * At once in a hidden page, which draws no frames, and as soon as the page hides before its frame.
 */
export function afterNextPaint(clock: Clock = systemClock): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clock.clearTimeout(frameless);
      document.removeEventListener('visibilitychange', settle);
      resolve();
    };
    const frameless = clock.setTimeout(settle, framelessWaitMs);
    document.addEventListener('visibilitychange', settle);
    requestAnimationFrame(() => setTimeout(settle));
  });
}
