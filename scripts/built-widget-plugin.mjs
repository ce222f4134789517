// A @web/test-runner plugin with one server command, `built-widget`: whether the built widget
// (dist/operator-chat-panel/) is there to load. In `npm test` the browser groups start at once,
// before the build, and the built script's tests (test-dist/) run last in each engine's group, in
// the browser that ran the group's other files (a browser of their own cost about 10 s of CPU per
// run): scripts/run-tests.mjs names a file in OCP_BUILD_RESULT and writes the build's result into
// it, `passed` or `failed`, when the build ends. Run any other way (`npm run build` first), nothing
// names one and the command answers `not awaited` at once.
import { readFile } from 'node:fs/promises';

/** How often the result file is read while the build goes on (the build takes tens of seconds). */
const readEveryMs = 250;
/**
 * The longest a command waits before it answers `building`: the browser gives up on a command
 * after 20 s, so the page asks again until the build has ended.
 */
const answerWithinMs = 10_000;

/** @returns {Promise<'passed' | 'failed' | 'building' | 'not awaited'>} */
async function buildResult() {
  const resultFile = process.env.OCP_BUILD_RESULT;
  if (!resultFile) return 'not awaited';
  const asked = performance.now();
  for (;;) {
    const result = (await readFile(resultFile, 'utf8').catch(() => '')).trim();
    if (result === 'passed' || result === 'failed') return result;
    if (performance.now() - asked >= answerWithinMs) return 'building';
    await new Promise((resolve) => setTimeout(resolve, readEveryMs));
  }
}

export function builtWidgetPlugin() {
  return {
    name: 'built-widget-command',
    /** @param {{ command: string }} context */
    async executeCommand({ command }) {
      if (command !== 'built-widget') return undefined;
      return await buildResult();
    },
  };
}
