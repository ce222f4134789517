// A @web/test-runner plugin with one server command, `set-page-hidden` {hidden: boolean}: it
// minimizes or restores the test page's browser window over CDP, so Chromium itself hides the
// page (visibilityState, visibilitychange, background timer throttling), as when an operator
// switches away. Only honest in a browser launched WITHOUT puppeteer's switches that keep
// background pages running, so it answers only for the launcher it was given.

/**
 * @param {import('@web/test-runner').BrowserLauncher} launcher the hidden-page group's launcher
 */
export function pageVisibilityPlugin(launcher) {
  /** @type {WeakMap<object, Promise<{ session: any, windowId: number }>>} */
  const windows = new WeakMap();
  return {
    name: 'page-visibility-command',
    /** @param {{ command: string, payload: unknown, session: any }} context */
    async executeCommand({ command, payload, session }) {
      if (command !== 'set-page-hidden') return undefined;
      if (session.browser !== launcher) {
        return { ok: false, reason: 'set-page-hidden runs only in the hidden-page group (wtr --group hidden-page)' };
      }
      const page = session.browser.getPage(session.id);
      if (!windows.has(page)) {
        windows.set(
          page,
          (async () => {
            const cdp = await page.createCDPSession();
            const { windowId } = await cdp.send('Browser.getWindowForTarget');
            return { session: cdp, windowId };
          })(),
        );
      }
      const { session: cdp, windowId } = await windows.get(page);
      const hidden = Boolean(/** @type {{ hidden?: unknown }} */ (payload)?.hidden);
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: hidden ? 'minimized' : 'normal' } });
      return { ok: true };
    },
  };
}
