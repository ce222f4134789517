/**
 * The Web Audio tone (notify="sound"): made only after unlock() (a gesture in the panel), at most
 * one per 2 s for the page, and silent without throwing where Web Audio is missing or refuses.
 */
import { expect } from '@open-wc/testing';
import { Tone, toneSpacingMs } from '../../src/attention/tone.js';
import { FakeAudioContext, installAttentionFakes } from '../support/attention-fakes.js';

type Scope = { AudioContext?: unknown; webkitAudioContext?: unknown };

describe('Tone', () => {
  let restore: () => void;
  // Far from any tone another test played: the 2 s spacing is for the whole page.
  let now = performance.now() + 1e7;

  beforeEach(() => {
    restore = installAttentionFakes();
    now += 1e6;
  });

  afterEach(() => restore());

  it('makes no audio context and plays nothing before unlock()', () => {
    const tone = new Tone();
    expect(tone.play(now)).to.equal(false);
    expect(FakeAudioContext.created).to.equal(0);
  });

  it('plays two notes once unlocked, one audio context for every tone', () => {
    const tone = new Tone();
    tone.unlock();
    tone.unlock();
    expect(tone.play(now)).to.equal(true);
    expect(FakeAudioContext.created).to.equal(1);
    expect(FakeAudioContext.oscillators).to.equal(2);
  });

  it('plays at most one tone per 2 s, also across two panels of the page', () => {
    const first = new Tone();
    const second = new Tone();
    first.unlock();
    second.unlock();
    expect(first.play(now)).to.equal(true);
    expect(first.play(now + 500)).to.equal(false);
    expect(second.play(now + toneSpacingMs - 1)).to.equal(false);
    expect(second.play(now + toneSpacingMs)).to.equal(true);
    expect(FakeAudioContext.tones).to.equal(2);
  });

  it('stays silent without throwing where there is no Web Audio', () => {
    const scope = window as unknown as Scope;
    const { AudioContext, webkitAudioContext } = scope;
    delete scope.AudioContext;
    delete scope.webkitAudioContext;
    try {
      const tone = new Tone();
      expect(() => tone.unlock()).not.to.throw();
      expect(tone.play(now)).to.equal(false);
      expect(() => tone.close()).not.to.throw();
    } finally {
      scope.AudioContext = AudioContext;
      scope.webkitAudioContext = webkitAudioContext;
    }
  });

  it('stays silent without throwing when the browser refuses an audio context or a node', () => {
    const scope = window as unknown as Scope;
    scope.AudioContext = class {
      constructor() {
        throw new DOMException('Not allowed', 'NotAllowedError');
      }
    };
    const refused = new Tone();
    expect(() => refused.unlock()).not.to.throw();
    expect(refused.play(now)).to.equal(false);

    scope.AudioContext = class extends FakeAudioContext {
      override createOscillator(): ReturnType<FakeAudioContext['createOscillator']> {
        throw new Error('no output device');
      }
    };
    const broken = new Tone();
    broken.unlock();
    expect(broken.play(now)).to.equal(false);
  });

  it('plays nothing after close()', () => {
    const tone = new Tone();
    tone.unlock();
    tone.close();
    expect(tone.play(now)).to.equal(false);
  });
});
