/**
 * Issue 28 (contract §1, §8): on a slow network the script tag draws the list's first rows from
 * its early answer while the panel's code downloads (src/first-rows.ts). On the plain page with a
 * strict CSP and Trusted Types they must come styled and break no policy, then give way to the
 * panel's own rows at the same places. On a quick network the code that draws them is never
 * fetched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOrg } from '../test-server/helpers.js';
import { openRecordedPage, pageRecord, pollPage } from './support/browser.js';
import { recipesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { slowProfile } from '../bench/slow-network.mjs';

const suite = useHostSuite();

/** `slowNetwork.scriptMs` of src/first-rows.ts, read from the source (the suite runs on the built script). */
const slowScriptMs = Number(
  /scriptMs: (\d+)/.exec(readFileSync(new URL('../src/first-rows.ts', import.meta.url), 'utf8'))?.[1],
);

/** The strict-CSP recipe page for a new organization, and a page that records what happens in it. */
async function strictCspPage() {
  const { server, browser } = suite;
  const org = await createOrg(server.base);
  const hostPage = server.page({ dir: join(recipesDir, 'plain-csp'), token: org.token });
  return { url: hostPage.url, ...(await openRecordedPage(browser)) };
}

/** Watches every frame for the first rows: when they showed, how many, and how they looked. */
function watchFirstRows() {
  const seen = { at: 0, rows: 0, avatarWidth: '', tops: /** @type {Record<string, number>} */ ({}), goneAt: 0 };
  Object.defineProperty(window, '__firstRowsSeen', { value: seen });
  const look = () => {
    const panel = document.querySelector('operator-chat-panel');
    const root = panel?.shadowRoot;
    const layer = root?.querySelector('[data-ocp-first-rows]');
    if (layer && !seen.at) {
      const rows = [...layer.querySelectorAll('[part~="chat-item"]')];
      seen.at = performance.now();
      seen.rows = rows.length;
      seen.avatarWidth = rows[0] ? getComputedStyle(rows[0].firstElementChild).width : '';
      const top = panel.getBoundingClientRect().top;
      for (const row of rows.slice(0, 3)) seen.tops[row.dataset.chatId] = row.getBoundingClientRect().top - top;
    }
    if (seen.at && !layer) seen.goneAt = performance.now();
    if (!seen.goneAt) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

test(
  'on a slow network, a strict CSP page shows the first rows styled, then the panel in their place',
  { timeout: 60000 },
  async () => {
    const { url, page, log } = await strictCspPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The slow mobile profile of contract §1, without its CPU slowdown: the list's answer comes
    // long before the panel's code.
    await cdp.send('Network.emulateNetworkConditions', slowProfile.network);
    await page.evaluateOnNewDocument(watchFirstRows);
    await page.goto(url);
    await pollPage(page, `window.__firstRowsSeen.goneAt > 0`, 'the first rows to come and go', 30000);
    await pollPage(
      page,
      `window.__ocpDeep('#status')?.textContent.startsWith('ready')`,
      'the host to hear ocp-ready',
      30000,
    );

    const seen = await page.evaluate(() => /** @type {any} */ (window).__firstRowsSeen);
    assert.ok(seen.rows >= 5, `first rows drawn: ${seen.rows}`);
    assert.equal(seen.avatarWidth, '40px', 'styled by their adopted sheet');
    const tops = await page.evaluate(() => {
      const panel = /** @type {HTMLElement} */ (document.querySelector('operator-chat-panel'));
      const top = panel.getBoundingClientRect().top;
      return Object.fromEntries(
        [...(panel.shadowRoot?.querySelectorAll('[part~="chat-item"]') ?? [])].map((row) => [
          /** @type {HTMLElement} */ (row).dataset.chatId,
          row.getBoundingClientRect().top - top,
        ]),
      );
    });
    for (const [chatId, was] of Object.entries(seen.tops))
      assert.ok(Math.abs(tops[chatId] - was) <= 3, `chat ${chatId} stays in place: ${was} then ${tops[chatId]}`);
    const record = await pageRecord(page);
    assert.deepEqual(record.violations, [], 'nothing breaks the CSP');
    assert.deepEqual(log.pageErrors, []);
    await page.close();
  },
);

test(
  'the page fetches the code that draws the first rows only when the script came slowly',
  { timeout: 60000 },
  async () => {
    const { url, page, log } = await strictCspPage();
    const scripts = /** @type {string[]} */ ([]);
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.evaluateOnNewDocument(watchFirstRows);
    await page.goto(url);
    await pollPage(page, `window.__ocpDeep('#status')?.textContent.startsWith('ready')`, 'ocp-ready', 30000);
    assert.ok(
      scripts.some((url) => /\/chunks\/panel-[\w-]+\.js$/.test(url)),
      `the panel's chunk is fetched: ${scripts.join(', ')}`,
    );
    // A quick network here, unless a busy machine made the local server slow: the rule is the
    // script's own time by Resource Timing (src/first-rows.ts, slowNetwork.scriptMs).
    const scriptMs = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes('/widget-script.js'))?.duration ??
        0,
    );
    const fetched = scripts.filter((url) => url.includes('first-rows'));
    assert.ok(slowScriptMs > 0, 'slowNetwork.scriptMs read from src/first-rows.ts');
    if (scriptMs < slowScriptMs) {
      assert.deepEqual(fetched, [], `no first rows code after a script of ${scriptMs} ms`);
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).__firstRowsSeen.at), 0, 'no first rows');
    } else assert.equal(fetched.length, 1, `the drawing, once, after a script of ${scriptMs} ms`);
    assert.deepEqual(log.pageErrors, []);
    await page.close();
  },
);
