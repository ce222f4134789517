/**
 * For tests of a chunk that does not load: while the page's cookie `ocp-fail-module` holds part
 * of a script's path, the connection that asks for that script is dropped, as a flaky network
 * drops it. A dropped connection rather than an error status: the test runner marks every
 * answer for a file as cacheable for a year, and the browser would keep an error answer and
 * never ask again. Scripts are answered with `Vary: Cookie`, so one that an earlier test file
 * loaded (and the browser keeps) is asked for again once the cookie is set (a Chromium page's
 * memory cache ignores that: see `failModulePlugin`). The test sets the cookie before the panel
 * asks for the chunk and clears it to let the next attempt through.
 */
export function failModuleMiddleware() {
  return async (context, next) => {
    const script = /\.[jt]s$/.test(context.path);
    const name = context.cookies.get('ocp-fail-module');
    if (script && name && context.path.includes(name)) {
      context.respond = false;
      context.req.socket.destroy();
      return;
    }
    await next();
    if (script) context.vary('Cookie');
  };
}

/**
 * The server command `bypass-cache` {bypass}: while a test makes scripts fail, a Chromium page
 * asks the network for every script. The runner reuses a page for the files that run one after
 * another, and Blink's memory cache outlives its navigations: a chunk an earlier file loaded is
 * taken from it without a request (no-store or not), and the dropped connection never happens.
 * Firefox and WebKit ask again (their pages keep no such copy).
 *
 * Puppeteer follows no network events in these tests (scripts/browser-pool.mjs), and without the
 * Network domain on, Chromium bypasses no cache: the bypass is a DevTools session of its own with
 * that domain on, held while the bypass lasts; detaching it ends both.
 */
export function failModulePlugin() {
  /** A page's session that bypasses the cache. @type {WeakMap<object, import('puppeteer-core').CDPSession>} */
  const bypassing = new WeakMap();
  return {
    name: 'bypass-cache-command',
    /** @param {{ command: string, payload: any, session: any }} context */
    async executeCommand({ command, payload, session }) {
      if (command !== 'bypass-cache') return undefined;
      if (!/^Chrom/.test(session.browser.name)) return true;
      const page = session.browser.getPage(session.id);
      const held = bypassing.get(page);
      if (payload?.bypass === true && !held) {
        const devtools = await page.createCDPSession();
        await devtools.send('Network.enable');
        await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
        bypassing.set(page, devtools);
      } else if (payload?.bypass !== true && held) {
        bypassing.delete(page);
        await held.detach();
      }
      return true;
    },
  };
}
