/**
 * Issue 8, hostile hosts (contract §1, §8): the tested recipes of docs/recipes/ (a plain page
 * with a strict CSP and Trusted Types, React 19, Vue 3, Angular, a panel inside another shadow
 * root) and a page with aggressive global CSS. In each, an operator uses the panel with the
 * real mouse and keyboard, the host hears its events and drives its properties, nothing breaks
 * a policy, and the panel looks the same as on the plain page: same rows, same computed styles.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createOrg } from '../test-server/helpers.js';
import { openRecordedPage, pageRecord, pollPage } from './support/browser.js';
import { recipesDir, strictCsp, testPagesDir } from './support/host-server.js';
import { useHostSuite } from './support/host-suite.js';
import { panelDriver } from './support/panel-driver.js';

const suite = useHostSuite();

/** Computed styles that tell whether the page's CSS reached into the panel. */
function styleFingerprint(/** @type {any} */ panel) {
  const root = panel.shadowRoot;
  const pick = (/** @type {string} */ selector, /** @type {string[]} */ properties) => {
    const element = root.querySelector(selector);
    if (!element) return `missing ${selector}`;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    return Object.fromEntries([
      ...properties.map((name) => [name, style.getPropertyValue(name)]),
      ['size', `${Math.round(rect.width)}x${Math.round(rect.height)}`],
    ]);
  };
  const text = [
    'font-size',
    'font-family',
    'font-style',
    'font-weight',
    'line-height',
    'letter-spacing',
    'word-spacing',
    'text-transform',
    'text-indent',
    'text-align',
    'white-space',
    'text-shadow',
    'color',
    'cursor',
  ];
  return {
    panel: pick('[part~="panel"]', [...text, 'background-color', 'display']),
    header: pick('[part~="header"]', text),
    row: pick('[part~="chat-item"]', [...text, 'display']),
    message: pick('[part~="message"]', [...text, 'background-color']),
    input: pick('[part~="composer-input"]', [...text, 'display', 'visibility', 'opacity']),
    send: pick('[part~="send-button"]', ['display', 'visibility', 'opacity', 'background-color', 'font-size']),
  };
}

/**
 * Icons whose shapes are not all drawn: a shape nested in another shape (how an HTML minifier
 * reads `<rect/><path/>` without the slash) is never painted.
 */
