// The steps scripts/run-tests.mjs runs (a check, a node:test folder, a @web/test-runner run), each
// adding its counts to one tally, and the plain closing line `N passed, N failed, N skipped` that
// CI reads. Every step's process runs in a process group of its own (scripts/child-processes.mjs).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './child-processes.mjs';
import { excerpt } from './counting-reporter.mjs';
import { engineMissing, engineSkipped, engines } from './engines.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
/** A local binary, started without npx (a second node process per step). */
export const bin = (name) => `${root}node_modules/.bin/${name}`;

/**
 * This run's own folder, as runs may go on side by side (one inside another's tests): its reports,
 * and the temporary folder of every process it starts (TMPDIR): the browsers' profiles, Chromium's
 * singleton sockets, the tests' own files. A browser killed at a stop cannot remove its profile
 * (a few MB each); removing this folder removes it.
 */
const tmp = await mkdtemp(join(tmpdir(), 'ocp-test-'));
process.env.TMPDIR = tmp; // inherited by every process the run starts, whichever way it starts it
/** A path in this run's own folder, removed when the run ends or is stopped. */
export const inRunFolder = (name) => join(tmp, name);
/** Removes this run's folder, once its processes have ended (a dying one may still write there). */
export const removeRunFolder = () => rm(tmp, { recursive: true, force: true, maxRetries: 5 });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The browser tests' counts per engine, each named in the closing report. */
const engineTotals = {};
/** Every failed test or check, named once more just before the closing line. */
const failures = [];

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * Runs a command; resolves with its exit code. Its output is inherited, or with `output` (an
 * array) collected there, to be printed whole once it ends.
 */
function run(command, args, env = {}, output = null) {
  return new Promise((resolveRun) => {
    const child = startChild(command, args, {
      stdio: output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolveRun(signal ? 1 : (code ?? 1)));
    child.on('error', () => resolveRun(1));
  });
}

/**
 * A step that is one check (typecheck, build): one pass or one failure. `aside`: it runs beside
 * another, so its output is printed whole when it ends. Resolves with whether it passed.
 */
export async function step(name, command, args, aside = false) {
  const started = performance.now();
  const output = aside ? [`\n▶ ${name}\n`] : null;
  if (!aside) console.log(`\n▶ ${name}`);
  const code = await run(command, args, {}, output);
  if (output) process.stdout.write(output.join(''));
  console.log(`  (${name}: ${seconds(started)})`);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${name} (exit ${code})`);
    console.log(`✖ ${name} failed (exit ${code})`);
  }
  return code === 0;
}

/**
 * A failed node:test's error, from its TAP block: `error: 'one line'`, or `error: |-` followed by
 * lines indented deeper.
 */
function tapError(details) {
  const lines = details.split('\n');
  const at = lines.findIndex((line) => /^\s*error: /.test(line));
  if (at < 0) return '(no error message)';
  const [, indent, value] = lines[at].match(/^(\s*)error: (.*)$/);
  if (value !== '|-' && value !== '|') return value.replace(/^'|'$/g, '');
  const message = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() !== '' && !line.startsWith(`${indent}  `)) break;
    message.push(line.trim());
  }
  return message.join('\n');
}

/**
 * node:test over files or folders; its spec report is printed once it ends (it runs beside other
 * steps). `args`: node's own, before the files; `env`: added to the tests' environment.
 */
export async function nodeTests(title, paths, { args = [], env = {} } = {}) {
  const name = paths.join(' ').replace(/\W+/g, '-');
  const tap = inRunFolder(`${name}.tap`);
  const spec = inRunFolder(`${name}.spec.txt`);
  const started = performance.now();
  const code = await run(
    'node',
    [
      '--test',
      ...args,
      '--test-reporter=spec',
      `--test-reporter-destination=${spec}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...paths,
    ],
    env,
  );
  console.log(`\n▶ ${title} (${seconds(started)}, beside other steps)`);
  console.log(await readFile(spec, 'utf8').catch(() => '(no report)'));
  const text = await readFile(tap, 'utf8').catch(() => '');
  const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const failed = count('fail') + count('cancelled');
  totals.passed += count('pass');
  totals.failed += failed;
  totals.skipped += count('skipped') + count('todo');
  // Failed tests, not the suites around them (whose failure is only that of their tests), each
  // with where it failed and the first lines of its error, as CI shows only the log's tail.
  for (const [, testName, details] of text.matchAll(/^\s*not ok \d+ - (.*)\n\s*---\n([\s\S]*?)\n\s*\.\.\.$/gm)) {
    if (/failureType: 'subtestsFailed'/.test(details)) continue;
    const location = details.match(/location: '(.*)'/)?.[1]?.replace(/^.*\/(test[\w-]*\/)/, '$1') ?? title;
    failures.push(`${location}: ${testName}\n${excerpt(tapError(details))}`);
  }
  if (code !== 0 && failed === 0) {
    totals.failed += 1; // the runner itself broke
    failures.push(`${title}: the runner exited ${code} with no failed test`);
  }
}

