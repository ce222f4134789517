// The engines besides Chromium that the browser tests run in: Debian's Firefox ESR (through
// puppeteer-core over WebDriver BiDi) and WebKitGTK's MiniBrowser (through WebKitWebDriver on
// Xvfb). Nothing is downloaded: the browsers come from apt. A missing browser fails the run
// loudly; OCP_SKIP_ENGINES=firefox,webkit (either or both) is the explicit way to leave one out.
import { existsSync } from 'node:fs';
import * as puppeteerCore from 'puppeteer-core';
import { webkitLauncher } from './webkit-launcher.mjs';
import { chromeLauncher } from '@web/test-runner-chrome';
import { launcherPool, quietLaunchOptions } from './browser-pool.mjs';

/**
 * The cross-engine group: where engines differ and the product's promises live. Left out, and
 * why: test/hidden-page/ minimizes the window over CDP (Chromium only); the unit tests of plain
 * modules run the same JavaScript in every engine. The built script (test-dist/: boot, list, open,
 * send, switch language) runs in every engine too: after these files, once it is built.
 */
export const crossEngineFiles = [
  'test/boot/first-screen.test.ts', // the first screen drawn before the panel is in, and taken over in place
  'test/boot/first-screen-failure.test.ts', // a first screen without rows taken over: the panel says why
  'test/boot/first-conversation.test.ts', // a chat chosen there, drawn early, and taken over without a message moving
  'test/operator-chat-panel.scroll.test.ts', // open at newest, follow, hold while reading, bursts, late images
  'test/operator-chat-panel.long-chat.test.ts',
  'test/operator-chat-panel.list-ends.test.ts', // no key past the end, a chat opens at its place, the wheel kept
  'test/conversation/conversation.test.ts', // the place decided after a render shows without another
  'test/operator-chat-panel.conversation.test.ts',
  'test/operator-chat-panel.layout.test.ts', // wide and narrow layout (container queries), resize
  'test/operator-chat-panel.fit.test.ts', // what fits at 420 and 1280 px: the header, the details, every language
  'test/chat-list/keyed-rows.test.ts', // rows with slowly loading photos
  'test/ui/avatar.test.ts', // the header's and the details' photo: loading, failed, already held
  'test/chat-list/rows-in-sight.test.ts', // a list's rows in sight at its first frame, the rest after it
  'test/operator-chat-panel.keyboard-work.test.ts',
  'test/conversation/list-input.test.ts', // an operator's scroll under way: a frame callback runs in its event's frame
  'test/operator-chat-panel.escape-layers.test.ts', // one layer per Escape, inline and floating
  'test/operator-chat-panel.find.test.ts', // Ctrl+F / Cmd+F, a match far up brought into view, the place given back
  'test/operator-chat-panel.focus-lands.test.ts', // after a deletion, after choosing the composer's mode
  'test/a11y/keyboard.test.ts', // list, message list, dialogs, narrow layout
  'test/panel/shortcut-sheet.test.ts',
  'test/operator-chat-panel.composer.test.ts',
  'test/conversation/composer/composer-keys.test.ts', // Enter, Shift+Enter, IME composition
  'test/conversation/message-media/media-tab-stops.test.ts', // a bare <video> is a Tab stop in Firefox
  'test/operator-chat-panel.attachments.test.ts', // by picker
  'test/operator-chat-panel.media.test.ts', // by drop and paste
  'test/operator-chat-panel.files.test.ts', // several at once: order, failure and retry, reload, per chat
  'test/operator-chat-panel.floating.test.ts',
  'test/operator-chat-panel.floating-failure.test.ts', // a failed chunk tried again: module maps differ
  'test/operator-chat-panel.events.test.ts', // what a page hears, out of an outer shadow root
  'test/operator-chat-panel.filters.test.ts', // triage filters; a select chosen by hand follows the filter (Firefox)
  'test/a11y/contrast.test.ts', // dark mode
];

export const engines = {
  firefox: {
    name: 'Firefox',
    candidates: [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'],
    install: 'firefox-esr',
  },
  webkit: {
    name: 'WebKit',
    candidates: [process.env.WEBKIT_WEBDRIVER_PATH, '/usr/bin/WebKitWebDriver'],
    miniBrowser: [
      process.env.MINIBROWSER_PATH,
      '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
    ],
    install: 'webkit2gtk-driver xvfb xauth',
  },
};

/** @param {string} engine 'firefox' | 'webkit' */
export function engineSkipped(engine) {
  return (process.env.OCP_SKIP_ENGINES ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes(engine);
}

const firstExisting = (paths) => paths.filter(Boolean).find((path) => existsSync(path));

/**
 * @param {'firefox' | 'webkit'} engine
 * @returns {string | null} why the engine cannot run here, or null when it can
 */
export function engineMissing(engine) {
  const { name, candidates, install } = engines[engine];
  const lacking = [];
  if (!firstExisting(candidates)) lacking.push(name);
  if (engine === 'webkit' && !firstExisting(engines.webkit.miniBrowser)) lacking.push('MiniBrowser');
  if (engine === 'webkit' && !firstExisting(['/usr/bin/Xvfb'])) lacking.push('Xvfb');
  if (lacking.length === 0) return null;
  return `${lacking.join(', ')} not found. Install with: apt-get update && apt-get install -y ${install} (or set OCP_SKIP_ENGINES=${engine} to leave ${name} out on purpose)`;
}

/**
 * The launcher of an engine: `size` browsers of their own, one test file in each at a time (why,
 * in scripts/browser-pool.mjs).
 * @param {'firefox' | 'webkit'} engine
 * @param {number} size
 */
export function engineLauncher(engine, size = 1) {
  const missing = engineMissing(engine);
  if (missing) throw new Error(missing);
  const { name } = engines[engine];
  if (engine === 'firefox') {
    return launcherPool(
      name,
      () =>
        chromeLauncher({
          puppeteer: /** @type {any} */ (puppeteerCore),
          launchOptions: {
            browser: 'firefox',
            executablePath: firstExisting(engines.firefox.candidates),
            headless: true,
            ...quietLaunchOptions,
          },
        }),
      size,
    );
  }
  return launcherPool(
    name,
    () =>
      webkitLauncher({
        driverPath: firstExisting(engines.webkit.candidates),
        miniBrowserPath: firstExisting(engines.webkit.miniBrowser),
      }),
    size,
  );
}
