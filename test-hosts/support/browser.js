/**
 * A browser context of its own for each node test file, and a page that records what the panel
 * leaves behind: every request (URL, method, headers, body), console output, dialogs (a running
 * `alert` is a script that ran), page errors, CSP violations, custom events with their detail and
 * BroadcastChannel messages. The in-page recorder is installed before any page script runs.
 */
import { chromiumForFile } from '../../scripts/shared-chromium.mjs';

/**
 * A browser context of this test file's own (no storage, cache or connections shared with another
 * file's), in the run's shared Chromium or one launched for the file (scripts/shared-chromium.mjs).
 * @returns {Promise<{ newPage: () => Promise<import('puppeteer-core').Page>, close: () => Promise<void> }>}
 */
export async function openBrowserContext() {
  const { browser, release } = await chromiumForFile();
  const context = await browser.createBrowserContext();
  return {
    newPage: () => context.newPage(),
    async close() {
      await context.close().catch(() => undefined); // the browser may be gone with a stopped run
      await release();
    },
  };
}

/** Runs in the page before its own scripts (not subject to its CSP): the recorder and finders. */
function installRecorder() {
  const text = (value) => {
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const record = { console: [], events: [], broadcasts: [], violations: [] };
  Object.defineProperty(window, '__ocpRecord', { value: record });
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      record.console.push({ level, text: args.map(text).join(' ') });
      original(...args);
    };
  }
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (event instanceof CustomEvent) record.events.push({ type: event.type, detail: text(event.detail) });
    return dispatch.call(this, event);
  };
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (message) {
    record.broadcasts.push({ name: this.name, data: text(message) });
    return post.call(this, message);
  };
  document.addEventListener(
    'securitypolicyviolation',
    (event) =>
      record.violations.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample }),
    true,
  );
  // Real timers, counted: how many callbacks ran, and which timers are still pending.
  const timers = { fired: 0, pending: new Map() };
  const {
    setTimeout: realSetTimeout,
    clearTimeout: realClearTimeout,
    setInterval: realSetInterval,
    clearInterval: realClearInterval,
  } = window;
  window.setTimeout = function (callback, delay, ...args) {
    const id = realSetTimeout.call(
      window,
      () => {
        timers.pending.delete(id);
        timers.fired += 1;
        if (typeof callback === 'function') callback(...args);
      },
      delay,
    );
    timers.pending.set(id, { kind: 'timeout', delay: Number(delay) || 0 });
    return id;
  };
  window.setInterval = function (callback, delay, ...args) {
    const id = realSetInterval.call(
      window,
      () => {
        timers.fired += 1;
        if (typeof callback === 'function') callback(...args);
      },
      delay,
    );
    timers.pending.set(id, { kind: 'interval', delay: Number(delay) || 0 });
    return id;
  };
  window.clearTimeout = (id) => {
    timers.pending.delete(id);
    realClearTimeout.call(window, id);
  };
  window.clearInterval = (id) => {
    timers.pending.delete(id);
    realClearInterval.call(window, id);
  };
  Object.defineProperty(window, '__ocpTimers', {
    value: () => ({ fired: timers.fired, pending: [...timers.pending.values()] }),
  });
  /** Every `operator-chat-panel` in the page, inside other shadow roots too. */
  const findPanels = (root = document) => {
    const found = [];
    const walk = (node) => {
      for (const element of node.querySelectorAll('*')) {
        if (element.localName === 'operator-chat-panel') found.push(element);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(root);
    return found;
  };
  Object.defineProperty(window, '__ocpFind', { value: findPanels });
  /** The first element matching `selector` in the page or in any shadow root. */
  const deepQuery = (selector, root = document) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot && deepQuery(selector, element.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  Object.defineProperty(window, '__ocpDeep', { value: deepQuery });
}

/**
 * @param {{ newPage: () => Promise<import('puppeteer-core').Page> }} browser a browser context
 */
export async function openRecordedPage(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 800 });
  page.setDefaultTimeout(20000);
  // A navigation waits for the page's load, which a host's framework holds back (the Angular
  // recipe compiles its templates in the page), and every picture the panel shows by then: on a
  // busy 2-core machine the Angular page passed 20 s. What a test checks it waits for itself.
  page.setDefaultNavigationTimeout(90_000);
  const log = {
    /** @type {{ url: string, method: string, headers: Record<string, string>, body: string }[]} */
    requests: [],
    /** @type {string[]} */
    dialogs: [],
    /** @type {string[]} */
    pageErrors: [],
    /** @type {{ type: string, text: string }[]} */
    console: [],
    /** Requests sent and not yet answered or failed. */
    inFlight: () => pending.size,
  };
  const pending = new Set();
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('request', (request) => {
    pending.add(request);
    log.requests.push({
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      body: request.postData() ?? '',
    });
  });
  page.on('dialog', (dialog) => {
    log.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error?.message ?? error)));
  page.on('console', (message) => log.console.push({ type: message.type(), text: message.text() }));
  await page.evaluateOnNewDocument(installRecorder);
  return { page, log };
}

/**
 * What the in-page recorder saw since the last load.
 * @param {import('puppeteer-core').Page} page
 * @returns {Promise<{ console: { level: string, text: string }[], events: { type: string, detail: string }[], broadcasts: { name: string, data: string }[], violations: { directive: string, blocked: string, sample: string }[] }>}
 */
export function pageRecord(page) {
  return page.evaluate(() => /** @type {any} */ (window).__ocpRecord);
}

/**
 * The page's timers: callbacks run so far and the ones still pending.
 * @param {import('puppeteer-core').Page} page
 * @returns {Promise<{ fired: number, pending: { kind: string, delay: number }[] }>}
 */
export function pageTimers(page) {
  return page.evaluate(() => /** @type {any} */ (window).__ocpTimers());
}

/**
 * Polls a page expression until it is truthy. Evaluated over the DevTools protocol: puppeteer's
 * waitForFunction builds its predicate with `new Function` in the page, which a strict CSP
 * forbids (and reports as a violation).
 * @param {import('puppeteer-core').Page} page
 * @param {string} expression
 * @param {string} what
 */
export async function pollPage(page, expression, what, timeout = 20000) {
  const deadline = performance.now() + timeout;
  while (!(await page.evaluate(expression).catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/**
 * What the page keeps for a reload, looked for in every store the page has, without knowing the
 * panel's keys: whether sessionStorage holds `text` in a value, and whether an IndexedDB record
 * holds a Blob under a `name` of `fileName`. For tests that reload once the panel has written.
 * @param {import('puppeteer-core').Page} page
 * @param {{ text?: string, fileName?: string }} wanted
 */
export function pageKeeps(page, { text, fileName }) {
  return page.evaluate(
    async (wantedText, wantedFile) => {
      if (wantedText !== null) {
        const values = Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '');
        if (!values.some((value) => value.includes(wantedText))) return false;
      }
      if (wantedFile === null) return true;
      const settled = (/** @type {IDBRequest} */ request) =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const db = /** @type {IDBDatabase} */ (await settled(indexedDB.open(name)));
        try {
          for (const store of db.objectStoreNames) {
            const records = /** @type {any[]} */ (await settled(db.transaction(store).objectStore(store).getAll()));
            if (records.some((record) => record?.name === wantedFile && record?.file instanceof Blob)) return true;
          }
        } finally {
          db.close();
        }
      }
      return false;
    },
    text ?? null,
    fileName ?? null,
  );
}
