// A @web/test-runner plugin with one server command, `send-wheel` {x, y, deltaY, native?}: the mouse moves
// to (x, y) in the page's viewport and turns the wheel there, through puppeteer, so the page gets
// real, trusted wheel events and the scrolling they cause, as an operator's mouse would give.
// (@web/test-runner-commands moves and clicks the mouse but has no wheel.) Firefox takes the same
// puppeteer calls over WebDriver BiDi; WebKit's launcher (scripts/webkit-launcher.mjs) answers
// them too, its wheel done in the page, since WebKitGTK's automation delivers wheel turns late;
// `native: true` sends WebKit WebDriver's own wheel action instead (late, and for the caller to wait for).

export function wheelPlugin() {
  return {
    name: 'wheel-command',
    /** @param {{ command: string, payload: any, session: any }} context */
    async executeCommand({ command, payload, session }) {
      if (command !== 'send-wheel') return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error('send-wheel needs a puppeteer launcher');
      const page = session.browser.getPage(session.id);
      const { x, y, deltaY, native = false } = payload ?? {};
      if (![x, y, deltaY].every((value) => typeof value === 'number' && Number.isFinite(value)))
        throw new Error('send-wheel takes {x, y, deltaY} numbers');
      await page.mouse.move(Math.round(x), Math.round(y));
      await page.mouse.wheel({ deltaY, native: native === true });
      return true;
    },
  };
}
