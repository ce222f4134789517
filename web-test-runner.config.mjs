// Browser tests: TypeScript through esbuild, in the system's headless Chromium, with the
// reference chat API mounted as middleware so the element's real fetch goes over HTTP.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { createChatApi } from './demo/server/chat-api.js';
import { findChromium, testChromiumArgs } from './scripts/find-chromium.mjs';
import { countingReporter } from './scripts/counting-reporter.mjs';
import { pageVisibilityPlugin } from './scripts/page-visibility-plugin.mjs';
import { wheelPlugin } from './scripts/wheel-plugin.mjs';
import { builtWidgetPlugin } from './scripts/built-widget-plugin.mjs';
import { freePort } from './scripts/free-port.mjs';
import { failModuleMiddleware, failModulePlugin } from './scripts/fail-module-middleware.mjs';
import { crossEngineFiles, engineLauncher, engineMissing, engineSkipped } from './scripts/engines.mjs';
import { isolatedPuppeteerLauncher } from './scripts/browser-pool.mjs';

const chatApi = createChatApi();

// Test files at once, per engine, each in a browser context of its own (scripts/browser-pool.mjs):
// a file mostly waits (on the reference API, frames), so more files than cores keep the cores
// busy; more than that only makes each step slower, as every group runs at once in `npm test`.
// Firefox needs a browser per file running: its group is short, one is enough. WebKit draws in
// software and has the longest group: one MiniBrowser at a time, as more loaded the machine past
// what frame and scroll checks bear (the suite alone reached a load of 45 on 2 cores).
const filesAtOnce = { chromium: 2, firefox: 1, webkit: 1 };

// Hidden-page tests need Chromium's real background behaviour, which puppeteer switches off by
// default: their own group, in a browser launched without those switches.
const hiddenPageLauncher = isolatedPuppeteerLauncher({
  concurrency: 1, // its two files minimize their window: one at a time, beside every other group
  launchOptions: {
    executablePath: findChromium(),
    headless: true,
    args: testChromiumArgs,
    ignoreDefaultArgs: [
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
    ],
  },
});
// `--files` focuses the default group; groups would still run beside it, so a focused run
// leaves the other groups out (run one with `--group hidden-page`, `firefox` or `webkit`).
const focusedOnFiles = process.argv.includes('--files');
// OCP_ENGINE=firefox|webkit runs the default group (or the `--files` given) in that engine alone.
const focusedEngine = process.env.OCP_ENGINE;
// The engines besides Chromium (scripts/engines.mjs) that may run: neither when left out on
// purpose, nor for a focused run or another `--group`, which need neither browser installed.
const chosenGroup = process.argv[process.argv.indexOf('--group') + 1];
const otherEngines = (group) =>
  focusedOnFiles || focusedEngine || (process.argv.includes('--group') && chosenGroup !== group)
    ? []
    : ['firefox', 'webkit'].filter((engine) => !engineSkipped(engine) && !engineMissing(engine));
const chromium = isolatedPuppeteerLauncher({
  launchOptions: { executablePath: findChromium(), headless: true, args: testChromiumArgs },
});
// The built widget (dist/operator-chat-panel/, `npm run build` first), served as it is, in every
// engine: last in each engine's files, in the browser that ran the others (scripts/built-widget-plugin.mjs).
const builtWidgetFiles = 'test-dist/**/*.test.ts';
// The cross-engine group in Firefox and in WebKit.
const engineGroups = ['firefox', 'webkit']
  .filter((engine) => otherEngines(engine).includes(engine))
  .map((engine) => ({
    name: engine,
    files: [...crossEngineFiles, builtWidgetFiles],
    browsers: [engineLauncher(engine, filesAtOnce[engine])],
  }));

