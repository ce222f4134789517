/**
 * `npm test` stopped (Ctrl+C's SIGINT, or the SIGTERM of `timeout` and of CI's time limit) ends
 * everything it started within 5 seconds: the test runners, the browsers of every engine, Xvfb,
 * WebKitWebDriver and MiniBrowser, and the reference API they serve; and leaves nothing in the
 * temporary folder (the killed browsers' profiles). The runner script runs here on one browser
 * file whose test waits until it is stopped; every process it starts inherits a variable of this
 * test's own, by which /proc finds what is left, and a temporary folder of this test's own. A run's
 * steps that go one after another (its checks) end with the step under way: none starts after it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processesWithEnvironment } from '../scripts/child-processes.mjs';
import { engineMissing, engineSkipped } from '../scripts/engines.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const marker = 'OCP_STOP_TEST';

/** What a process is, by its command line: a browser, a driver, a display, a runner or a node process. */
function kind(pid) {
  let args;
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return 'gone';
  }
  const program = args[0].split('/').pop();
  if (program === 'node' && args.some((arg) => arg.endsWith('/wtr'))) return 'wtr';
  return program;
}

const runs = (engine) => !engineSkipped(engine) && !engineMissing(engine);

/** The kinds of process a run on one file starts: its runner and browsers, per engine that runs. */
const kindsStarted = (everyEngine) => [
  'wtr',
  'chromium',
  ...(everyEngine && runs('firefox') ? ['firefox-esr'] : []),
  ...(everyEngine && runs('webkit') ? ['Xvfb', 'WebKitWebDriver', 'MiniBrowser'] : []),
];

const kindsOf = (pids) => new Set(pids.map(kind));
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * The processes of a run still there 5 s after it was signalled (`ofTheRun` finds them), each
 * named (before it is ended here, not to leave it to the next test).
 * @param {() => number[]} ofTheRun
 * @param {number} signalled when the signal went (performance.now())
 */
async function leftAfterStop(ofTheRun, signalled) {
  let left = ofTheRun();
  while (left.length > 0 && performance.now() - signalled < 5000) {
    await nextTurn();
    left = ofTheRun();
  }
  const named = left.map((pid) => `${pid} ${kind(pid)}`);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return named;
}

/**
 * Starts the runner on the waiting file, waits until all its kinds of process are up, and signals
 * it. `everyEngine`: in Firefox and WebKit too, or in Chromium alone.
 */
async function stoppedRun(signal, everyEngine) {
  const id = randomUUID();
  const expectedKinds = kindsStarted(everyEngine);
  const temporary = mkdtempSync(join(tmpdir(), 'ocp-stopped-'));
  const run = spawn('node', ['scripts/run-tests.mjs', '--files', 'test/support/waits-until-stopped.ts'], {
    cwd: root,
    env: {
      ...process.env,
      [marker]: id,
      TMPDIR: temporary,
      ...(everyEngine ? {} : { OCP_SKIP_ENGINES: 'firefox,webkit' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  run.stdout.on('data', (chunk) => (output += chunk));
  run.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => run.on('exit', (code, signalName) => resolve(code ?? signalName)));
  const ofTheRun = () => processesWithEnvironment(marker, id);
  // Every engine's browser up: started on a loaded machine, that can take a while.
  for (const deadline = performance.now() + 120_000; ; await nextTurn()) {
    const missing = expectedKinds.filter((wanted) => !kindsOf(ofTheRun()).has(wanted));
    if (missing.length === 0) break;
    if (performance.now() > deadline) {
      run.kill('SIGKILL');
      throw new Error(`the run never started ${missing.join(', ')}:\n${output}`);
    }
  }
  const started = ofTheRun().length;
  run.kill(signal);
  const signalled = performance.now();
  const code = await exited;
  const left = await leftAfterStop(ofTheRun, signalled);
  const files = readdirSync(temporary, { recursive: true });
  rmSync(temporary, { recursive: true, force: true, maxRetries: 5 });
  return { expectedKinds, started, code, left, files, output };
}

test(
  'a stopped npm test leaves no process and no temporary file of its own behind, for SIGINT and for SIGTERM',
  { timeout: 300_000 },
  async () => {
    // Whichever signal stops the runner, it ends its children's groups the same way (SIGINT, then
    // SIGKILL: scripts/child-processes.mjs): each engine's browsers are shown to end once, at
    // Ctrl+C's SIGINT, and SIGTERM's run (its exit code, its last word, its runner and Chromium)
    // spares the machine two more browsers' starts.
    const [interrupted, terminated] = await Promise.all([stoppedRun('SIGINT', true), stoppedRun('SIGTERM', false)]);
    for (const [signal, run, code] of [
      ['SIGINT', interrupted, 130],
      ['SIGTERM', terminated, 143],
    ]) {
      assert.ok(run.started >= run.expectedKinds.length, `${signal}: the run had started its processes`);
      assert.deepEqual(run.left, [], `${signal}: processes left 5 s after the signal\n${run.output}`);
      assert.deepEqual(run.files, [], `${signal}: left in the temporary folder\n${run.output}`);
      assert.equal(run.code, code, `${signal}: the runner's exit code`);
      assert.match(run.output, new RegExp(`Stopped by ${signal}`));
    }
  },
);

test('a stopped run starts no step after the one the stop ended', { timeout: 60_000 }, async () => {
  // The checks of `npm test` run one after another: the stop ends the step under way, whose end
  // would start the next one, after the stop had ended every child it knew of.
  const id = randomUUID();
  const run = spawn('node', ['test-server/support/chained-steps.js'], {
    cwd: root,
    env: { ...process.env, [marker]: id },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => run.on('exit', (code, signalName) => resolve(code ?? signalName)));
  const ofTheRun = () => processesWithEnvironment(marker, id);
  for (const deadline = performance.now() + 30_000; ofTheRun().length < 2; await nextTurn())
    assert.ok(performance.now() < deadline, 'the first step never started');
  run.kill('SIGTERM');
  const signalled = performance.now();
  assert.equal(await exited, 143, "the runner's exit code");
  assert.deepEqual(await leftAfterStop(ofTheRun, signalled), [], 'processes left 5 s after the signal');
});
