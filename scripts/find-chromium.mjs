// Finds a Chromium the test runner and the benchmark can launch. Browser downloads do not work
// on our machines, so we use the system's Chromium: CHROME_PATH first, then Debian's paths.
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROME_PATH,
  '/usr/lib/chromium/chromium', // Debian's real binary; /usr/bin/chromium is a wrapper script
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);

/** Flags every headless launch needs here: root needs --no-sandbox; the network is closed. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The tests' launches add two. No process per site. A test page, the blank page between test
 * files and the next test page then share a renderer instead of starting one each: that saved
 * about 1 s of CPU per test file here (12 small files: 26 to 37 s of CPU, then 17 s). Nothing
 * the panel does depends on the process model (Chromium on low-memory Android runs without it);
 * the benchmark keeps the default, as operators' browsers have it.
 */
export const testChromiumArgs = [
  ...chromiumArgs,
  '--disable-site-isolation-trials',
  // Headless Chromium is the whole browser: each start, and each new window, loaded the
  // omnibox's WebUI popup in the background (some 800 chrome:// requests in one test file's
  // trace), about 2 s of CPU a launch for a popup no test opens.
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  // Every host but this machine's fails at once: a test that says "nothing was sent to that host"
  // sees a request that went there end at once, and hostile URLs do not wait on DNS.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  // V8's tiers up to Maglev, not TurboFan: a test file's code runs for seconds, and TurboFan's
  // compiles (on threads of their own, beside every other group of `npm test`) cost more CPU than
  // they earn back there. The Chromium group alone: 158, 173 and 198 CPU-s against 140, 162 and
  // 164 in three alternating pairs. The tests judge behaviour, never speed; the benchmark keeps
  // V8's default tiers, as operators' browsers have them.
  '--js-flags=--max-opt=2',
];

/** @returns {string} the path of a Chromium binary; exits the process with advice when none. */
export function findChromium() {
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  console.error(
    [
      'No Chromium found for the browser tests.',
      'Install one with:  apt-get update && apt-get install -y chromium',
      'or point CHROME_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
