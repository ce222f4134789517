// Test files that run at the same time share nothing in the browser: each has its own browser
// context (storage, IndexedDB, Web Locks, BroadcastChannel, HTTP cache and connections) and its
// own focus. How, per engine:
// - Chromium: one browser, a new browser context per test file, closed when the file ends. Every
//   page of headless Chromium is focused and visible, whatever the others do (a context is a
//   window of its own).
// - Firefox (WebDriver BiDi): a new user context per test file too, but a Firefox process has one
//   focused window and one selected tab: a page beside another would be blurred (no focus events)
//   or hidden. So `launcherPool` gives each file running at the same time a Firefox of its own.
// - WebKit (classic WebDriver, one session per driver): likewise a MiniBrowser of its own, each on
//   its own Xvfb display (scripts/webkit-launcher.mjs); there a file shares the session's storage
//   with the files that ran before it in the same slot, as before, never with one running beside it.
import { ChromeLauncher } from '@web/test-runner-chrome';

/**
 * A puppeteer launcher (Chromium, or Firefox through `puppeteer`) that opens each test file in a
 * browser context of its own and closes it when the file ends.
 * @param {{ launchOptions?: object, puppeteer?: object, concurrency?: number }} options
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export function isolatedPuppeteerLauncher({ launchOptions = {}, puppeteer, concurrency } = {}) {
  return new IsolatedPuppeteerLauncher(
    launchOptions,
    ({ browser }) => browser.defaultBrowserContext(),
    async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    puppeteer,
    concurrency,
  );
}

class IsolatedPuppeteerLauncher extends ChromeLauncher {
  async stopSession(sessionId) {
    const page = this.getPage(sessionId);
    const result = await super.stopSession(sessionId);
    // ChromeLauncher keeps a finished page for the next file; the next file gets a new context.
    this.inactivePages = this.inactivePages.filter((kept) => kept.puppeteerPage !== page);
    await page
      .browserContext()
      .close()
      .catch(() => undefined); // the browser is going away
    return result;
  }
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
