/**
 * The demo page of `npm start` (contract §9), as a visitor sees it: it says what it is, shows the
 * embed as a page author writes it and where the token comes from, keeps the fault switches in
 * view at 1280×800, stacks at 420 px without sideways overflow, and runs under its strict CSP.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowserContext, openRecordedPage, pageRecord, pollPage } from './support/browser.js';
import { distDir } from './support/host-server.js';

const root = new URL('../', import.meta.url);
/** @type {import('node:child_process').ChildProcess} */
let server;
/** @type {Awaited<ReturnType<typeof openBrowserContext>>} */
let browser;
let origin = '';

before(async () => {
  if (!existsSync(join(distDir, 'widget-script.js')))
    throw new Error('These tests run the built widget: `npm run build` first.');
  // The demo server itself, on a free port, with the customers still (nothing moves under the checks).
  server = spawn('node', ['demo/server/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', OCP_SIMULATE: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  origin = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`demo server exited (${code})`)));
    server.stdout.on('data', (chunk) => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(String(chunk))?.[0];
      if (url) resolve(url);
    });
  });
  browser = await openBrowserContext();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** The demo page at this window size, once the panel shows its chats; `log` is what the browser reported. */
async function openDemo(width, height) {
  const { page, log } = await openRecordedPage(browser);
  await page.setViewport({ width, height });
  await page.goto(`${origin}/`);
  await pollPage(page, `window.__ocpDeep('[part~="chat-item"]') !== null`, 'the panel lists chats');
  return { page, log };
}

/** Boxes of the fault switches, and how wide the page is against its window. */
function measure(page) {
  return page.evaluate(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { name: element.textContent.trim().split('\n')[0], ...rect.toJSON() };
    };
    return {
      switches: [...document.querySelectorAll('.demo-controls button, .demo-controls select')].map(box),
      panel: box(document.querySelector('operator-chat-panel')),
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    };
  });
}

test('says what it is, shows the one script tag as text and where its token comes from', async () => {
  const response = await fetch(`${origin}/`);
  assert.match(response.headers.get('content-security-policy'), /script-src 'self'; style-src 'self'/);
  const { page, log } = await openDemo(1280, 800);
  const seen = await page.evaluate(() => ({
    intro: document.querySelector('.demo-intro')?.textContent.replace(/\s+/g, ' ') ?? '',
    snippet: document.querySelector('.demo-intro pre > code')?.textContent ?? '',
    widgetScripts: document.querySelectorAll('script[src*="widget-script.js"]').length,
    inlineScripts: [...document.scripts].filter((script) => !script.src).length,
    styledElements: document.querySelectorAll('[style]').length,
  }));
  assert.match(seen.intro, /made-up CRM page that embeds the real, built panel/);
  assert.equal(
    seen.snippet,
    [
      '<script type="module" id="operator-chat-panel-script"',
      '        src="/operator-chat-panel/widget-script.js"',
      '        token="OPERATOR_JWT"></script>',
    ].join('\n'),
  );
  assert.equal(seen.widgetScripts, 1, 'the snippet is text, not a second live tag');
  for (const call of ['POST /api/company/get-token', 'POST /api/operator/get-token', 'README.md'])
    assert.ok(seen.intro.includes(call), `the intro names ${call}`);
  assert.match(seen.intro, /company token never reaches the browser/);
  assert.equal(seen.inlineScripts, 0);
  assert.equal(seen.styledElements, 0);
  assert.deepEqual((await pageRecord(page)).violations, [], 'nothing breaks the CSP');
  // A visitor who opens the console finds nothing wrong (a missing favicon was logged as a 404).
  const errors = log.console.filter((message) => message.type === 'error').map((message) => message.text);
  assert.deepEqual(errors, [], 'no error in the console');
  await page.close();
});

test('keeps every fault switch in view at 1280×800, beside the panel', async () => {
  const { page } = await openDemo(1280, 800);
  const { switches, panel, scrollWidth, clientWidth } = await measure(page);
  assert.ok(switches.length >= 14, `${switches.length} switches`);
  const outOfView = switches.filter((box) => box.top < 0 || box.bottom > 800 || box.left < 0 || box.right > 1280);
  assert.deepEqual(
    outOfView.map((box) => `${box.name} at ${Math.round(box.top)}..${Math.round(box.bottom)}`),
    [],
  );
  assert.ok(
    switches.every((box) => box.left >= panel.right),
    'the switches sit beside the panel',
  );
  assert.equal(scrollWidth, clientWidth);
  await page.close();
});

test('stacks at 420 px wide: nothing overflows sideways and the switches still work', async () => {
  const { page } = await openDemo(420, 800);
  const { switches, panel, scrollWidth, clientWidth } = await measure(page);
  assert.equal(scrollWidth, clientWidth, 'no horizontal overflow');
  assert.ok(panel.right <= 420 && panel.width >= 360, `panel ${Math.round(panel.left)}..${Math.round(panel.right)}`);
  const cut = switches.filter((box) => box.left < 0 || box.right > 420);
  assert.deepEqual(
    cut.map((box) => box.name),
    [],
  );
  assert.ok(
    switches.every((box) => box.top >= panel.bottom),
    'the switches come under the panel',
  );
  // The server runs without the simulator here: the switch says so, and turns it on.
  const simulator = await page.$('button[data-action="simulator"]');
  await pollPage(page, `document.querySelector('.demo-simulator-state').textContent === 'off'`, 'the state');
  await simulator.scrollIntoView();
  // A click is aimed at the page as last drawn: the scroll's frame first (a busy machine draws late).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await simulator.click();
  await pollPage(
    page,
    `document.querySelector('.demo-status').textContent === 'Simulator running' &&
      document.querySelector('button[data-action="simulator"]').getAttribute('aria-pressed') === 'true'`,
    'the switch answers',
  ).catch(async (error) => {
    const status = await page.evaluate(() => document.querySelector('.demo-status')?.textContent);
    throw new Error(`${error.message} (the page's status line: "${status}")`);
  });
  // The panel's attributes: a theme and a language.
  await page.select('select[data-attribute="theme"]', 'dark');
  await page.select('select[data-attribute="lang"]', 'es');
  await pollPage(
    page,
    `document.querySelector('operator-chat-panel').getAttribute('theme') === 'dark' &&
      window.__ocpDeep('[part~="search-input"]')?.placeholder === 'Buscar chats'`,
    'the panel dark and in Spanish',
  );
  await page.close();
});
