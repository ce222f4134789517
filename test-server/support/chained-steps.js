// A run whose steps go one after another, as `npm test`'s checks do (the typecheck, then the format
// check, then lint…): each step starts its child when the one before has ended. Stopped, it ends
// as scripts/run-tests.mjs does, its last word taking a moment (the run removes its folder there).
// test-server/run-stopped.test.js signals it while its first step runs.
import { startChild, stopChildrenOnSignals } from '../../scripts/child-processes.mjs';

stopChildrenOnSignals(() => new Promise((resolve) => setTimeout(resolve, 300)));

/** One step: a child that would run for a minute, unless stopped. */
const step = () =>
  new Promise((resolve) => {
    const child = startChild('node', ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    child.on('close', resolve);
    child.on('error', resolve);
  });

for (let steps = 0; steps < 5; steps++) await step();
