// `npm run screenshots`: starts the demo server, drives the panel in headless Chromium and
// writes the README's screenshots to docs/. Run `npm run build` first.
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from './find-chromium.mjs';

const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('node', ['demo/server/start.mjs'], { env: { ...process.env, PORT: String(port), OCP_SIMULATE: '0' }, stdio: 'pipe' });
await new Promise((resolve) => server.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve()));
const origin = `http://127.0.0.1:${port}`;
const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function page(theme = 'light') {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1060, height: 700 });
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await tab.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await pause(800);
  return tab;
}

const panel = (tab, fn, ...args) => tab.evaluate(fn, ...args);
const shot = (tab, name) => tab.screenshot({ path: `docs/${name}.png`, clip: { x: 0, y: 60, width: 1060, height: 640 } });

try {
  const list = await page();
  await shot(list, 'chat-list');

  await panel(list, () => document.querySelector('operator-chat-panel').shadowRoot.querySelectorAll('[part~="chat-item"]')[1].click());
  await pause(1200);
  await shot(list, 'conversation');

  // A failed send: the demo organization answers the next send with a 500.
  await panel(list, async () => {
    const token = document.getElementById('operator-chat-panel-script').getAttribute('token');
    const org = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).organizationId;
    await fetch(`/__control/orgs/${org}/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fail500: 1, paths: '/message$' }) });
    const root = document.querySelector('operator-chat-panel').shadowRoot;
    const input = root.querySelector('[part~="composer-input"]');
    input.value = 'Your parcel leaves the warehouse tomorrow morning.';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    root.querySelector('[part~="send-button"]').click();
  });
  await pause(1200);
  await panel(list, () => {
    const input = document.querySelector('operator-chat-panel').shadowRoot.querySelector('[part~="composer-input"]');
    input.value = 'And a draft that survives a reload';
    input.dispatchEvent(new Event('input'));
  });
  await pause(300);
  await shot(list, 'composer-failed-message');

  // The session expires: a token whose expiry has passed replaces the current one.
  await panel(list, async () => {
    const script = document.getElementById('operator-chat-panel-script');
    const org = JSON.parse(atob(script.getAttribute('token').split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).organizationId;
    const response = await fetch(`/__control/orgs/${org}/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ expiresInSeconds: -120 }) });
    script.setAttribute('token', (await response.json()).token);
  });
  await pause(800);
  await shot(list, 'session-expired');

  const dark = await page('dark');
  await panel(dark, () => document.querySelector('operator-chat-panel').shadowRoot.querySelectorAll('[part~="chat-item"]')[0].click());
  await pause(1200);
  await shot(dark, 'conversation-dark');
  console.log('screenshots written to docs/');
} finally {
  await browser.close();
  server.kill();
}
