/**
 * waitUntil's options for what may take the panel more than a moment on a loaded machine: an
 * answer of the reference API, a chunk loaded on first use, a smooth scroll coming to rest. CI
 * runs three browsers at once on 2 cores, where waitUntil's own second is too short. A reaction
 * within the page alone keeps that second.
 */
export const longWait = { timeout: 10000 };
