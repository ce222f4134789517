// `npm run screenshots`: starts the demo server, drives the panel in headless Chromium and
// writes the README's screenshots to docs/: every state in the light and the dark theme
// (`docs/<state>-<theme>.png`) and the restyled demo. Run `npm run build` first.
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from './find-chromium.mjs';

const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('node', ['demo/server/start.mjs'], {
  env: { ...process.env, PORT: String(port), OCP_SIMULATE: '0' },
  stdio: 'pipe',
});
await new Promise((resolve) => server.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve()));
const origin = `http://127.0.0.1:${port}`;
const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs in the page: the first panel's shadow root, and calls to the demo org's control API. */
const pageHelpers = () => {
  window.ocpRoot = () => document.querySelector('operator-chat-panel').shadowRoot;
  window.ocpControl = async (path, body) => {
    const token = document.getElementById('operator-chat-panel-script').getAttribute('token');
    const org = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).organizationId;
    const response = await fetch(`/__control/orgs/${org}/${path}`, {
      method: body === null ? 'DELETE' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === null ? undefined : JSON.stringify(body),
    });
    return response.json();
  };
  window.ocpType = async (text) => {
    const input = window.ocpRoot().querySelector('[part~="composer-input"]');
    input.value = text;
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  window.ocpOpenChat = async (index) => {
    window.ocpRoot().querySelectorAll('[part~="chat-item"]')[index].click();
    while (window.ocpRoot().querySelectorAll('[part~="message"]').length === 0)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 600));
  };
};

async function page(theme, path = '/', height = 700, permissions = []) {
  // Site permissions (desktop notifications) as a state needs them; none granted otherwise.
  const context = browser.defaultBrowserContext();
  await context.clearPermissionOverrides();
  if (permissions.length) await context.overridePermissions(origin, permissions);
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1060, height });
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await tab.evaluateOnNewDocument(pageHelpers);
  // Each state as a new operator finds the panel: nothing remembered from the one before (the
  // customer details left open covered the composer in every later state's picture).
  await tab.evaluateOnNewDocument(() => localStorage.clear());
  await tab.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
  await tab.waitForFunction(() => window.ocpRoot()?.querySelector('[part~="chat-item"]'), { timeout: 15000 });
  await pause(500);
  return tab;
}

const bannerShows = (kind) => ({
  wait: (value) => window.ocpRoot().querySelector(`[part~="banner"][data-kind="${value}"]`),
  waitArg: kind,
});

