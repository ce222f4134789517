/**
 * Per-organization fault switches (latency, answers held back, forced 429/500, dropped connections,
 * duplicated or reordered events, failed acknowledgements, expired tokens) and the token-bucket
 * rate limit.
 */
import { currentTokenSequence } from './jwt.js';
import { HttpError, isPlainObject } from './http-util.js';

/**
 * @typedef {object} FaultState
 * @property {number} latencyMs
 * @property {boolean} hold requests matching `paths` get no answer until it is switched off: a
 *   slow answer whose end the test chooses, where a latency would be a guess at how long it needs
 * @property {number} fail429
 * @property {number | null} retryAfter seconds in the `Retry-After` of a forced 429; null sends none
 * @property {number} fail500
 * @property {number} malformed next N answers are 200 with a body that is not JSON
 * @property {number} drop
 * @property {boolean} duplicateEvents
 * @property {boolean} reorderEvents
 * @property {number} failAck
 * @property {boolean} expireToken
 * @property {string | null} paths regex source restricting hold/fail429/fail500/malformed/drop
 * @property {number} passFirst the next N matching requests pass before a forced failure applies
 * @property {number} rateLimitPerSecond
 * @property {number} rateLimitBurst
 */

/** @returns {FaultState} */
export function defaultFaults() {
  return {
    latencyMs: 0,
    hold: false,
    fail429: 0,
    retryAfter: 1,
    fail500: 0,
    malformed: 0,
    drop: 0,
    duplicateEvents: false,
    reorderEvents: false,
    failAck: 0,
    expireToken: false,
    paths: null,
    passFirst: 0,
    rateLimitPerSecond: 100,
    rateLimitBurst: 150,
  };
}

const COUNTERS = [
  'latencyMs',
  'fail429',
  'fail500',
  'malformed',
  'drop',
  'passFirst',
  'failAck',
  'rateLimitPerSecond',
  'rateLimitBurst',
];
const SWITCHES = ['hold', 'duplicateEvents', 'reorderEvents', 'expireToken'];

export class Faults {
  /** @param {import('./clock.js').Clock} clock what refills the rate limit's bucket */
  constructor(clock) {
    this.clock = clock;
    /** @type {FaultState} */
    this.state = defaultFaults();
    /** tokens with `tsn` at or below this are rejected while `expireToken` is on */
    this.expireTokenSequence = 0;
    /** @type {RegExp | null} */
    this.pathPattern = null;
    this.bucket = { tokens: this.state.rateLimitBurst, refilledAt: clock.now() };
    /** @type {Set<() => void>} lets on each request held by `hold` */
    this.held = new Set();
  }

  /** @param {unknown} input switches to merge */
  merge(input) {
    if (!isPlainObject(input)) throw new HttpError(400, 'Expected a JSON object of fault switches');
    const patch = /** @type {Record<string, unknown>} */ (input);
    for (const [key, value] of Object.entries(patch)) {
      if (COUNTERS.includes(key)) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
          throw new HttpError(400, `${key} must be a non-negative number`);
        }
      } else if (key === 'retryAfter') {
        if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
          throw new HttpError(400, 'retryAfter must be a non-negative number of seconds or null');
        }
      } else if (SWITCHES.includes(key)) {
        if (typeof value !== 'boolean') throw new HttpError(400, `${key} must be a boolean`);
      } else if (key === 'paths') {
        if (value !== null && typeof value !== 'string')
          throw new HttpError(400, 'paths must be a regex string or null');
        if (typeof value === 'string') {
          try {
            new RegExp(value);
          } catch {
            throw new HttpError(400, 'paths is not a valid regex');
          }
        }
      } else {
        throw new HttpError(400, `Unknown fault switch ${key}`);
      }
    }
    if (patch.expireToken === true && !this.state.expireToken) this.expireTokenSequence = currentTokenSequence();
    Object.assign(this.state, patch);
    this.pathPattern = this.state.paths ? new RegExp(this.state.paths) : null;
    if (!this.state.hold) this.#letHeldGo();
    if ('rateLimitBurst' in patch) this.bucket.tokens = Math.min(this.bucket.tokens, this.state.rateLimitBurst);
    return this.snapshot();
  }

  reset() {
    this.#letHeldGo();
    this.state = defaultFaults();
    this.pathPattern = null;
    this.expireTokenSequence = 0;
    this.bucket = { tokens: this.state.rateLimitBurst, refilledAt: this.clock.now() };
    return this.snapshot();
  }

  snapshot() {
    return { ...this.state };
  }

  /** @param {Record<string, any>} claims */
  isTokenForcedExpired(claims) {
    return this.state.expireToken && !(Number(claims.tsn) > this.expireTokenSequence);
  }

  /**
   * Takes one token from the bucket.
   * @returns {number} 0 when allowed, else seconds to wait
   */
  takeRateToken() {
    const now = this.clock.now();
    const { rateLimitPerSecond: rate, rateLimitBurst: burst } = this.state;
    this.bucket.tokens = Math.min(burst, this.bucket.tokens + ((now - this.bucket.refilledAt) / 1000) * rate);
    this.bucket.refilledAt = now;
    if (this.bucket.tokens >= 1) {
      this.bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.bucket.tokens) / Math.max(rate, 0.001)));
  }

  /**
   * Settles when a request for this path may go on: at once, or, while `hold` is on and `paths`
   * matches it, once `hold` is switched off or the faults are reset.
   * @param {string} path
   * @returns {Promise<void>}
   */
  async whileHeld(path) {
    if (!this.state.hold || (this.pathPattern && !this.pathPattern.test(path))) return;
    await new Promise((letGo) => this.held.add(letGo));
  }

  #letHeldGo() {
    for (const letGo of this.held) letGo();
    this.held.clear();
  }

  /**
   * Consumes one forced failure for this path, if any.
   * @param {string} path
   * @returns {'drop' | 429 | 500 | 'malformed' | null}
   */
  takeForcedFailure(path) {
    if (this.pathPattern && !this.pathPattern.test(path)) return null;
    const { drop, fail429, fail500, malformed } = this.state;
    // "The second upload fails": the first passes, whatever the client sends between.
    if (this.state.passFirst > 0 && drop + fail429 + fail500 + malformed > 0) {
      this.state.passFirst -= 1;
      return null;
    }
    if (this.state.drop > 0) {
      this.state.drop -= 1;
      return 'drop';
    }
    if (this.state.fail429 > 0) {
      this.state.fail429 -= 1;
      return 429;
    }
    if (this.state.fail500 > 0) {
      this.state.fail500 -= 1;
      return 500;
    }
    if (this.state.malformed > 0) {
      this.state.malformed -= 1;
      return 'malformed';
    }
    return null;
  }

  /** @returns {boolean} true when this acknowledgement must fail */
  takeFailedAck() {
    if (this.state.failAck > 0) {
      this.state.failAck -= 1;
      return true;
    }
    return false;
  }
}