function misdrawnIcons(/** @type {any} */ panel) {
  const problems = [];
  const shapes = 'path, rect, circle, ellipse, line, polyline, polygon';
  const walk = (/** @type {ParentNode} */ root) => {
    for (const svg of root.querySelectorAll('svg')) {
      for (const shape of svg.querySelectorAll(shapes)) {
        if (shape.parentElement?.closest(shapes))
          problems.push(`${shape.localName} inside ${shape.parentElement.localName}`);
      }
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
  };
  walk(panel.shadowRoot);
  return problems;
}

/** The centre of a part, after checking that a click there lands on it (nothing covers it). */
async function clickablePoint(/** @type {ReturnType<typeof panelDriver>} */ panel, /** @type {string} */ selector) {
  const point = await panel.inPanel((root, query) => {
    const element = root.shadowRoot.querySelector(query);
    if (!element) return null;
    element.scrollIntoView({ block: 'nearest' });
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const hit = root.shadowRoot.elementFromPoint(x, y);
    return { x, y, hits: !!hit && (hit === element || element.contains(hit)) };
  }, selector);
  assert.ok(point, `${selector} is rendered`);
  assert.ok(point.hits, `a click on ${selector} reaches it`);
  return point;
}

/**
 * What an operator does, with the real mouse and keyboard, and what the host sees of it.
 * @param {{ dir: string, csp?: string, status?: boolean }} host
 */
async function useThePanel(host) {
  const { server, browser } = suite;
  const org = await createOrg(server.base);
  const chatId = org.fixtures.chats.bot;
  const hostPage = server.page({ dir: host.dir, token: org.token, csp: host.csp });
  const { page, log } = await openRecordedPage(browser);
  await page.goto(hostPage.url);
  const panel = panelDriver(page);
  // The first eight rows: a list lays out the rows in sight first, the rest a frame later.
  await panel.waitForRows(8);
  const rowNames = (await panel.rows()).slice(0, 8).map((row) => row.name);
  if (host.status !== false) {
    await pollPage(page, `window.__ocpDeep('#status')?.textContent.startsWith('ready')`, 'the host to hear ocp-ready');
  }

  const row = await clickablePoint(panel, `[part~="chat-item"][data-chat-id="${chatId}"]`);
  await page.mouse.click(row.x, row.y);
  await panel.wait('the chat to open', (root) => root.shadowRoot.querySelectorAll('[part~="message"]').length > 0);
  // Clicked before the panel's code is in (a host that does not wait for ocp-ready), the chat shows
  // its messages first and its composer once the panel has taken over (src/boot/first-conversation.ts).
  await panel.wait('its composer', (root) => root.shadowRoot.querySelector('[part~="composer-input"]') !== null);
  const input = await clickablePoint(panel, '[part~="composer-input"]');
  await page.mouse.click(input.x, input.y);
  const text = `typed in ${host.dir.split('/').pop()}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await panel.wait(
    'the sent message',
    (root, value) =>
      Array.from(root.shadowRoot.querySelectorAll('[part~="message"][data-message-id]')).some((message) =>
        message.textContent.includes(value),
      ),
    [text],
  );
  const stored = /** @type {{ author: number, message: string }[]} */ (
    (await org.control(`chats/${chatId}/messages`)).json
  );
  assert.equal(stored.filter((message) => message.author === 0 && message.message === text).length, 1, 'stored once');
  const live = (await org.control('customer-message', { chatId, text: 'a live customer message' })).json.id;
  await panel.wait(
    'the live message',
    (root, id) => !!root.shadowRoot.querySelector(`[part~="message"][data-message-id="${id}"]`),
    [live],
  );
  const fingerprint = await panel.inPanel(styleFingerprint);
  assert.deepEqual(await panel.inPanel(misdrawnIcons), [], 'every icon of the built widget is drawn whole');

  if (host.status !== false) {
    // The host drives a property through its own framework: the theme button.
    const themeButton = /** @type {{ x: number, y: number }} */ (
      await page.evaluate(() => {
        const rect = /** @type {any} */ (window).__ocpDeep('#theme').getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      })
    );
    await page.mouse.click(themeButton.x, themeButton.y);
    await panel.wait(
      'the dark theme from the host',
      (root) =>
        root.getAttribute('theme') === 'dark' &&
        getComputedStyle(root.shadowRoot.querySelector('[part~="panel"]')).backgroundColor === 'rgb(13, 17, 23)',
    );
  }

  const record = await pageRecord(page);
  assert.deepEqual(record.violations, [], 'no CSP or Trusted Types violation');
  assert.deepEqual(log.pageErrors, [], 'no uncaught error');
  assert.deepEqual(log.dialogs, []);
  assert.deepEqual(
    record.console.filter((entry) => entry.level === 'error' || entry.level === 'warn'),
    [],
    'no warning or error logged',
  );
  assert.ok(record.events.some((event) => event.type === 'ocp-ready'));
  await page.close();
  return { rowNames, fingerprint };
}

describe('hosts: the panel works the same in each', () => {
  /** @type {Awaited<ReturnType<typeof useThePanel>>} */
  let plain;

  test('plain page with a strict CSP and Trusted Types (docs/recipes/plain-csp)', { timeout: 60000 }, async () => {
    plain = await useThePanel({ dir: join(recipesDir, 'plain-csp') });
    assert.equal(plain.fingerprint.panel.size, '1000x600');
  });

  const hosts = [
    { name: 'React 19 (docs/recipes/react)', dir: join(recipesDir, 'react') },
    { name: 'Vue 3 (docs/recipes/vue)', dir: join(recipesDir, 'vue') },
    // Just-in-time compilation evaluates templates; everything else stays strict.
    {
      name: 'Angular, JIT and zoneless (docs/recipes/angular)',
      dir: join(recipesDir, 'angular'),
      csp: strictCsp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
    },
    { name: 'inside another shadow root (docs/recipes/shadow-root)', dir: join(recipesDir, 'shadow-root') },
    { name: 'a page with aggressive global CSS', dir: join(testPagesDir, 'aggressive-css'), status: false },
  ];
  for (const host of hosts) {
    test(host.name, { timeout: 90000 }, async () => {
      assert.ok(plain, 'the plain page ran first');
      const seen = await useThePanel(host);
      assert.deepEqual(seen.rowNames, plain.rowNames, 'the same chats');
      assert.deepEqual(seen.fingerprint, plain.fingerprint, 'the same look: the page’s CSS stays out');
    });
  }
});
