// A @web/test-runner reporter that counts passed and failed tests and writes the counts as JSON,
// so scripts/run-tests.mjs can print one plain closing line. A test file that fails to load or
// throws outside a test has no test results: it counts as one failure, never as zero tests.
// The counts are kept per engine too (Chromium, Firefox, WebKit), so the run names each one's.
// It also prints the slowest files and tests, to keep the whole run within a few minutes, and
// every failed test with its error once more at the end, where a log's tail shows it.
import { writeFileSync } from 'node:fs';

/** @param {any} suite */
function countSuite(suite) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const test of suite?.tests ?? []) {
    if (test.skipped) skipped += 1;
    else if (test.passed) passed += 1;
    else failed += 1;
  }
  for (const child of suite?.suites ?? []) {
    const counts = countSuite(child);
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  return { passed, failed, skipped };
}

/** Milliseconds the tests of a suite took, its children included. @param {any} suite */
function suiteDuration(suite) {
  let total = 0;
  for (const test of suite?.tests ?? []) total += test.duration ?? 0;
  for (const child of suite?.suites ?? []) total += suiteDuration(child);
  return total;
}

/** Every test of a suite with its duration, its children included. @param {any} suite */
function testsOf(suite) {
  const own = (suite?.tests ?? []).map((test) => ({ name: test.name, ms: test.duration ?? 0 }));
  return own.concat((suite?.suites ?? []).flatMap(testsOf));
}

/** Every failed test of a suite: its titles from the file down, and its error's message. @param {any} suite */
function failuresOf(suite, titles = []) {
  const path = suite?.name ? [...titles, suite.name] : titles;
  const own = (suite?.tests ?? [])
    .filter((test) => !test.skipped && !test.passed)
    .map((test) => ({ name: [...path, test.name].join(' › '), error: test.error?.message ?? '(no error message)' }));
  return own.concat((suite?.suites ?? []).flatMap((child) => failuresOf(child, path)));
}

/** The first lines of an error, indented under its test (also run-tests.mjs's, for node tests). @param {string} text */
export function excerpt(text) {
  const lines = String(text).split('\n').slice(0, 6);
  return lines.map((line) => `      ${line}`).join('\n');
}

/** The engine a session ran in: chromeLauncher without a custom puppeteer calls itself Chrome. */
function engineName(session) {
  const name = session.browser?.name ?? 'unknown';
  return name === 'Chrome' ? 'Chromium' : name;
}

/** @param {string | undefined} outFile */
export function countingReporter(outFile) {
  return {
    async onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, files: 0, brokenFiles: [], engines: {}, failures: [] };
      /** Every failed test, and every file that broke outside a test, each with its error. */
      const failures = [];
      for (const session of sessions) {
        totals.files += 1;
        const counts = countSuite(session.testResults);
        failures.push(...failuresOf(session.testResults).map((failure) => ({ ...failure, session })));
        const errors = session.errors ?? [];
        const brokenOutsideTests = errors.length > 0 || session.status !== 'FINISHED';
        if (brokenOutsideTests || (!session.passed && counts.failed === 0)) {
          counts.failed += 1;
          totals.brokenFiles.push(`${session.testFile} (${engineName(session)})`);
          const broke = errors.length ? errors.map((error) => error?.message ?? error) : [`ended ${session.status}`];
          failures.push(...broke.map((error) => ({ name: '(outside a test)', error, session })));
        }
        const engine = (totals.engines[engineName(session)] ??= { passed: 0, failed: 0, skipped: 0 });
        for (const key of ['passed', 'failed', 'skipped']) {
          totals[key] += counts[key];
          engine[key] += counts[key];
        }
      }
      for (const [name, counts] of Object.entries(totals.engines))
        console.log(
          `${name} browser tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
        );
      const byFile = sessions.map((session) => ({ file: session.testFile, ms: suiteDuration(session.testResults) }));
      // What the tests themselves took, against the run: the rest is starting browsers and loading files.
      const ownMs = byFile.reduce((sum, { ms }) => sum + ms, 0);
      console.log(`Tests' own time: ${(ownMs / 1000).toFixed(0)} s in ${sessions.length} files`);
      const slowest = byFile.sort((a, b) => b.ms - a.ms).slice(0, 6);
      console.log(
        `Slowest files: ${slowest.map(({ file, ms }) => `${file.replace(/^.*\/test\//, 'test/')} ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
      );
      const allTests = sessions
        .flatMap((session) => testsOf(session.testResults).map((test) => ({ ...test, file: session.testFile })))
        .sort((a, b) => b.ms - a.ms);
      // OCP_TEST_TIMES=<file>: every test's time, slowest first, to see where a group's time goes.
      if (process.env.OCP_TEST_TIMES)
        writeFileSync(
          `${process.env.OCP_TEST_TIMES}.${engineName(sessions[0] ?? {})}.json`,
          JSON.stringify(
            allTests.map(({ name, ms, file }) => ({ ms: Math.round(ms), name, file })),
            null,
            1,
          ),
        );
      const slowestTests = allTests.slice(0, 5);
      console.log(
        `Slowest tests: ${slowestTests.map(({ name, ms }) => `"${name}" ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      );
      for (const { name, error, session } of failures) {
        const where = `${session.testFile.replace(/^.*?\/(test(-dist)?\/)/, '$1')} (${engineName(session)})`;
        totals.failures.push(`${where}: ${name}\n${excerpt(error)}`);
      }
      if (failures.length) console.log(`\n✖ ${failures.length} failed:\n  ${totals.failures.join('\n  ')}`);
      // Written at once: the runner may exit as soon as this returns, and an asynchronous write
      // cut short left an empty file (the WebKit group, once its browsers closed faster).
      if (outFile) writeFileSync(outFile, JSON.stringify(totals));
    },
  };
}
