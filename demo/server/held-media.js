/**
 * Pictures a test lets load when it chooses: `/media/held/<name>/<width>x<height>.png` is answered
 * once `POST /__control/held-media/<name>` lets `<name>` go, and at once after that. A picture
 * that loads late, where `/media/slow/<ms>/…` is a guess at how long the test needs to look at the
 * page before it comes.
 */
export class HeldMedia {
  /** @type {Set<string>} names let go */
  #released = new Set();
  /** @type {Map<string, Set<() => void>>} name → what answers each request waiting for it */
  #waiting = new Map();

  /**
   * Settles once `name` is let go.
   * @param {string} name
   * @returns {Promise<void>}
   */
  async untilReleased(name) {
    if (this.#released.has(name)) return;
    let waiting = this.#waiting.get(name);
    if (!waiting) this.#waiting.set(name, (waiting = new Set()));
    await new Promise((letGo) => waiting.add(letGo));
  }

  /**
   * Answers every request for `name`, now and after.
   * @param {string} name
   * @returns {number} how many requests were waiting
   */
  release(name) {
    this.#released.add(name);
    const waiting = this.#waiting.get(name) ?? new Set();
    this.#waiting.delete(name);
    for (const letGo of waiting) letGo();
    return waiting.size;
  }

  /**
   * @param {string} name
   * @returns {{ waiting: number, released: boolean }} the requests waiting for `name`, and whether it is let go
   */
  describe(name) {
    return { waiting: this.#waiting.get(name)?.size ?? 0, released: this.#released.has(name) };
  }

  /** Answers every waiting request (the server stops). */
  releaseAll() {
    for (const name of [...this.#waiting.keys()]) this.release(name);
  }
}
