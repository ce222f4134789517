/**
 * The requests received and not yet in the logs whole. A request is logged once its token has
 * been read, and its body is added once read, both asynchronous (and slow on a loaded machine):
 * a test that reads the log right after its page sent a request (then cancelled it, as a removed
 * panel does) would find it missing, and find it later as if it had come after; or find it
 * without its body. The logs are answered once every request received before is in them, whole.
 */
export class RequestArrivals {
  #received = 0;
  /** The numbers of the requests received and not yet in the logs whole. */
  #pending = new Set();
  /** @type {{ upTo: number, wake: () => void }[]} */
  #waiting = [];

  /** A request came in: `end()` once it is in the logs with its body (or failed before). */
  begin() {
    const number = ++this.#received;
    this.#pending.add(number);
    return {
      end: () => {
        if (!this.#pending.delete(number)) return;
        const waiting = this.#waiting;
        this.#waiting = [];
        for (const waiter of waiting) {
          if (this.#done(waiter.upTo)) waiter.wake();
          else this.#waiting.push(waiter);
        }
      },
    };
  }

  /**
   * Settles once every request received so far is in the logs whole; those that come in
   * meanwhile, on a server other pages keep busy, are not waited for.
   */
  logged() {
    const upTo = this.#received;
    if (this.#done(upTo)) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push({ upTo, wake: () => resolve(undefined) }));
  }

  /** @param {number} upTo */
  #done(upTo) {
    for (const number of this.#pending) if (number <= upTo) return false;
    return true;
  }
}
