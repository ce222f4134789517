import { waitUntil } from '@open-wc/testing';

/**
 * waitUntil's options for what may take the panel more than a moment on a loaded machine: an
 * answer of the reference API, a chunk loaded on first use, a smooth scroll coming to rest. The
 * suite runs three engines and several files at once on 2 cores, beside whatever else the
 * machine does, where waitUntil's own second is too short. A wait ends as soon as its condition
 * holds: the limit only says when to give up, so it is far from what a step takes. A reaction
 * within the page alone keeps that second.
 */
export const longWait = { timeout: 30_000 };

/**
 * Waits (within `longWait`) until `condition` holds; on a timeout, fails with `whatShows()`, read
 * then: where things are on screen, not only that the wait ended.
 */
export async function waitShowing(condition: () => boolean, whatShows: () => string): Promise<void> {
  await waitUntil(condition, 'waiting', longWait).catch(() => {
    throw new Error(whatShows());
  });
}

/** The next task: what the page queued before it (a timer of 0, a message) has run. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Before a test says that something did NOT happen: what the page started by now has run its
 * course, without waiting for time. The element's update, then two tasks (what the update
 * queued, and what that queued). A request sent meanwhile is on its way: read the reference
 * API's log next, a round trip that reaches the server after it.
 */
export async function settled(element?: { updateComplete: Promise<unknown> }): Promise<void> {
  await element?.updateComplete;
  await nextTask();
  await nextTask();
}
