/**
 * A short two-note chime made with Web Audio: nothing to fetch, nothing to host. Browsers start
 * audio only after a user gesture in the page, so the context is made in `unlock()`, which the
 * panel calls from the operator's first pointer or key press inside it. Where Web Audio is
 * missing or refuses, the panel stays silent and nothing throws.
 */

type AudioContextClass = typeof AudioContext;

/** At most one tone per 2 s, for the whole page: two panels must not chime twice. */
export const toneSpacingMs = 2000;
let lastToneAt = Number.NEGATIVE_INFINITY;

function audioContextClass(): AudioContextClass | null {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

export class Tone {
  #context: AudioContext | null = null;

  /** From a user gesture: makes the audio context, or wakes it. */
  unlock(): void {
    try {
      const Context = audioContextClass();
      if (!Context) return;
      this.#context ??= new Context();
      if (this.#context.state === 'suspended') quietly(() => this.#context?.resume());
    } catch {
      this.#context = null;
    }
  }

  /** Plays the chime unless one played less than 2 s ago or audio is not unlocked; says whether it did. */
  play(now = performance.now()): boolean {
    const context = this.#context;
    if (!context || context.state === 'closed' || now - lastToneAt < toneSpacingMs) return false;
    try {
      // A context the browser suspended (e.g. after a device change) may resume without a new gesture.
      if (context.state === 'suspended') quietly(() => context.resume());
      const start = context.currentTime + 0.01;
      // Two rising notes, each with a quick rise and an exponential fall: no click at either end.
      for (const [frequency, offset] of [
        [880, 0],
        [1320, 0.13],
      ]) {
        const at = start + offset;
        const gain = context.createGain();
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.12, at + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
        gain.connect(context.destination);
        const oscillator = context.createOscillator();
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(frequency, at);
        oscillator.connect(gain);
        oscillator.start(at);
        oscillator.stop(at + 0.26);
      }
      lastToneAt = now;
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    const context = this.#context;
    this.#context = null;
    if (context) quietly(() => context.close());
  }
}

/** Audio calls answer promises that may reject (or throw at once): neither concerns the panel. */
function quietly(call: () => Promise<unknown> | undefined): void {
  try {
    Promise.resolve(call()).catch(() => undefined);
  } catch {
    // Nothing to undo: the panel stays silent.
  }
}
