/**
 * Contract §1: on a slow network the script tag draws the first screen from the list's early
 * answer while the panel's code downloads (src/boot/first-screen.ts), with the panel's own
 * templates; the panel then takes it over in place. On the plain page with a strict CSP and
 * Trusted Types it comes styled and breaks no policy; from the first row on, the rows never move,
 * blink or change order, on a slow network and on a far but fast one (layout shift under 0.02).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createOrg } from '../test-server/helpers.js';
import { openRecordedPage, pageRecord, pollPage } from './support/browser.js';
import { recipesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { farFastProfile, slowProfile } from '../bench/slow-network.mjs';
import { layerChunkPath, layerNames } from '../scripts/chunk-layers.mjs';

const suite = useHostSuite();

/** The strict-CSP recipe page for a new organization, and a page that records what happens in it. */
async function strictCspPage() {
  const { server, browser } = suite;
  const org = await createOrg(server.base);
  const hostPage = server.page({ dir: join(recipesDir, 'plain-csp'), token: org.token });
  return { url: hostPage.url, ...(await openRecordedPage(browser)) };
}

/**
 * Watches every frame from the first row until a second after `ocp-ready`: whether the panel's
 * code was in when it showed, how it looked, and whether the first rows stayed the same elements
 * at the same places; and the layout shifts the browser counts.
 */
function watchFirstRows() {
  const seen = { at: 0, rowsBeforeCode: false, avatarWidth: '', held: true, why: '', shift: 0, done: false };
  Object.defineProperty(window, '__firstRowsSeen', { value: seen });
  // Whether rows were drawn when the panel's code defined the element, read at that very moment:
  // a frame callback can come late on a busy machine, after the code is in.
  const define = customElements.define;
  customElements.define = function (name, ...rest) {
    if (name === 'operator-chat-panel')
      seen.rowsBeforeCode = Boolean(document.querySelector(name)?.shadowRoot?.querySelector('[part~="chat-item"]'));
    return define.call(this, name, ...rest);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  let readyAt = 0;
  document.addEventListener('ocp-ready', () => (readyAt = performance.now()));
  let first = null;
  const look = () => {
    const root = document.querySelector('operator-chat-panel')?.shadowRoot;
    const rows = [...(root?.querySelectorAll('[part~="chat-item"]') ?? [])].slice(0, 6);
    if (!first && rows.length) {
      first = rows.map((row) => ({ row, top: row.getBoundingClientRect().top }));
      seen.at = performance.now();
      seen.avatarWidth = getComputedStyle(rows[0].querySelector('.chat-item__avatar')).width;
    } else if (first) {
      first.forEach(({ row, top }, index) => {
        if (seen.held && (rows[index] !== row || Math.abs(row.getBoundingClientRect().top - top) > 0.5)) {
          seen.held = false;
          seen.why = `row ${index}: ${rows[index] === row ? `top ${top} → ${row.getBoundingClientRect().top}` : 'another element'}`;
        }
      });
    }
    if (readyAt && performance.now() > readyAt + 1000) seen.done = true;
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

for (const [name, profile, drawnBeforeCode] of [
  ['a slow network', slowProfile, true],
  ['a far but fast network', farFastProfile, false],
])
  test(
    `on ${name}, a strict CSP page shows the first rows, and they hold still as the panel takes over`,
    { timeout: 60000 },
    async () => {
      const { url, page, log } = await strictCspPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      // The profile's network, without its CPU slowdown (this machine runs other tests beside).
      await cdp.send('Network.emulateNetworkConditions', profile.network);
      await page.evaluateOnNewDocument(watchFirstRows);
      await page.goto(url);
      await pollPage(
        page,
        `window.__firstRowsSeen.done`,
        'the first rows, the panel and a second after ocp-ready',
        45000,
      );
      await pollPage(
        page,
        `window.__ocpDeep('#status')?.textContent.startsWith('ready')`,
        'the host to hear ocp-ready',
        30000,
      );

      const seen = await page.evaluate(() => /** @type {any} */ (window).__firstRowsSeen);
      // On the slow network the list's answer comes long before the panel's code: the first screen
      // is what shows it. On the far but fast one either may come first.
      if (drawnBeforeCode) assert.equal(seen.rowsBeforeCode, true, 'the first rows came before the panel’s code');
      // Chunks asked side by side share a slow network's bandwidth: the boot and the first screen's
      // code are asked together, what draws a chat chosen there once the first screen's is in,
      // and the panel's (more than twice its size) once that is in.
      const chunks = await page.evaluate(
        (pattern) =>
          Object.fromEntries(
            performance
              .getEntriesByType('resource')
              .map((entry) => [entry.name.match(new RegExp(pattern))?.[1], entry])
              .filter(([layer]) => layer)
              .map(([layer, entry]) => [layer, { start: entry.startTime, end: entry.responseEnd }]),
          ),
        layerChunkPath.source,
      );
      const order = JSON.stringify(chunks);
      assert.deepEqual(Object.keys(chunks).sort(), [...layerNames].sort(), order);
      assert.ok(chunks['first-screen'].start < chunks.boot.end, `asked beside the boot: ${order}`);
      assert.ok(
        chunks['first-conversation'].start >= chunks['first-screen'].end,
        `a chosen chat's code after the first screen's: ${order}`,
      );
      assert.ok(chunks.panel.start >= chunks['first-conversation'].end, `the panel’s after that: ${order}`);
      assert.equal(seen.avatarWidth, '40px', 'styled by the panel’s own sheets');
      assert.equal(seen.held, true, `the first rows held still: ${seen.why}`);
      assert.ok(seen.shift < 0.02, `layout shift ${seen.shift}`);
      const record = await pageRecord(page);
      assert.deepEqual(record.violations, [], 'nothing breaks the CSP');
      assert.deepEqual(log.pageErrors, []);
      await page.close();
    },
  );
