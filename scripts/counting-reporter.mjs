// A @web/test-runner reporter that counts passed and failed tests and writes the counts as JSON,
// so scripts/run-tests.mjs can print one plain closing line. A test file that fails to load or
// throws outside a test has no test results: it counts as one failure, never as zero tests.
// It also prints the slowest files, to keep the whole run within a few minutes.

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

/** @param {string | undefined} outFile */
export function countingReporter(outFile) {
  return {
    async onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, files: 0, brokenFiles: [] };
      for (const session of sessions) {
        totals.files += 1;
        const counts = countSuite(session.testResults);
        totals.passed += counts.passed;
        totals.failed += counts.failed;
        totals.skipped += counts.skipped;
        const brokenOutsideTests = (session.errors ?? []).length > 0 || session.status !== 'FINISHED';
        if (brokenOutsideTests || (!session.passed && counts.failed === 0)) {
          totals.failed += 1;
          totals.brokenFiles.push(session.testFile);
        }
      }
      const slowest = sessions
        .map((session) => ({ file: session.testFile, ms: suiteDuration(session.testResults) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6);
      console.log(
        `Slowest files: ${slowest.map(({ file, ms }) => `${file.replace(/^.*\/test\//, 'test/')} ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
      );
      if (outFile) {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(outFile, JSON.stringify(totals));
      }
    },
  };
}
