/**
 * One host server and one browser context per test file, started before its tests and closed after.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { openBrowserContext } from './browser.js';
import { distDir, startHostServer } from './host-server.js';

/**
 * @returns {{ server: Awaited<ReturnType<typeof startHostServer>>, browser: Awaited<ReturnType<typeof openBrowserContext>> }}
 *   filled in once the `before` hook ran
 */
export function useHostSuite() {
  const suite = /** @type {any} */ ({});
  before(async () => {
    if (!existsSync(join(distDir, 'widget-script.js')))
      throw new Error('These tests run the built widget: `npm run build` first.');
    suite.server = await startHostServer();
    suite.browser = await openBrowserContext();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
