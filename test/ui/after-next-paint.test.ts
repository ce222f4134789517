/**
 * Work the operator does not wait for (acknowledging the queue, marking read, telling other tabs)
 * waits for the frame that paints what was just rendered; a page that hides, or a visible page
 * that draws no frames (a hidden cross-origin iframe), does not hold it for good.
 */
import { expect } from '@open-wc/testing';
import { afterNextPaint, framelessWaitMs } from '../../src/ui/after-next-paint.js';
import { FakeClock } from '../support/fake-clock.js';

/** A promise's state, read once the microtasks now queued have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return done;
}

describe('afterNextPaint', () => {
  const realFrame = window.requestAnimationFrame;
  let heldFrames: FrameRequestCallback[] = [];
  /** Frames held back, as a page that draws none; `drawFrame()` lets one through. */
  const holdFrames = () => {
    window.requestAnimationFrame = (callback) => heldFrames.push(callback);
  };
  const drawFrame = () => heldFrames.splice(0).forEach((callback) => callback(performance.now()));

  afterEach(() => {
    window.requestAnimationFrame = realFrame;
    heldFrames = [];
  });

  it('settles in the task after the next frame, not before it', async () => {
    holdFrames();
    const clock = new FakeClock();
    const painted = afterNextPaint(clock);
    await new Promise((resolve) => setTimeout(resolve));
    expect(await settled(painted), 'no frame yet').to.equal(false);
    drawFrame();
    expect(await settled(painted), 'in the frame itself').to.equal(false);
    await new Promise((resolve) => setTimeout(resolve));
    expect(await settled(painted), 'the task after the frame').to.equal(true);
    expect(clock.pending(), 'its frameless timer cleared').to.equal(0);
  });

  it('waits a busy machine’s slow frame: nothing settles before framelessWaitMs', async () => {
    holdFrames();
    const clock = new FakeClock();
    const painted = afterNextPaint(clock);
    clock.advance(framelessWaitMs - 1);
    expect(await settled(painted)).to.equal(false);
    drawFrame();
    await new Promise((resolve) => setTimeout(resolve));
    expect(await settled(painted)).to.equal(true);
  });

  it('settles after framelessWaitMs where the page draws no frame while visible', async () => {
    holdFrames();
    const clock = new FakeClock();
    const painted = afterNextPaint(clock);
    clock.advance(framelessWaitMs);
    expect(await settled(painted)).to.equal(true);
  });

  it('settles as soon as the page hides before its frame', async () => {
    holdFrames();
    const clock = new FakeClock();
    const painted = afterNextPaint(clock);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(painted)).to.equal(true);
    expect(clock.pending()).to.equal(0);
  });
});
