/**
 * Issue 8, the token (contract §3): it travels only in `Authorization: Bearer` to base-url's
 * origin. Never in a URL, a request body or another header, storage of any kind, console output,
 * an event's detail or a BroadcastChannel message; a base-url that is not https (or http on a
 * loopback host) sends nothing at all. The page runs two panels of one operator (one polls,
 * the other follows over a BroadcastChannel) through sends, an upload, failures, an expiring
 * token, a renewal, a rejection and another renewal, and everything it leaves is searched.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrg, waitFor } from '../test-server/helpers.js';
import { openRecordedPage, pageRecord } from './support/browser.js';
import { testPagesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { panelDriver } from './support/panel-driver.js';

const suite = useHostSuite();

/** The attachment's folder, removed once the file's tests end (a run leaves nothing in the system's temp folder). */
const attachments = await mkdtemp(join(tmpdir(), 'ocp-token-test-'));
after(() => rm(attachments, { recursive: true, force: true }));

/** @param {import('puppeteer-core').Page} page */
async function everythingStored(page) {
  const inPage = await page.evaluate(async () => {
    const entries = (/** @type {Storage} */ storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`);
    const names = indexedDB.databases ? (await indexedDB.databases()).map((database) => database.name ?? '') : [];
    const settled = (/** @type {IDBRequest} */ request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    // Every database by name, and every record of it: keys, fields and the text of its files.
    const databases = [...names];
    for (const name of names) {
      const db = /** @type {IDBDatabase} */ (await settled(indexedDB.open(name)));
      for (const store of db.objectStoreNames) {
        const records = await settled(db.transaction(store).objectStore(store).getAll());
        for (const record of /** @type {Record<string, unknown>[]} */ (records)) {
          for (const value of Object.values(record)) if (value instanceof Blob) databases.push(await value.text());
          databases.push(JSON.stringify(record));
        }
      }
      db.close();
    }
    const cacheNames = 'caches' in window ? await caches.keys() : [];
    return {
      session: entries(sessionStorage),
      local: entries(localStorage),
      databases,
      cacheNames,
      cookie: document.cookie,
    };
  });
  const cookies = (await page.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
  return { ...inPage, cookies };
}

test(
  'the token goes only into Authorization to base-url, and a refused base-url sends nothing',
  { timeout: 120000 },
  async () => {
    const { server, browser } = suite;
    const org = await createOrg(server.base);
    const issue = async (/** @type {number} */ seconds) =>
      (await org.control('token', { expiresInSeconds: seconds })).json.token;
    const refusedToken = await issue(3600);
    const host = server.page({
      dir: join(testPagesDir, 'token'),
      token: org.token,
      fill: { REFUSED_TOKEN: refusedToken },
    });
    const { page, log } = await openRecordedPage(browser);
    await page.goto(host.url);
    const first = panelDriver(page, 0);
    const second = panelDriver(page, 1);
    await first.waitForRows(3);
    await second.waitForRows(3);
    const chatId = org.fixtures.chats.bot;
    await first.openChat(chatId);

    // Sends, an upload (XMLHttpRequest), a live message shared with the other panel.
    assert.equal(await first.send('a plain answer'), true);
    const file = join(attachments, 'attachment.txt');
    await writeFile(file, 'an attachment');
    const picker = /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement>} */ (
      await page.evaluateHandle(`window.__ocpFind()[0].shadowRoot.querySelector('ocp-composer input[type="file"]')`)
    );
    await picker.uploadFile(file);
    assert.equal(await first.send('with a file'), true);
    await first.wait(
      'the upload to be stored',
      (root) => !root.shadowRoot.querySelector('[part~="message"][data-status="sending"]'),
    );
    const live = (await org.control('customer-message', { chatId, text: 'shared with the other panel' })).json.id;
    await first.wait(
      'the live message',
      (root, id) => !!root.shadowRoot.querySelector(`[part~="message"][data-message-id="${id}"]`),
      [live],
    );
    await second.wait(
      'the live message in the other panel',
      (root, id) =>
        Array.from(root.shadowRoot.querySelectorAll('[part~="chat-item"]')).some(
          (row) => row.dataset.chatId === id && row.textContent.includes('shared with the other panel'),
        ),
      [String(chatId)],
    );

    // Failures that produce errors, banners and events; a draft.
    await org.control('faults', { fail500: 1, paths: '^/api/chat/\\d+/message$' });
    assert.equal(await first.send('this one fails'), true);
    await first.wait(
      'the failed message',
      (root) => !!root.shadowRoot.querySelector('[part~="message"][data-status="failed"]'),
    );
    await first.type('a draft kept in sessionStorage');
    await picker.uploadFile(file); // a draft's file, kept in IndexedDB
    await org.control('faults', { paths: null, fail500: 2 });
    await waitFor(async () => (await org.control('faults')).json.fail500 === 0, 'both 500s answered');

    // Renewals through the script tag: one about to expire, a good one, one the service calls expired, another one.
    const setScriptToken = (/** @type {string} */ token) =>
      page.evaluate(
        (value) => document.getElementById('operator-chat-panel-script')?.setAttribute('token', value),
        token,
      );
    /** Whether the page has sent a request with this token since `since` requests ago. */
    const sentWith = (/** @type {string} */ token, since = 0) =>
      log.requests.slice(since).some((request) => request.headers.authorization === `Bearer ${token}`);
    const expiring = await issue(50);
    await setScriptToken(expiring);
    await waitFor(() => sentWith(expiring), 'a request with the token about to expire');
    const renewed = await issue(3600);
    await setScriptToken(renewed);
    await waitFor(() => sentWith(renewed), 'a request with the renewed token');
    await org.control('faults', { expireToken: true }); // the service now says the token expired
    await first.wait('the expiry', (root) => !!root.shadowRoot.querySelector('[part~="banner"][data-kind="expired"]'));
    const last = await issue(3600);
    await setScriptToken(last);
    await first.wait(
      'the panel back',
      (root) => !root.shadowRoot.querySelector('[part~="banner"][data-kind="expired"]'),
    );
    const beforeOpen = log.requests.length;
    await first.openChat(chatId);
    await waitFor(() => sentWith(last, beforeOpen), 'a request with the last token after the chat opened');

    const tokens = [org.token, expiring, renewed, last, refusedToken];
    // A leak of the signature alone is a leak too: it is the part that cannot be guessed.
    const secrets = tokens.flatMap((token) => [token, token.split('.')[2]]);
    const leaks = (/** @type {string} */ where, /** @type {string} */ value) => {
      const found = secrets.find((secret) => value.includes(secret));
      return found ? [`${where}: ${value.slice(0, 200)}`] : [];
    };

    // Requests: the Authorization header to the API's origin, and nowhere else.
    const problems = [];
    const seenAuthorization = new Set();
    for (const request of log.requests) {
      const url = new URL(request.url);
      problems.push(
        ...leaks(`URL of ${request.method}`, request.url),
        ...leaks(`body of ${request.method} ${url.pathname}`, request.body),
      );
      if (url.origin !== server.base) problems.push(`a request left base-url's origin: ${request.url}`);
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.toLowerCase() !== 'authorization') {
          problems.push(...leaks(`header ${name} of ${url.pathname}`, value));
          continue;
        }
        const token = /^Bearer (.+)$/.exec(value)?.[1] ?? '';
        if (url.origin !== server.base || !url.pathname.startsWith('/api/'))
          problems.push(`Authorization sent to ${request.url}`);
        if (!tokens.includes(token))
          problems.push(`unexpected Authorization on ${url.pathname}: ${value.slice(0, 40)}`);
        seenAuthorization.add(token);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(
      seenAuthorization.has(org.token) && seenAuthorization.has(renewed) && seenAuthorization.has(last),
      'the tokens did go out, in Authorization',
    );
    assert.ok(!seenAuthorization.has(refusedToken), 'the panels with a refused base-url sent nothing');
    assert.ok(
      log.requests.some((request) => request.url.includes('/message/v2')),
      'the upload went out',
    );

    // Console, events, channel messages, storage of every kind.
    const record = await pageRecord(page);
    const stored = await everythingStored(page);
    const elsewhere = [
      ...record.console.flatMap((entry) => leaks(`console.${entry.level}`, entry.text)),
      ...log.console.flatMap((entry) => leaks(`console ${entry.type}`, entry.text)),
      ...record.events.flatMap((event) => leaks(`event ${event.type}`, event.detail)),
      ...record.broadcasts.flatMap((message) =>
        leaks(`BroadcastChannel ${message.name}`, `${message.name} ${message.data}`),
      ),
      ...stored.session.flatMap((entry) => leaks('sessionStorage', entry)),
      ...stored.local.flatMap((entry) => leaks('localStorage', entry)),
      ...stored.databases.flatMap((name) => leaks('IndexedDB', name)),
      ...stored.cacheNames.flatMap((name) => leaks('CacheStorage', name)),
      ...leaks('document.cookie', stored.cookie),
      ...stored.cookies.flatMap((cookie) => leaks('cookie', cookie)),
    ];
    assert.deepEqual(elsewhere, []);

    // The places searched did hold what the panel produced: the search above proves something.
    const eventTypes = new Set(record.events.map((event) => event.type));
    for (const type of [
      'ocp-ready',
      'ocp-message-sent',
      'ocp-message-received',
      'ocp-error',
      'ocp-token-expiring',
      'ocp-token-expired',
    ]) {
      assert.ok(eventTypes.has(type), `${type} was dispatched and searched`);
    }
    assert.ok(
      stored.databases.some((entry) => entry === 'an attachment'),
      'IndexedDB held the draft’s file, and was searched',
    );
    assert.ok(
      record.broadcasts.some((message) => message.data.includes('shared with the other panel')),
      'the channel carried the live message',
    );
    assert.ok(
      stored.session.some((entry) => entry.includes('a draft kept in sessionStorage')),
      'the draft is stored',
    );
    assert.ok(
      stored.session.some((entry) => entry.includes('this one fails')),
      'the failed message is stored',
    );

    // The refused panels say why, and not one request mentions their hosts.
    const refused = await page.evaluate(() =>
      /** @type {any} */ (window)
        .__ocpFind()
        .slice(2)
        .map((panel) => panel.shadowRoot.querySelector('[part~="banner"]')?.dataset.kind ?? null),
    );
    assert.deepEqual(refused, ['config', 'config', 'config', 'config', 'config']);
    await page.close();
  },
);
