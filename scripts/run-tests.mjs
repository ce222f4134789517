// `npm test`: every check of the project, then one plain closing line `N passed, N failed,
// N skipped` that CI reads. Exits non-zero when anything failed. Once the widget is built, every
// group runs beside the others, each report printed whole when it ends except the Chromium
// browser tests', which stream: the typecheck, format, lint and package checks, the reference
// API's tests, the built widget in host pages, WebKit's and then Firefox's cross-engine group,
// and the Chromium tests followed by the hidden-page group. Each engine's count is named before
// the closing line.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { findChromium } from './find-chromium.mjs';
import { engineMissing, engineSkipped, engines } from './engines.mjs';
import { excerpt } from './counting-reporter.mjs';

const tmp = new URL('../.tmp-test/', import.meta.url);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The browser tests' counts per engine, each named in the closing report. */
const engineTotals = {};
/** Every failed test or check, named once more just before the closing line. */
const failures = [];

/**
 * Runs a command; resolves with its exit code. Its output is inherited, or with `output` (an
 * array) collected there, to be printed whole once it ends. Says how long it took.
 */
function run(command, args, env = {}, timed = true, output = null) {
  const started = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const done = (code) => {
      const took = `  (${((Date.now() - started) / 1000).toFixed(0)} s)\n`;
      if (timed && output) output.push(took);
      else if (timed) process.stdout.write(took);
      resolveRun(code);
    };
    child.on('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
    child.on('error', () => done(1));
  });
}

/**
 * A step that is one check (typecheck, build): one pass or one failure. `aside`: it runs beside
 * another, so its output is printed whole when it ends.
 */