/**
 * One @web/test-runner run (`args`: `--files ...` or `--group ...`, `env`: OCP_ENGINE...); its
 * report is printed whole when it ends, unless `stream` (a run a developer watches).
 */
export async function browserTests(title, args, countsName, { env = {}, stream = false } = {}) {
  const started = performance.now();
  const output = stream ? null : [`\n▶ ${title}\n`];
  if (stream) console.log(`\n▶ ${title}`);
  const countsFile = inRunFolder(countsName);
  const code = await run(
    bin('wtr'),
    ['--config', 'web-test-runner.config.mjs', ...args],
    { OCP_WTR_COUNTS: countsFile, ...env },
    output,
  );
  if (output) process.stdout.write(output.join(''));
  console.log(`  (${title}: ${seconds(started)})`);
  // None, or cut short (an empty file): either way a failure named below, never a crash.
  const counts = await readFile(countsFile, 'utf8')
    .then((text) => JSON.parse(text))
    .catch(() => null);
  if (!counts) {
    totals.failed += 1;
    failures.push(`${title}: no results`);
    console.log(`✖ ${title}: the browser test run produced no results`);
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  failures.push(...(counts.failures ?? []));
  for (const [engine, engineCounts] of Object.entries(counts.engines)) {
    const sum = (engineTotals[engine] ??= { passed: 0, failed: 0, skipped: 0 });
    for (const key of Object.keys(sum)) sum[key] += engineCounts[key];
  }
  if (counts.brokenFiles.length) console.log(`✖ files that broke outside a test: ${counts.brokenFiles.join(', ')}`);
  if (code !== 0 && counts.failed === 0) {
    totals.failed += 1;
    failures.push(`${title}: the runner exited ${code} with no failed test`);
  }
}

/**
 * Whether Firefox or WebKit can run here. A browser missing on the machine fails the run (with
 * the apt-get line that installs it), unless OCP_SKIP_ENGINES names it on purpose.
 * @param {'firefox' | 'webkit'} engine
 */
export function engineAvailable(engine) {
  const { name } = engines[engine];
  if (engineSkipped(engine)) {
    console.log(`\n▶ ${name}: left out on purpose (OCP_SKIP_ENGINES=${process.env.OCP_SKIP_ENGINES})`);
    return false;
  }
  const missing = engineMissing(engine);
  if (!missing) return true;
  totals.failed += 1;
  failures.push(`${name} browser tests cannot run: ${missing}`);
  (engineTotals[name] ??= { passed: 0, failed: 0, skipped: 0 }).failed += 1;
  console.log(`\n✖ ${name} browser tests cannot run: ${missing}`);
  return false;
}

/** The closing report: every failure named again, each engine's counts, then the line CI reads. */
export function closingReport(started) {
  console.log('');
  // Named again here, where the tail of a long log (CI's) shows them.
  if (failures.length) console.log(`✖ What failed:\n  ${failures.join('\n  ')}\n`);
  for (const [engine, counts] of Object.entries(engineTotals))
    console.log(`${engine} browser tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  console.log(`\nAll in ${seconds(started)}.`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return totals.failed > 0 ? 1 : 0;
}
