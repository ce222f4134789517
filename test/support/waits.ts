/**
 * waitUntil's limit for what crosses the reference API or loads a chunk of the panel: a quiet
 * machine answers in milliseconds, but CI runs three browsers at once on 2 cores, and waitUntil's
 * own second is too short there. What happens in the page alone keeps that second.
 */
export const overNetwork = { timeout: 10000 };
