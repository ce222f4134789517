/**
 * The panel's first screen and opening the 10,000-message chat, with the floor page for it.
 */
import { helpers, listedChats, openChat, setUp } from './bench-page.mjs';

/**
 * Only widget-script.js and what it imports statically (`context.firstScreenFiles`) are needed
 * until the first list is on screen; the language chunks and other lazy features come after. Then
 * a chat is opened: the scripts fetched until its messages show must be the files the cap counts
 * (`context.withConversationFiles`).
 */
export async function firstScreen(context) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id);
  const page = await context.browser.newPage();
  const scripts = [];
  page.on(
    'request',
    (request) => request.resourceType() === 'script' && scripts.push({ url: request.url(), at: Date.now() }),
  );
  await page.evaluateOnNewDocument(helpers);
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  await page.evaluate(() => customElements.whenDefined('operator-chat-panel'));
  // When the first row went into the DOM (a MutationObserver, not the polling that notices it
  // later) and which scripts the page had started to fetch by then (Resource Timing).
  const { listMs, beforeList } = await page.evaluate(async (value) => {
    const started = performance.now();
    const panel = window.bench.mount({ token: value, events: 'off' });
    let rowAt = null;
    const seen = () => {
      if (rowAt === null && panel.shadowRoot?.querySelector('[part~="chat-item"]')) rowAt = performance.now();
      return rowAt !== null;
    };
    const observer = new MutationObserver(seen);
    observer.observe(panel.shadowRoot, { childList: true, subtree: true });
    await window.bench.waitFor(seen, 'the chat list');
    observer.disconnect();
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < rowAt && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname.replace('/operator-chat-panel/', ''));
    return { listMs: rowAt - started, beforeList: scripts };
  }, token);
  await page.evaluate(() => window.bench.conversationCode());
  await openChat(page, listedChats(org)[1].id); // not the 10,000-message chat: only its scripts matter here
  const beforeMessages = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname.replace('/operator-chat-panel/', '')),
  );
  const all = scripts.map((script) => new URL(script.url).pathname.replace('/operator-chat-panel/', ''));
  await page.close();
  return {
    listMs,
    scriptsBeforeList: beforeList.length,
    onlyFirstScreenBeforeList: beforeList.every((path) => context.firstScreenFiles.includes(path)),
    onlyCountedBeforeMessages: beforeMessages.every((path) => context.withConversationFiles.includes(path)),
    scriptsBeforeMessages: beforeMessages.join(' '),
    scriptsInAll: all.length,
  };
}

/** Opening the chat of 10,000 messages: from its data arriving to its newest message in view. */
export async function openLongChat(context) {
  const { org, page } = await setUp(context, { events: 'off' });
  const chatId = org.fixtures.bigChatId;
  const newest = org.messagesOf(org.chats.get(chatId)).at(-1).id; // generated now, so the server answers at once
  const result = await page.evaluate(
    async (id, newestId) => {
      const { bench } = window;
      const root = bench.root();
      bench.watchBodies(`/api/chat/chats/${id}/messages`);
      const clickedAt = performance.now();
      root.querySelector(`[part~="chat-item"][data-chat-id="${id}"]`).click();
      const shownAt = await bench.messageShownAt(newestId, 'the newest message');
      const arrived = bench.responseEnd(`/api/chat/chats/${id}/messages`);
      const own = bench.bodies.findLast((read) => read.parsedAt !== null);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // media, measuring, late layout
      const scroller = root.querySelector('[part~="message-list"]');
      return {
        showMs: shownAt - arrived,
        // The panel's own reading and parsing of the answer, and what comes after them.
        ...bench.bodyTimes(own, arrived, shownAt),
        clickMs: shownAt - clickedAt,
        elements: bench.countElements(),
        stillAtNewest: bench.inView(root.querySelector(`[data-message-id="${newestId}"]`), scroller),
      };
    },
    chatId,
    newest,
  );
  await page.close();
  return result;
}

/**
 * The floor of opening the 10,000-message chat: the least a page can do with the same answer
 * (the whole chat in one array, about 5 MB of JSON; the service has no paging of messages). It
 * reads the answer, parses it and draws its newest 60 messages as plain rows at the bottom of a
 * scroller, timed from the answer's arrival to the frame that shows the newest, as the panel is.
 */
export async function openLongChatFloor(context) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id, { expiresInSeconds: 3600 });
  const page = await context.browser.newPage();
  await page.setViewport({ width: 1000, height: 700 });
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  const result = await page.evaluate(
    async (id, value) => {
      const url = `/api/chat/chats/${id}/messages`;
      const response = await fetch(url, { headers: { Authorization: `Bearer ${value}` } });
      const text = await response.text();
      const readAt = performance.now();
      const messages = JSON.parse(text);
      const parsedAt = performance.now();
      const scroller = document.createElement('div');
      scroller.style.cssText = 'position: fixed; inset: 0; overflow: auto; background: #fff';
      for (const message of messages.slice(-60)) {
        const row = document.createElement('div');
        row.textContent = message.text ?? '';
        row.style.padding = '8px';
        scroller.append(row);
      }
      document.body.append(scroller);
      scroller.scrollTop = scroller.scrollHeight;
      // The panel's time is taken in the animation frame that finds the newest in view.
      const shownAt = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      const arrived = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(url))
        .at(-1).responseEnd;
      return { showMs: shownAt - arrived, readMs: readAt - arrived, parseMs: parsedAt - readAt, bytes: text.length };
    },
    org.fixtures.bigChatId,
    token,
  );
  await page.close();
  return result;
}
