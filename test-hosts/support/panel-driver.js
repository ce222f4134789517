/**
 * Drives and reads the n-th `<operator-chat-panel>` of a page (found through other shadow roots
 * too) as an operator would: rows, messages, banners, the composer. Everything goes through the
 * panel's public parts; nothing reaches into its state.
 */

/**
 * @typedef {{ id: string, name: string, last: string, active: boolean }} Row
 * @typedef {{ id: string | null, localId: string | null, status: string, author: string, text: string }} ShownMessage
 */

/**
 * @param {import('puppeteer-core').Page} page
 * @param {number} [index]
 */
export function panelDriver(page, index = 0) {
  /**
   * Runs `fn(panel, ...args)` in the page. A source string evaluated over the DevTools protocol,
   * not `new Function` in the page: the strict CSP pages forbid eval, and puppeteer's own
   * waitForFunction would use it there (and report a violation).
   * @template T @param {(panel: any, ...args: any[]) => T} fn @param {unknown[]} args @returns {Promise<Awaited<T>>}
   */
  const inPanel = (fn, ...args) =>
    page.evaluate(`(async () => {
      const panel = window.__ocpFind()[${index}];
      if (!panel) throw new Error('no panel number ${index} in the page');
      return (${fn.toString()})(panel, ...${JSON.stringify(args)});
    })()`);

  /** Polls `predicate(panel, ...args)` until it is true. */
  const wait = async (
    /** @type {string} */ what,
    /** @type {(panel: any, ...args: any[]) => unknown} */ predicate,
    /** @type {unknown[]} */ args = [],
    timeout = 20000,
  ) => {
    const deadline = performance.now() + timeout;
    let lastError = '';
    for (;;) {
      try {
        if (await inPanel(predicate, ...args)) return;
      } catch (error) {
        lastError = /** @type {Error} */ (error).message;
      }
      if (performance.now() > deadline)
        throw new Error(`timed out waiting for ${what}${lastError ? ` (${lastError})` : ''}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
  };

  /**
   * Visits every position of a list that renders only part of itself (`chats` or `messages`):
   * scrolls it to its very top (a chat's message list adds earlier rows there), then to the
   * bottom half a screen at a time, and runs `visit(panel)` at each stop, so a check sees every
   * row and not only the rendered ones. Each move comes with a wheel event, as an operator's
   * does. Resolves with each stop's result.
   * @template T @param {'chats' | 'messages'} which @param {(panel: any) => T} visit @returns {Promise<Awaited<T>[]>}
   */
  const sweep = (which, visit) =>
    page.evaluate(`(async () => {
      const panel = window.__ocpFind()[${index}];
      const visit = ${visit.toString()};
      const list = panel.shadowRoot.querySelector(${JSON.stringify(which === 'chats' ? '.chat-list__scroll' : '.conversation__scroll')});
      const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const scrollTo = (top) => {
        list.dispatchEvent(new WheelEvent('wheel', { deltaY: top - list.scrollTop, bubbles: true }));
        list.scrollTop = top;
      };
      for (let tries = 0; tries < 500 && list.scrollTop > 0; tries += 1) {
        scrollTo(0);
        await frames();
      }
      const results = [];
      for (let stop = 0; stop < 5000; stop += 1) {
        await frames();
        results.push(await visit(panel));
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 2) break;
        scrollTo(list.scrollTop + Math.max(40, Math.floor(list.clientHeight / 2)));
      }
      return results;
    })()`);

  /** One entry per key over every stop of a sweep. @template T @param {T[][]} stops @param {(item: T) => string} key */
  const merged = (stops, key) => [...new Map(stops.flat().map((item) => [key(item), item])).values()];

  const readRows = (/** @type {any} */ panel) =>
    Array.from(panel.shadowRoot.querySelectorAll('[part~="chat-item"]')).map((row) => ({
      id: row.dataset.chatId,
      name: row.querySelector('.chat-item__name')?.textContent ?? '',
      last: row.querySelector('.chat-item__last')?.textContent ?? '',
      active: row.getAttribute('part').includes('chat-item--active'),
    }));

  const readMessages = (/** @type {any} */ panel) =>
    Array.from(panel.shadowRoot.querySelectorAll('[part~="message"]')).map((message) => ({
      id: message.dataset.messageId ?? null,
      localId: message.dataset.localId ?? null,
      status: message.dataset.status ?? '',
      author: message.dataset.author ?? '',
      text: message.querySelector('.message__text')?.textContent ?? '',
    }));

  /** Types into the composer (one input event) and waits for its re-render; false without a composer. */
  const typeInComposer = (/** @type {string} */ text) =>
    inPanel(async (panel, value) => {
      const input = panel.shadowRoot.querySelector('[part~="composer-input"]');
      if (!input) return false;
      input.value = value;
      input.dispatchEvent(new Event('input'));
      await panel.shadowRoot.querySelector('ocp-composer').updateComplete;
      return true;
    }, text);

  return {
    page,
    inPanel,
    wait,
    sweep,

    /** Every chat row of the loaded pages, however long the (windowed) list. @returns {Promise<Row[]>} */
    allRows: async () => merged(await sweep('chats', readRows), (row) => row.id),

    /** Every message of the open chat, however long the (virtual) list. @returns {Promise<ShownMessage[]>} */
    allMessages: async () =>
      merged(await sweep('messages', readMessages), (message) => message.id ?? `local:${message.localId}`),

    /** @returns {Promise<Row[]>} */
    rows: () => inPanel(readRows),

    /** @returns {Promise<ShownMessage[]>} */
    messages: () => inPanel(readMessages),

    /** @returns {Promise<{ kind: string, text: string }[]>} */
    banners: () =>
      inPanel((panel) =>
        Array.from(panel.shadowRoot.querySelectorAll('[part~="banner"]')).map((banner) => ({
          kind: banner.dataset.kind,
          text: banner.textContent.trim(),
        })),
      ),

    waitForRows: (min = 1) =>
      wait(
        `${min} chat rows`,
        (panel, count) => panel.shadowRoot.querySelectorAll('[part~="chat-item"]').length >= count,
        [min],
      ),

    /** Clicks a chat's row and waits until its messages are on screen. */
    async openChat(/** @type {number | string} */ chatId) {
      // A long list renders only a window of rows: scroll on (from the top again at the end) until
      // the row is there, as an operator would.
      await wait(
        `the row of chat ${chatId}`,
        (panel, id) => {
          if (panel.shadowRoot.querySelector(`[part~="chat-item"][data-chat-id="${id}"]`)) return true;
          const list = panel.shadowRoot.querySelector('.chat-list__scroll');
          const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
          list.scrollTop = atEnd ? 0 : list.scrollTop + Math.max(40, Math.floor(list.clientHeight / 2));
          return false;
        },
        [String(chatId)],
      );
      await inPanel(
        (panel, id) => panel.shadowRoot.querySelector(`[part~="chat-item"][data-chat-id="${id}"]`).click(),
        String(chatId),
      );
      await wait(
        `chat ${chatId} to open`,
        (panel, id) => {
          const conversation = panel.shadowRoot.querySelector('ocp-conversation');
          const row = panel.shadowRoot.querySelector(`[part~="chat-item"][data-chat-id="${id}"]`);
          return (
            !!row &&
            row.getAttribute('part').includes('chat-item--active') &&
            conversation &&
            !conversation.loading &&
            panel.shadowRoot.querySelectorAll('[part~="message"]').length > 0
          );
        },
        [String(chatId)],
      );
    },

    /** Types into the composer as the operator does (one input event) and waits for the re-render. */
    type: typeInComposer,

    /** Types and presses Send; false when there is no composer to send from (e.g. signed out). */
    send: async (/** @type {string} */ text) =>
      (await typeInComposer(text)) &&
      inPanel((panel) => {
        const button = panel.shadowRoot.querySelector('[part~="send-button"]');
        if (!button || button.disabled) return false;
        button.click();
        return true;
      }),

    composerText: () => inPanel((panel) => panel.shadowRoot.querySelector('[part~="composer-input"]')?.value ?? null),

    /** Presses Retry on the failed message with this text. */
    retry: (/** @type {string} */ text) =>
      inPanel((panel, value) => {
        const failed = Array.from(panel.shadowRoot.querySelectorAll('[part~="message"][data-status="failed"]')).find(
          (message) => message.querySelector('.message__text')?.textContent === value,
        );
        const button = failed?.querySelector('[data-action="retry"]');
        if (!button) return false;
        button.click();
        return true;
      }, text),
  };
}
