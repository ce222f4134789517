// `npm test`: every check of the project, then one plain closing line `N passed, N failed,
// N skipped` that CI reads; exits non-zero when anything failed. Stopped (Ctrl+C, `timeout`, CI's
// limit), it ends everything it started within seconds (scripts/child-processes.mjs).
//
//   node scripts/run-tests.mjs                  the whole suite
//   node scripts/run-tests.mjs --quick          typecheck and the DOM-free unit tests (`npm run test:quick`)
//   node scripts/run-tests.mjs --quick FILE...  typecheck and these browser test files, in Chromium
//   node scripts/run-tests.mjs --files FILE...  these browser test files in Chromium, Firefox and WebKit
//
// The whole suite is bound by the cores, not by waiting: every group starts as soon as what it
// needs is there, so no core idles while a group waits on timers, the reference API or WebDriver.
// The browser groups need only the sources and start at once, the slowest (WebKit's) first; what
// serves or loads the built widget (test-hosts/, the built locales) waits for the build, and the
// built script's own tests (test-dist/), last in each engine's group, wait for it there.
import { writeFile } from 'node:fs/promises';
import { findChromium } from './find-chromium.mjs';
import { killStragglers, stopChildrenOnSignals, unlessStopped } from './child-processes.mjs';
import { sharedChromiumVariable, startSharedChromium } from './shared-chromium.mjs';
import {
  bin,
  browserTests,
  closingReport,
  engineAvailable,
  inRunFolder,
  nodeTests,
  removeRunFolder,
  step,
} from './test-steps.mjs';

/** The DOM-free unit tests: the core (wire, session, store, reducers, selectors, live), i18n's plural rules and language data. */
const unitFiles = [
  'test/core/**/*.test.ts',
  '!test/core/live/follower-offline.test.ts',
  'test/i18n/plural.test.ts',
  'test/i18n/locale-data.test.ts',
];

const started = performance.now();
stopChildrenOnSignals(async (signal) => {
  await removeRunFolder();
  console.log(`\n✖ Stopped by ${signal}: every process of the run ended.`);
});
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const files = args.filter((arg) => !arg.startsWith('--'));

findChromium();

const typecheck = () => step('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], true);

if (quick) {
  // The inner loop: the typecheck beside the tests, whose report streams.
  const checked = typecheck();
  await browserTests(
    files.length ? 'browser tests (Chromium)' : 'DOM-free unit tests (Chromium)',
    ['--files', ...(files.length ? files : unitFiles)],
    'wtr-quick.json',
    { stream: true },
  );
  await checked;
} else if (args.includes('--files')) {
  await Promise.all([
    browserTests('browser tests (Chromium)', ['--files', ...files], 'wtr-chromium.json'),
    ...['webkit', 'firefox'].filter(engineAvailable).map((engine) =>
      browserTests(`browser tests (${engine})`, ['--files', ...files], `wtr-${engine}.json`, {
        env: { OCP_ENGINE: engine },
      }),
    ),
  ]);
} else {
  // Where the build's result is written when it ends: the built script's tests wait for it
  // (scripts/built-widget-plugin.mjs).
  const buildResult = { OCP_BUILD_RESULT: inRunFolder('build-result') };
  // WebKit's group is the longest (software drawing, WebDriver's round trips): it starts first.
  const engineGroups = ['webkit', 'firefox'].filter(engineAvailable).map((engine) =>
    browserTests(`${engine} browser tests (the cross-engine group)`, ['--group', engine], `wtr-${engine}.json`, {
      env: buildResult,
    }),
  );
  // The runner's default group is the config's own list of files: every file but the hidden
  // page's, the built script's last.
  const chromium = browserTests('browser tests (headless Chromium)', ['--group', 'default'], 'wtr.json', {
    env: buildResult,
  });
  // Real time in a real hidden page (the browser's throttling is what these test), beside the rest.
  const hidden = browserTests(
    'hidden-page browser tests (their own Chromium)',
    ['--group', 'hidden-page'],
    'wtr-hidden.json',
  );
  const built = step('build (rollup)', bin('rollup'), ['-c', 'rollup.config.mjs', '--silent'], true).then((passed) =>
    // Never a rejection: a stopped run removes its folder while its steps end.
    writeFile(buildResult.OCP_BUILD_RESULT, passed ? 'passed' : 'failed').catch((error) =>
      console.log(`\n(the built script's tests were not told the build's result: ${error.message})`),
    ),
  );
  const checks = (async () => {
    await typecheck();
    await step('format (prettier --check)', bin('prettier'), ['--check', '.'], true);
    await step('lint (eslint)', bin('eslint'), ['.'], true);
    // The layers of docs/architecture.md and no import cycles, as `npm run lint` checks them.
    await step(
      'layers and cycles (dependency-cruiser)',
      bin('depcruise'),
      ['src', '--config', '.dependency-cruiser.cjs'],
      true,
    );
    await step('package build (dist/lib, custom-elements.json)', 'npm', ['run', '--silent', 'build:package'], true);
    await built; // the package holds the built widget too
    await nodeTests('package, manifest and README tests (node:test)', ['test-package/']);
  })();
  // What serves or loads the built widget: the reference API's tests (the built locales among
  // them) and the built widget in host pages. The node:test files that drive a browser share one
  // Chromium, each in contexts of its own (scripts/shared-chromium.mjs).
  const afterBuild = (async () => {
    await built;
    const sharedChromium = await startSharedChromium(inRunFolder('shared-chromium')).catch((error) => {
      console.log(`\n(no shared Chromium, each node:test file launches its own: ${error.message})`);
      return null;
    });
    const shared = sharedChromium ? { [sharedChromiumVariable]: sharedChromium.endpoint } : {};
    await Promise.all([
      nodeTests('reference chat API tests (node:test)', ['test-server/'], { env: shared }),
      nodeTests('built widget in host pages (node:test + Chromium)', ['test-hosts/'], {
        args: ['--test-concurrency=2'],
        env: shared,
      }),
    ]);
    await sharedChromium?.stop();
  })();
  await Promise.all([...engineGroups, chromium, hidden, checks, afterBuild]);
}

await unlessStopped();
killStragglers(); // a browser whose launcher ended without closing it
await removeRunFolder();
process.exit(closingReport(started));