async function step(name, command, args, aside = false) {
  const output = aside ? [`\n▶ ${name}\n`] : null;
  if (!aside) console.log(`\n▶ ${name}`);
  const code = await run(command, args, {}, true, output);
  if (output) process.stdout.write(output.join(''));
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${name} (exit ${code})`);
    console.log(`✖ ${name} failed (exit ${code})`);
  }
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

/** node:test over a folder; `aside`: it runs beside other checks, its spec report printed once it ends. */
async function nodeTests(title, directory, extraArgs = [], aside = false) {
  if (!aside) console.log(`\n▶ ${title}`);
  const tap = new URL(`${directory.replace(/\W/g, '')}.tap`, tmp).pathname;
  const spec = new URL(`${directory.replace(/\W/g, '')}.spec.txt`, tmp).pathname;
  const started = Date.now();
  const code = await run(
    'node',
    [
      '--test',
      ...extraArgs,
      '--test-reporter=spec',
      `--test-reporter-destination=${aside ? spec : 'stdout'}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      directory,
    ],
    {},
    !aside,
  );
  if (aside) {
    console.log(`\n▶ ${title} (ran beside other checks, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    console.log(await readFile(spec, 'utf8').catch(() => '(no report)'));
  }
  const text = await readFile(tap, 'utf8').catch(() => '');
  const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += count('skipped') + count('todo');
  // Failed tests, not the suites around them (whose failure is only that of their tests), each
  // with where it failed and the first lines of its error, as CI shows only the log's tail.
  for (const [, name, details] of text.matchAll(/^\s*not ok \d+ - (.*)\n\s*---\n([\s\S]*?)\n\s*\.\.\.$/gm)) {
    if (/failureType: 'subtestsFailed'/.test(details)) continue;
    const location = details.match(/location: '(.*)'/)?.[1]?.replace(/^.*\/(test[\w-]*\/)/, '$1') ?? directory;
    failures.push(`${location}: ${name}\n${excerpt(tapError(details))}`);
  }
  if (code !== 0 && failed === 0) {
    totals.failed += 1; // the runner itself broke
    failures.push(`${title}: the runner exited ${code} with no failed test`);
  }
}

/**
 * One @web/test-runner run; `aside`: its report is printed whole when it ends. The hidden-page
 * group has a browser of its own, which keeps background throttling and minimizes its window.
 */
async function browserTests(title, args, countsName, aside = false) {
  const output = aside ? [`\n▶ ${title}\n`] : null;
  if (!aside) console.log(`\n▶ ${title}`);
  const countsFile = new URL(countsName, tmp).pathname;
  const code = await run(
    'npx',
    ['wtr', '--config', 'web-test-runner.config.mjs', ...args],
    { OCP_WTR_COUNTS: countsFile },
    true,
    output,
  );
  if (output) process.stdout.write(output.join(''));
  const counts = JSON.parse(await readFile(countsFile, 'utf8').catch(() => 'null'));
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
 * The cross-engine group in Firefox or WebKit. A browser missing on the machine fails the run
 * (with the apt-get line that installs it), unless OCP_SKIP_ENGINES names it on purpose.
 */
async function engineTests(engine) {
  const { name } = engines[engine];
  if (engineSkipped(engine)) {
    console.log(`\n▶ ${name}: left out on purpose (OCP_SKIP_ENGINES=${process.env.OCP_SKIP_ENGINES})`);
    return;
  }
  const missing = engineMissing(engine);
  if (missing) {
    totals.failed += 1;
    failures.push(`${name} browser tests cannot run: ${missing}`);
    (engineTotals[name] ??= { passed: 0, failed: 0, skipped: 0 }).failed += 1;
    console.log(`\n✖ ${name} browser tests cannot run: ${missing}`);
    return;
  }
  await browserTests(`${name} browser tests (the cross-engine group)`, ['--group', engine], `wtr-${engine}.json`, true);
}

await rm(tmp, { recursive: true, force: true });
await mkdir(tmp, { recursive: true });
findChromium();
// The suite is bound by the two cores, not by waiting: everything that can run starts as soon as
// what it needs is there, so no core idles while a group waits on timers or WebDriver.
const built = step('build (rollup)', 'npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], true);
const checks = (async () => {
  await step('typecheck (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], true);
  await step('format (prettier --check)', 'npx', ['prettier', '--check', '.'], true);
  await step('lint (eslint)', 'npx', ['eslint', '.'], true);
  await step('package build (dist/lib, custom-elements.json)', 'npm', ['run', '--silent', 'build:package'], true);
  await built; // the package holds the built widget too
  await nodeTests('package, manifest and README tests (node:test)', 'test-package/', [], true);
})();
// Everything below serves or loads the built widget (test-dist/, test-hosts/, dist-locales).
await built;
const referenceApi = nodeTests('reference chat API tests (node:test)', 'test-server/', [], true);
// The built widget in real pages: faults, reload, hostile data and hosts.
const hostPages = nodeTests(
  'built widget in host pages (node:test + Chromium)',
  'test-hosts/',
  ['--test-concurrency=1'],
  true,
);
// WebKit's cross-engine group spends its time on WebDriver's round trips, not on the cores; then
// Firefox's, beside the rest of the Chromium tests.
const otherEngines = (async () => {
  await engineTests('webkit');
  await engineTests('firefox');
})();
await browserTests(
  'browser tests (@web/test-runner, headless Chromium)',
  ['--files', 'test/**/*.test.ts', '!test/hidden-page/**', 'test-dist/**/*.test.ts'],
  'wtr.json',
);
// The hidden-page group in a browser of its own, after the main group: mostly waiting on
// throttled timers, it needs little of the cores.
await browserTests('hidden-page browser tests (their own Chromium)', ['--group', 'hidden-page'], 'wtr-hidden.json');
await Promise.all([checks, referenceApi, hostPages, otherEngines]);
await rm(tmp, { recursive: true, force: true });

console.log('');
// Named again here, where the tail of a long log (CI's) shows them.
if (failures.length) console.log(`✖ What failed:\n  ${failures.join('\n  ')}\n`);
for (const [engine, counts] of Object.entries(engineTotals))
  console.log(`${engine} browser tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
