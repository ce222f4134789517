/**
 * Time as the reference API's organizations read it for their timers (receipts, the simulator),
 * when redelivered events are due, and their rate limit: the real one, or a test's, which moves when the
 * test says (test-server/helpers.js).
 * @typedef {object} Clock
 * @property {() => number} now epoch milliseconds
 * @property {(callback: () => void, ms: number) => unknown} setTimeout
 * @property {(handle: unknown) => void} clearTimeout
 */

/** @type {Clock} */
export const systemClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(/** @type {NodeJS.Timeout} */ (handle)),
};
