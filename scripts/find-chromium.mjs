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