// What each state does on a fresh demo page (`act` runs in the page, then `keys` are pressed
// through the browser; then `wait` holds there), and what to photograph: the panel's box, its
// header alone (`box: 'header'`), or the whole window when the state lives outside it (modal
// dialogs, the floating launcher and popup).
const states = {
  'chat-list': { box: true, act: () => {} },
  'list-filters': {
    box: true,
    act: async () => {
      const root = window.ocpRoot();
      root.querySelector('[part~="filter-unread"]').click();
      while (root.querySelector('[part~="list-filters"] [aria-pressed="true"]') === null)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 600));
    },
  },
  'list-filters-empty': {
    box: true,
    act: async () => {
      const root = window.ocpRoot();
      root.querySelector('[part~="filter-starred"]').click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const channel = root.querySelector('[part~="channel-filter"]');
      channel.value = '8';
      channel.dispatchEvent(new Event('change'));
    },
    wait: () => window.ocpRoot().querySelector('[part~="list-empty"]'),
  },
  conversation: { box: true, act: () => window.ocpOpenChat(3) },
  // Anna (the newest seeded chat): tags, a rating, a language, and her two earlier, closed chats.
  'customer-details': {
    box: true,
    act: async () => {
      await window.ocpOpenChat(0);
      window.ocpRoot().querySelector('[part~="customer-details-toggle"]').click();
    },
    wait: () => window.ocpRoot().querySelectorAll('[part~="customer-chat"]').length > 0,
  },
  'composer-note': {
    box: true,
    act: async () => {
      await window.ocpOpenChat(1);
      window.ocpRoot().querySelector('[part~="note-toggle"]').click();
      await window.ocpType('Customer asked twice about the refund: escalate to billing.');
    },
  },
  'composer-failed-message': {
    box: true,
    act: async () => {
      await window.ocpOpenChat(1);
      await window.ocpControl('faults', { fail500: 1, paths: '/message$' });
      await window.ocpType('Your parcel leaves the warehouse tomorrow morning.');
      window.ocpRoot().querySelector('[part~="send-button"]').click();
      while (!window.ocpRoot().querySelector('[part~="message--failed"]'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      await window.ocpType('And a draft that survives a reload');
    },
  },
  'delete-confirmation': {
    box: false,
    act: async () => {
      await window.ocpOpenChat(2);
      window.ocpRoot().querySelector('.conversation__delete').click();
    },
  },
  'quick-replies': {
    box: true,
    // The demo page gives the panel its quick replies (demo/controls.js); a slash opens them.
    act: async () => {
      await window.ocpOpenChat(1);
      window.ocpRoot().querySelector('[part~="composer-input"]').focus();
    },
    keys: ['/', 'ArrowDown'],
    wait: () => window.ocpRoot().querySelector('[part~="quick-reply--active"]'),
  },
  shortcuts: {
    box: false,
    act: () => window.ocpRoot().querySelector('[part~="chat-item"]').focus(),
    keys: ['?'],
    wait: () => window.ocpRoot().querySelector('dialog[part~="shortcuts"]')?.open,
  },
  'media-viewer': {
    box: false,
    act: async () => {
      await window.ocpOpenChat(0);
      const media = [...window.ocpRoot().querySelectorAll('ocp-message-media')].find((element) =>
        element.shadowRoot.querySelector('.photo-box'),
      );
      media.shadowRoot.querySelector('.photo-box').click();
      await new Promise((resolve) => setTimeout(resolve, 600));
    },
  },
  'banner-offline': {
    box: true,
    act: async () => {
      // Connections dropped: the service cannot be reached (a 5xx is the retrying error banner).
      await window.ocpControl('faults', { drop: 1000, paths: '/api/chat/chats$' });
      void document.querySelector('operator-chat-panel').refresh();
    },
    ...bannerShows('offline'),
    // Healthy again for the next state; the banner stays until the panel's next attempt.
    after: () => window.ocpControl('faults', null),
  },
  'banner-error': {
    box: true,
    act: async () => {
      await window.ocpOpenChat(2);
      await window.ocpControl('faults', { fail500: 1, paths: '/api/chat/status$' });
      const select = window.ocpRoot().querySelector('[part~="status-select"]');
      select.value = '4';
      select.dispatchEvent(new Event('change'));
    },
    ...bannerShows('error'),
  },
  'session-expired': {
    box: true,
    act: async () => {
      const { token } = await window.ocpControl('token', { expiresInSeconds: -120 });
      document.getElementById('operator-chat-panel-script').setAttribute('token', token);
    },
    ...bannerShows('expired'),
  },
  'sign-in-required': {
    box: true,
    act: () => document.getElementById('operator-chat-panel-script').setAttribute('token', 'not-a-jwt'),
    ...bannerShows('auth'),
  },
  'configuration-error': {
    box: true,
    // A panel the page wrote with a bad base-url, in place of the mounted one.
    act: () => {
      const panel = document.createElement('operator-chat-panel');
      panel.setAttribute('base-url', 'ftp://chat.example');
      document.querySelector('operator-chat-panel').replaceWith(panel);
    },
    ...bannerShows('config'),
  },
  'notify-bell': {
    box: 'header',
    // The browser allows desktop notifications: the bell is on.
    permissions: ['notifications'],
    act: () => document.querySelector('operator-chat-panel').setAttribute('notify', 'title sound desktop'),
    wait: () => window.ocpRoot().querySelector('[part~="notify-toggle"][aria-pressed="true"]'),
  },
  'notify-blocked': {
    box: 'header',
    // Desktop notifications alone, in a browser that does not allow them: the bell's click explains.
    act: async () => {
      document.querySelector('operator-chat-panel').setAttribute('notify', 'desktop');
      while (!window.ocpRoot().querySelector('[part~="notify-toggle"]'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      window.ocpRoot().querySelector('[part~="notify-toggle"]').click();
    },
    wait: () => window.ocpRoot().querySelector('#ocp-notify-note'),
  },
  'floating-closed': {
    box: false,
    act: () => document.querySelector('operator-chat-panel').setAttribute('mode', 'floating'),
    wait: () => window.ocpRoot().querySelector('[part~="launcher"] [part~="unread-badge"]'),
  },
  'floating-open': {
    box: false,
    act: async () => {
      document.querySelector('operator-chat-panel').setAttribute('mode', 'floating');
      while (!window.ocpRoot().querySelector('[part~="launcher"]'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      window.ocpRoot().querySelector('[part~="launcher"]').click();
    },
  },
};

async function shoot(tab, name, box) {
  await pause(300);
  const path = `docs/${name}.png`;
  if (box === 'header') {
    const header = await tab.evaluateHandle(() => window.ocpRoot().querySelector('[part~="header"]'));
    await header.asElement().screenshot({ path });
  } else if (box) await (await tab.$('.crm-panel-box, .restyle-box')).screenshot({ path });
  else await tab.screenshot({ path });
  console.log(`  ${path}`);
}

// `node scripts/screenshots.mjs list-filters conversation`: only the states named.
const only = process.argv.slice(2);
try {
  for (const theme of ['light', 'dark']) {
    for (const [name, state] of Object.entries(states)) {
      if (only.length > 0 && !only.includes(name)) continue;
      const tab = await page(theme, '/', 700, state.permissions);
      await tab.evaluate(state.act);
      for (const key of state.keys ?? []) await tab.keyboard.press(key);
      if (state.wait) await tab.waitForFunction(state.wait, { timeout: 15000 }, state.waitArg);
      if (state.after) await tab.evaluate(state.after);
      await shoot(tab, `${name}-${theme}`, state.box);
      await tab.close();
    }
  }
  // The restyled pages only with every state.
  if (only.length === 0) {
    // Taller, so the floating launcher clears the inline panel.
    const restyled = await page('light', '/restyle.html', 760);
    await restyled.evaluate(() => window.ocpOpenChat(1));
    await shoot(restyled, 'restyled', false);
    await restyled.evaluate(() =>
      document.querySelectorAll('operator-chat-panel')[1].shadowRoot.querySelector('[part~="launcher"]').click(),
    );
    await shoot(restyled, 'restyled-floating-open', false);
  }
  console.log('screenshots written to docs/');
} finally {
  await browser.close();
  server.kill();
}
