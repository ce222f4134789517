// Test files that run at the same time share nothing in the browser: each has its own browser
// context (storage, IndexedDB, Web Locks, BroadcastChannel, HTTP cache and connections) and its
// own focus. How, per engine:
// - Chromium: one browser, a browser context for each file running at once. Every page of
//   headless Chromium is focused and visible, whatever the others do.
// - Firefox (WebDriver BiDi): a Firefox process has one focused window and one selected tab, so a
//   page beside another would be blurred (no focus events) or hidden: `launcherPool` gives each
//   file running at the same time a Firefox of its own.
// - WebKit (classic WebDriver, one session per driver): likewise a MiniBrowser of its own, each on
//   its own Xvfb display (scripts/webkit-launcher.mjs).
// A context (or browser) serves the files that run one after another in its slot, as one browser
// served every file before files ran side by side: the next file finds the HTTP cache (and the V8
// code cache) warm. A new context per file cost about 2.8 s of CPU more per file (cold: the
// panel's 150-odd modules fetched and compiled again), some 4 minutes of a 2-core machine's
// suite. Tests never rely on what an earlier file left: each makes its own organization, and
// storage keys are theirs.
import { chromeLauncher } from '@web/test-runner-chrome';

/**
 * A puppeteer launcher (Chromium) whose pages each have a browser context of their own.
 * @param {{ launchOptions?: object, concurrency?: number }} options
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export function isolatedPuppeteerLauncher(options = {}) {
  return chromeLauncher({
    ...options,
    createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
  });
}

/**
 * `size` launchers made by `makeLauncher`, each running one test file at a time: files run side by
 * side in browsers of their own. Presents itself to the runner as one launcher of that concurrency.
 * @param {string} name
 * @param {() => import('@web/test-runner').BrowserLauncher} makeLauncher
 * @param {number} size
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export function launcherPool(name, makeLauncher, size) {
  const launchers = Array.from({ length: size }, makeLauncher);
  /** @type {Map<string, import('@web/test-runner').BrowserLauncher>} session id → the launcher running it */
  const owners = new Map();
  const owner = (sessionId) => {
    const launcher = owners.get(sessionId);
    if (!launcher) throw new Error(`${name}: no browser runs session ${sessionId}`);
    return launcher;
  };
  return {
    name,
    type: launchers[0].type,
    concurrency: size,
    async initialize(config, testFiles) {
      await Promise.all(launchers.map((launcher) => launcher.initialize?.(config, testFiles)));
    },
    async stop() {
      await Promise.allSettled(launchers.map((launcher) => launcher.stop?.()));
    },
    async startSession(sessionId, url) {
      const busy = new Set(owners.values());
      const free = launchers.find((launcher) => !busy.has(launcher));
      if (!free) throw new Error(`${name}: more files at once than its ${size} browsers`);
      owners.set(sessionId, free);
      try {
        await free.startSession(sessionId, url);
      } catch (error) {
        // A session that never started is not stopped by the runner: its browser is free again.
        if (!free.isActive(sessionId)) owners.delete(sessionId);
        throw error;
      }
    },
    isActive: (sessionId) => owners.get(sessionId)?.isActive(sessionId) ?? false,
    getBrowserUrl: (sessionId) => owner(sessionId).getBrowserUrl(sessionId),
    getPage: (sessionId) => owner(sessionId).getPage(sessionId),
    async startDebugSession() {
      throw new Error(`${name}: no debug sessions in a pool; run one file with --files`);
    },
    async stopSession(sessionId) {
      try {
        return await owner(sessionId).stopSession(sessionId);
      } finally {
        owners.delete(sessionId);
      }
    },
  };
}
