/**
 * One host server and one Chromium per test file, started before its tests and closed after.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { launchBrowser } from './browser.js';
import { distDir, startHostServer } from './host-server.js';

/**
 * @returns {{ server: Awaited<ReturnType<typeof startHostServer>>, browser: import('puppeteer-core').Browser }}
 *   filled in once the `before` hook ran
 */
export function useHostSuite() {
  const suite = /** @type {any} */ ({});
  before(async () => {
    if (!existsSync(join(distDir, 'widget-script.js')))
      throw new Error('These tests run the built widget: `npm run build` first.');
    suite.server = await startHostServer();
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
