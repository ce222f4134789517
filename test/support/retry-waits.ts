import { expect } from '@open-wc/testing';

/** Contract §5's backoff as the issue states it: a step of about 1 s, doubling to a 30 s cap. */
export const doublingSteps = [1000, 2000, 4000, 8000, 16_000, 30_000];

/**
 * One wait per failure in a row, each drawn under its step and no shorter than half of it (so no
 * wait falls back to the first steps), and none shorter than the service's `Retry-After`.
 */
export function expectDoublingWaits(waits: readonly number[], retryAfterMs: number, failures = 6): void {
  expect([...waits], 'one wait per failure').to.have.length(failures);
  waits.forEach((wait, index) => {
    const step = doublingSteps[Math.min(index, doublingSteps.length - 1)]; // the cap holds after
    expect(wait, `wait ${index + 1} of [${waits.join(', ')}] ms`).to.be.within(
      Math.max(step / 2, retryAfterMs),
      Math.max(step, retryAfterMs),
    );
  });
}