// WebKitGTK's own media controls (the UA script behind <audio controls>) sometimes throw from
// `_canPickAudioTracks` (under native `sortedTrackListForMenu`) while a player is torn down; no
// page script is on that stack and nothing breaks. Kept from the test framework's uncaught-error
// handler, which would fail whichever test ran; every other uncaught error still fails it.
// Each file starts with its origin's storage empty (sessionStorage, localStorage, IndexedDB): the
// files of a slot run one after another in one browser context (scripts/browser-pool.mjs), and
// what earlier files kept piled up: WebKit's files test took half as long again after two copies
// of itself (IndexedDB holding Blobs). The panel gives way to the deletion (kept-files.ts).
// The runner sends a file's results through structuredClone, with a failed assertion's values
// raw: one on a DOM element could not be cloned, and the file hung until the runner's limit with
// its failure untold (modernweb-dev/web#2967). Values that cannot be cloned go as text.
// The page's resource timing keeps 250 entries by default, and a test page fetches about 230
// modules before its first test: a test that reads when a request went (live, loading, story
// previews) found none once a busy machine's extra polls had filled it.
const testRunnerHtml = (testFramework) => `<!DOCTYPE html><html><head><script>
  performance.setResourceTimingBufferSize(100000);
  addEventListener('error', (event) => {
    const stack = String(event.error?.stack ?? '');
    if (/^(?:[^\\n]*@\\[native code\\]\\n)*_canPickAudioTracks@\\n/.test(stack)) event.stopImmediatePropagation();
  }, true);
  const cloneWhole = structuredClone;
  const cloneable = (value, seen) => {
    if (typeof value === 'function' || typeof value === 'symbol') return String(value);
    if (typeof value !== 'object' || value === null) return value;
    if (value instanceof Node || value === window) return Object.prototype.toString.call(value);
    if (seen.has(value)) return seen.get(value);
    const copy = Array.isArray(value) ? [] : {};
    seen.set(value, copy);
    if (value instanceof Error) for (const key of ['name', 'message', 'stack']) copy[key] = value[key];
    for (const key of Object.keys(value)) copy[key] = cloneable(value[key], seen);
    return copy;
  };
  globalThis.structuredClone = (value, options) => {
    try {
      return cloneWhole(value, options);
    } catch (error) {
      if (error?.name !== 'DataCloneError') throw error;
      return cloneWhole(cloneable(value, new Map()), options);
    }
  };
</script></head><body><script type="module">
  try {
    sessionStorage.clear();
    localStorage.clear();
  } catch {}
  const databases = (await indexedDB.databases?.()) ?? [];
  await Promise.all(
    databases.map(({ name }) => new Promise((done) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = done;
    })),
  );
  await import('${testFramework}');
</script></body></html>`;

export default {
  testRunnerHtml,
  files: focusedEngine ? crossEngineFiles : ['test/**/*.test.ts', '!test/hidden-page/**', builtWidgetFiles],
  groups:
    focusedOnFiles || focusedEngine
      ? []
      : [
          { name: 'hidden-page', files: 'test/hidden-page/**/*.test.ts', browsers: [hiddenPageLauncher] },
          ...engineGroups,
        ],
  port: await freePort(),
  nodeResolve: { exportConditions: ['development'] },
  // Files beside each other share no connections: each browser context (or browser) has its own,
  // so one file's fault tests (latency, dropped sockets) cannot starve another's requests.
  concurrency: filesAtOnce.chromium,
  concurrentBrowsers: 3, // Chromium, Firefox and WebKit at once, when one run has every group
  // A browser's start, under a loaded machine's every group starting at once (Firefox took over
  // a minute once): the runner's own limit fails the file, and the browser is stopped with it.
  browserStartTimeout: 120000,
  testsStartTimeout: 60000,
  // Backstops for a file or a test that hangs, far from what one takes: each step's own wait is
  // what fails a slow one, and it ends as soon as its condition holds. The suite runs several
  // files of three engines at once on 2 cores, beside whatever else the machine runs; WebKitGTK
  // draws in software on Xvfb and takes two to three times as long as the others.
  testsFinishTimeout: 600_000,
  testFramework: {
    config: { timeout: chosenGroup === 'webkit' || focusedEngine === 'webkit' ? 120_000 : 60_000 },
  },
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    pageVisibilityPlugin(hiddenPageLauncher),
    wheelPlugin(),
    failModulePlugin(),
    builtWidgetPlugin(),
  ],
  middleware: [failModuleMiddleware(), chatApi.middleware],
  browsers: focusedEngine ? [engineLauncher(focusedEngine, filesAtOnce[focusedEngine])] : [chromium],
  reporters: [defaultReporter(), countingReporter(process.env.OCP_WTR_COUNTS)],
  async stop() {
    chatApi.stop();
  },
};
