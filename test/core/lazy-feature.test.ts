/**
 * How the panel's sizeable optional features load: once, when the code that needs them asks,
 * shown by the render their load causes, and tried again after a failure, but not in a loop.
 */
import { expect } from '@open-wc/testing';
import { LazyFeature } from '../../src/core/lazy-feature.js';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('LazyFeature: a chunk loaded when the code that needs it asks', () => {
  it('says it is idle, then loading, then ready with its value; loads once and tells once', async () => {
    const load = deferred<{ name: string }>();
    let loads = 0;
    const settled: unknown[] = [];
    const feature = new LazyFeature(
      () => ((loads += 1), load.promise),
      (value) => settled.push(value),
    );
    expect([feature.status, feature.value]).to.deep.equal(['idle', null]);
    const first = feature.load();
    const second = feature.load();
    expect([feature.status, feature.value]).to.deep.equal(['loading', null]);
    load.resolve({ name: 'viewer' });
    expect(await first).to.deep.equal({ name: 'viewer' });
    expect(await second).to.deep.equal({ name: 'viewer' });
    expect([feature.status, feature.value]).to.deep.equal(['ready', { name: 'viewer' }]);
    expect(await feature.load()).to.deep.equal({ name: 'viewer' });
    expect(loads).to.equal(1);
    expect(settled).to.deep.equal([{ name: 'viewer' }]);
  });

  it('reading its status or value never starts a load', () => {
    let loads = 0;
    const feature = new LazyFeature(() => ((loads += 1), Promise.resolve(1)));
    void feature.status;
    void feature.value;
    expect(loads).to.equal(0);
  });

  it('after a failure, says so, and tries again only when asked once the retry delay passed', async () => {
    let attempt = 0;
    const settled: unknown[] = [];
    const feature = new LazyFeature(
      () => (++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('loaded')),
      (value) => settled.push(value),
      50,
    );
    expect(await feature.load()).to.equal(null);
    expect(feature.status).to.equal('failed');
    expect(settled).to.deep.equal([null]);
    // The render the failure causes asks again at once: no new attempt.
    expect(await feature.load()).to.equal(null);
    expect(attempt).to.equal(1);
    await new Promise((done) => setTimeout(done, 60));
    expect(await feature.load()).to.equal('loaded');
    expect(attempt).to.equal(2);
    expect(feature.status).to.equal('ready');
  });

  it('tries again at once when retried (a click), and once however often it is retried meanwhile', async () => {
    let attempt = 0;
    const second = deferred<string>();
    const feature = new LazyFeature(
      () => (++attempt === 1 ? Promise.reject(new Error('offline')) : second.promise),
      () => undefined,
      60000,
    );
    expect(await feature.load()).to.equal(null);
    expect(await feature.load()).to.equal(null);
    expect(attempt).to.equal(1);
    const retried = feature.retry();
    const again = feature.retry();
    expect([feature.status, attempt]).to.deep.equal(['loading', 2]);
    second.resolve('loaded');
    expect([await retried, await again]).to.deep.equal(['loaded', 'loaded']);
    expect(feature.status).to.equal('ready');
  });
});
