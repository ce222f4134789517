/**
 * A chunk of the panel loaded the first time it is asked for. Until it is in, `get()` answers
 * null and the caller renders without it. A load that failed is tried again when asked after
 * `retryMs`, not at once: the render its failure causes must not start the next attempt.
 */
export class LazyChunk<T> {
  #value: T | null = null;
  #loading: Promise<void> | null = null;
  #failedAt = -Infinity;
  /** The last load failed (the network is gone, or the chunk is). */
  failed = false;

  readonly #load: () => Promise<T>;
  readonly #settled: (value: T | null) => void;
  readonly #retryMs: number;

  /** `settled` runs when a load ends, loaded or failed: the caller renders again. */
  constructor(load: () => Promise<T>, settled: (value: T | null) => void, retryMs = 5000) {
    this.#load = load;
    this.#settled = settled;
    this.#retryMs = retryMs;
  }

  get(): T | null {
    if (!this.#loading && Date.now() - this.#failedAt >= this.#retryMs) {
      this.#loading = this.#load().then(
        (value) => {
          this.#value = value;
          this.failed = false;
          this.#settled(value);
        },
        () => {
          this.#loading = null;
          this.failed = true;
          this.#failedAt = Date.now();
          this.#settled(null);
        },
      );
    }
    return this.#value;
  }

  /** The chunk if it is in, without asking for it. */
  get loaded(): T | null {
    return this.#value;
  }

  /** Resolves when the load under way ends, loaded or not (at once when none is). */
  whenSettled(): Promise<void> {
    return this.#value === null && this.#loading ? this.#loading : Promise.resolve();
  }
}
