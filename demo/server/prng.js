/**
 * Deterministic seeded pseudo-random numbers (mulberry32), so every organization created
 * with the same preset gets the same data.
 */

/**
 * Turns a string into a 32-bit seed (FNV-1a).
 * @param {string} text
 * @returns {number}
 */
export function hashString(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * @typedef {object} Rng
 * @property {() => number} next float in [0, 1)
 * @property {(min: number, max: number) => number} int integer in [min, max]
 * @property {<T>(items: readonly T[]) => T} pick
 * @property {(probability: number) => boolean} chance
 * @property {<T>(items: T[]) => T[]} shuffle shuffles a copy
 * @property {(length: number) => string} hex
 */

/**
 * @param {number | string} seed
 * @returns {Rng}
 */
export function createRng(seed) {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (/** @type {number} */ min, /** @type {number} */ max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}
