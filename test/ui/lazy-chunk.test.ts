/**
 * How the panel's optional chunks (banners, the floating launcher) load: once, on first ask,
 * shown by the render their load causes, and tried again after a failure, but not in a loop.
 */
import { expect } from '@open-wc/testing';
import { LazyChunk } from '../../src/ui/lazy-chunk.js';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('LazyChunk: a chunk loaded when first asked for', () => {
  it('answers null until the chunk is in, loads it once, then answers it and says so once', async () => {
    const load = deferred<{ name: string }>();
    let loads = 0;
    const settled: unknown[] = [];
    const chunk = new LazyChunk(
      () => ((loads += 1), load.promise),
      (value) => settled.push(value),
    );

    expect(chunk.get()).to.equal(null);
    expect(chunk.get()).to.equal(null);
    load.resolve({ name: 'banners' });
    await chunk.whenSettled();

    expect(chunk.get()).to.deep.equal({ name: 'banners' });
    expect(loads).to.equal(1);
    expect(settled).to.deep.equal([{ name: 'banners' }]);
    expect(chunk.failed).to.equal(false);
  });

  it('after a failure, says so, and tries again only when asked once the retry delay passed', async () => {
    let attempt = 0;
    const settled: unknown[] = [];
    const chunk = new LazyChunk(
      () => (++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('loaded')),
      (value) => settled.push(value),
      50,
    );

    chunk.get();
    await chunk.whenSettled().catch(() => undefined);
    await Promise.resolve();
    expect(chunk.failed).to.equal(true);
    expect(settled).to.deep.equal([null]);
    // The render the failure causes asks again at once: no new attempt.
    expect(chunk.get()).to.equal(null);
    expect(attempt).to.equal(1);

    await new Promise((done) => setTimeout(done, 60));
    chunk.get();
    await chunk.whenSettled();
    expect(attempt).to.equal(2);
    expect(chunk.get()).to.equal('loaded');
    expect(chunk.failed).to.equal(false);
  });

  it('says whether the chunk is in without asking for it', async () => {
    let loads = 0;
    const chunk = new LazyChunk(
      () => ((loads += 1), Promise.resolve('menu')),
      () => undefined,
    );
    expect(chunk.loaded).to.equal(null);
    expect(loads).to.equal(0);
    chunk.get();
    await chunk.whenSettled();
    expect(chunk.loaded).to.equal('menu');
    expect(loads).to.equal(1);
  });

  it('whenSettled resolves at once when nothing is loading', async () => {
    const chunk = new LazyChunk(
      () => new Promise<string>(() => undefined),
      () => undefined,
    );
    let settled = false;
    await chunk.whenSettled().then(() => (settled = true));
    expect(settled).to.equal(true);
  });
});
