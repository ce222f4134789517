/**
 * One host server and one Chromium per test file, started before its tests and closed after.
 */
import { after, before } from 'node:test';
import { launchBrowser } from './browser.js';
import { startHostServer } from './host-server.js';

/**
 * @returns {{ server: Awaited<ReturnType<typeof startHostServer>>, browser: import('puppeteer-core').Browser }}
 *   filled in once the `before` hook ran
 */
export function useHostSuite() {
  const suite = /** @type {any} */ ({});
  before(async () => {
    suite.server = await startHostServer();
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
