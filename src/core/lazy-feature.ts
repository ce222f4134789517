/**
 * A feature whose code is imported dynamically, a chunk of its own (contract §1: sizeable features
 * most sessions never use: the media viewer, the attachment preview, the quick-reply menu, the
 * languages, the floating launcher, attention, the shortcut sheet, the customer details, the
 * Story preview), or, for the conversation, a boundary the widget's build keeps in the panel
 * chunk (rollup.config.mjs). The code that needs it calls `load()` where the need arises (an event, a
 * setting that asks for it), never from a render; a render reads `status` and `value`. A load
 * that failed is tried again by the next `load()` after `retryMs`, so a render its failure
 * causes cannot start a loop; `retry()` tries at once, for an operator who asks.
 */
export type FeatureStatus = 'idle' | 'loading' | 'ready' | 'failed';

export class LazyFeature<T> {
  #status: FeatureStatus = 'idle';
  #value: T | null = null;
  #loading: Promise<T | null> | null = null;
  #failedAt = -Infinity;

  readonly #import: () => Promise<T>;
  readonly #settled: (value: T | null) => void;
  readonly #retryMs: number;

  /** `settled` runs when a load ends, loaded (with the feature) or failed (with null): the caller renders again. */
  constructor(load: () => Promise<T>, settled: (value: T | null) => void = () => undefined, retryMs = 5000) {
    this.#import = load;
    this.#settled = settled;
    this.#retryMs = retryMs;
  }

  get status(): FeatureStatus {
    return this.#status;
  }

  /** The feature once it is in; null before, and after a failed load. */
  get value(): T | null {
    return this.#value;
  }

  /**
   * Starts the load unless the feature is in or on its way (or failed less than `retryMs` ago);
   * resolves with the feature, or null when its load failed.
   */
  load(): Promise<T | null> {
    if (this.#status === 'ready') return Promise.resolve(this.#value);
    if (this.#loading) return this.#loading;
    if (this.#status === 'failed' && Date.now() - this.#failedAt < this.#retryMs) return Promise.resolve(null);
    this.#status = 'loading';
    this.#loading = this.#import().then(
      (value) => {
        this.#value = value;
        this.#status = 'ready';
        this.#loading = null;
        this.#settled(value);
        return value;
      },
      () => {
        this.#status = 'failed';
        this.#failedAt = Date.now();
        this.#loading = null;
        this.#settled(null);
        return null;
      },
    );
    return this.#loading;
  }

  /** `load()` without the wait after a failure: for a click, which cannot loop as a render can. */
  retry(): Promise<T | null> {
    this.#failedAt = -Infinity;
    return this.load();
  }
}
