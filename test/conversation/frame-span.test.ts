import { expect } from '@open-wc/testing';
import { FrameSpan, type SpanClock } from '../../src/conversation/frame-span.js';

/** Time and frames moved by hand: a frame is rendered only when the test says so. */
function handClock() {
  let now = 0;
  const waiting = new Map<number, () => void>();
  let next = 1;
  const clock: SpanClock = {
    now: () => now,
    requestFrame: (callback) => {
      waiting.set(next, callback);
      return next++;
    },
    cancelFrame: (handle) => void waiting.delete(handle),
  };
  return {
    clock,
    wait: (ms: number) => void (now += ms),
    /** One frame, `ms` after the last: the callbacks asked for before it run. */
    frame: (ms = 16) => {
      now += ms;
      const due = [...waiting.values()];
      waiting.clear();
      for (const callback of due) callback();
    },
    framesAsked: () => waiting.size,
  };
}

const length = { ms: 1000, frames: 6, longestMs: 5000 };

describe('FrameSpan', () => {
  it('lasts its time, and then ends, on a page that renders its frames', () => {
    const hand = handClock();
    const span = new FrameSpan(length, null, hand.clock);
    span.start();
    for (let frame = 0; frame < 60; frame++) hand.frame(16);
    expect(span.active, 'at 960 ms').to.equal(true);
    hand.frame(50);
    expect(span.active, 'after a second').to.equal(false);
  });

  it('lasts past its time until its frames are rendered, on a page that renders none for seconds', () => {
    const hand = handClock();
    const span = new FrameSpan(length, null, hand.clock);
    span.start();
    hand.wait(1800); // the machine was busy: no frame since the key
    expect(span.active, 'no frame rendered yet').to.equal(true);
    for (let frame = 0; frame < 5; frame++) hand.frame(16);
    expect(span.active, 'five frames of six').to.equal(true);
    hand.frame(16);
    expect(span.active, 'six frames').to.equal(false);
    expect(hand.framesAsked(), 'no frame asked for once it is over').to.equal(0);
  });

  it('ends at its longest time on a page that renders no frame at all (hidden)', () => {
    const hand = handClock();
    const span = new FrameSpan(length, null, hand.clock);
    span.start();
    hand.wait(4990);
    expect(span.active).to.equal(true);
    hand.wait(20);
    expect(span.active).to.equal(false);
  });

  it('starts again from a later input, and ends at once when told', () => {
    const hand = handClock();
    const span = new FrameSpan(length, null, hand.clock);
    span.start();
    hand.frame(800);
    span.start();
    hand.frame(800);
    expect(span.active, '800 ms after the second start').to.equal(true);
    span.end();
    expect(span.active).to.equal(false);
    expect(hand.framesAsked()).to.equal(0);
  });

  it('does its work in each frame while it lasts, and in none after', () => {
    const hand = handClock();
    let done = 0;
    const span = new FrameSpan({ ms: 100, frames: 10, longestMs: 5000 }, () => done++, hand.clock);
    span.start();
    for (let frame = 0; frame < 20; frame++) hand.frame(5);
    // Frames 1 to 10 are within its frames; frames 11 to 19 within its 100 ms; frame 20 at 100 ms is not.
    expect(done).to.equal(19);
    expect(hand.framesAsked()).to.equal(0);
    span.start();
    span.end();
    hand.frame(5);
    expect(done).to.equal(19);
  });
});
