/**
 * Bounded memory of keys already applied (event guids, message ids). At-least-once delivery means
 * the same event can come back after a failed acknowledgement or in `observe` mode on every poll;
 * remembering the last few thousand keys makes applying idempotent without growing forever.
 */
export class GuidMemory {
  readonly #keys = new Set<string>();
  /** Insertion order for eviction; `head` skips evicted slots instead of shifting the array. */
  #order: string[] = [];
  #head = 0;

  constructor(readonly capacity = 5000) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('GuidMemory capacity must be a positive integer');
  }

  get size(): number {
    return this.#keys.size;
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  /** Remembers `key`; returns false when it was already known (the caller skips it). */
  add(key: string): boolean {
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    this.#order.push(key);
    while (this.#keys.size > this.capacity) this.#keys.delete(this.#order[this.#head++]);
    // Compact now and then so the array stays about the size of the set.
    if (this.#head > this.capacity) {
      this.#order = this.#order.slice(this.#head);
      this.#head = 0;
    }
    return true;
  }

  clear(): void {
    this.#keys.clear();
    this.#order = [];
    this.#head = 0;
  }
}
