// A @web/test-runner reporter that counts passed and failed tests and writes the counts as JSON,
// so scripts/run-tests.mjs can print one plain closing line. A test file that fails to load or
// throws outside a test has no test results: it counts as one failure, never as zero tests.
// The counts are kept per engine too (Chromium, Firefox, WebKit), so the run names each one's.
// It also prints the slowest files and tests, to keep the whole run within a few minutes.

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

/** The engine a session ran in: chromeLauncher without a custom puppeteer calls itself Chrome. */
function engineName(session) {
  const name = session.browser?.name ?? 'unknown';
  return name === 'Chrome' ? 'Chromium' : name;
}

/** @param {string | undefined} outFile */
export function countingReporter(outFile) {
  return {
    async onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, files: 0, brokenFiles: [], engines: {} };
      for (const session of sessions) {
        totals.files += 1;
        const counts = countSuite(session.testResults);
        const brokenOutsideTests = (session.errors ?? []).length > 0 || session.status !== 'FINISHED';
        if (brokenOutsideTests || (!session.passed && counts.failed === 0)) {
          counts.failed += 1;
          totals.brokenFiles.push(`${session.testFile} (${engineName(session)})`);
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
      const slowest = sessions
        .map((session) => ({ file: session.testFile, ms: suiteDuration(session.testResults) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6);
      console.log(
        `Slowest files: ${slowest.map(({ file, ms }) => `${file.replace(/^.*\/test\//, 'test/')} ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
      );
      const slowestTests = sessions
        .flatMap((session) => testsOf(session.testResults))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5);
      console.log(
        `Slowest tests: ${slowestTests.map(({ name, ms }) => `"${name}" ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      );
      if (outFile) {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(outFile, JSON.stringify(totals));
      }
    },
  };
}
