// Test files that run at the same time share nothing in the browser: each has its own browser
// context (storage, IndexedDB, Web Locks, BroadcastChannel, HTTP cache and connections) and its
// own focus. How, per engine:
// - Chromium: one browser, a browser context for each file running at once. Every page of
//   headless Chromium is focused and visible, whatever the others do.
// - Firefox (WebDriver BiDi): a Firefox process has one focused window and one selected tab, so a
//   page beside another would be blurred (no focus events) or hidden: `launcherPool` gives each
//   file running at the same time a Firefox of its own.
// - WebKit (classic WebDriver, one session per driver): likewise a MiniBrowser of its own, each on
//   its own Xvfb display (scripts/webkit-launcher.mjs), serving its files one after another from a
//   blank page. A new MiniBrowser for each file made the group take half as long again (alone:
//   174 s against 118 s, 128 CPU-s against 106); one MiniBrowser for the 24 files makes the files
//   test slower (6 s to 10 s after 19 others), which the group more than makes up.
// A context (or browser) serves the files that run one after another in its slot, as one browser
// served every file before files ran side by side: the next file finds the HTTP cache (and the V8
// code cache) warm. A new context per file cost about 2.8 s of CPU more per file (cold: the
// panel's 150-odd modules fetched and compiled again), some 4 minutes of a 2-core machine's
// suite. Tests never rely on what an earlier file left: each makes its own organization, and each
// file starts with the origin's storage empty (the runner's page, web-test-runner.config.mjs).
import { chromeLauncher } from '@web/test-runner-chrome';

/**
 * What puppeteer is told of a browser it launches for the tests: no network events. By default it
 * follows every request of every page (CDP's Network domain; WebDriver BiDi's network module, with
 * a copy of each answer's body kept for it): the panel's 150-odd modules per file and every call
 * of the reference API, none of which a test reads through puppeteer. Following them cost a third
 * of Firefox's CPU (its group: 173 CPU-s against 118) and some of Chromium's (36 files: 143 against
 * 118, within what two runs of the same code differ by). The one command that needs the Network
 * domain turns it on for itself (scripts/fail-module-middleware.mjs).
 */
export const quietLaunchOptions = { networkEnabled: false };

/**
 * A puppeteer launcher (Chromium) whose pages each have a browser context of their own.
 * @param {{ launchOptions?: object, concurrency?: number }} options
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export function isolatedPuppeteerLauncher(options = {}) {
  return chromeLauncher({
    ...options,
    launchOptions: { ...quietLaunchOptions, ...options.launchOptions },
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
  /**
   * Session id → the launcher running it, and its start. A session counts from the moment it is
   * given a browser, before that browser has started: one the runner gave up on while it started
   * (its start timeout) is stopped like any other, and its browser is free again after.
   * @type {Map<string, { launcher: import('@web/test-runner').BrowserLauncher, started: Promise<unknown> }>}
   */
  const sessions = new Map();
  const launcherOf = (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`${name}: no browser runs session ${sessionId}`);
    return session.launcher;
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
      const busy = new Set([...sessions.values()].map((session) => session.launcher));
      const free = launchers.find((launcher) => !busy.has(launcher));
      // The runner starts no more sessions than `concurrency` and stops each before the next.
      if (!free) throw new Error(`${name}: more files at once than its ${size} browsers`);
      const started = free.startSession(sessionId, url);
      sessions.set(sessionId, { launcher: free, started: started.catch(() => undefined) });
      try {
        await started;
      } catch (error) {
        sessions.delete(sessionId); // the runner does not stop a session that failed to start
        throw error;
      }
    },
    isActive: (sessionId) => sessions.has(sessionId),
    getBrowserUrl: (sessionId) => launcherOf(sessionId).getBrowserUrl(sessionId),
    getPage: (sessionId) => launcherOf(sessionId).getPage(sessionId),
    async startDebugSession() {
      throw new Error(`${name}: no debug sessions in a pool; run one file with --files`);
    },
    async stopSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`${name}: no browser runs session ${sessionId}`);
      try {
        await session.started;
        if (!session.launcher.isActive(sessionId)) return {};
        return await session.launcher.stopSession(sessionId);
      } finally {
        sessions.delete(sessionId);
      }
    },
  };
}
