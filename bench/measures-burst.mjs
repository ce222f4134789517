/**
 * One poll page of 1,000 events: in the panel (a first and a second burst), in a floor page, as
 * the panel's rows in plain DOM, and all to the open chat.
 */
import { customersBurst, listedChats, openChat, pause, setUp } from './bench-page.mjs';

/**
 * The floor of the burst: a page without the panel holds the open chat's newest 60 messages as
 * plain rows pinned to the bottom of a scroller, and 20 plain chat rows. The same 1,000 events
 * (500 customer messages, one in five to the open chat) are read in one page, parsed, and the open
 * chat's new messages appended and pinned to, the other chats' rows given their last text, timed
 * as the panel is: from the page's arrival to the newest message in the DOM, the list pinned.
 */
export async function eventBurstFloor(context) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id, { expiresInSeconds: 3600 });
  const chats = listedChats(org).slice(0, 20);
  const page = await context.browser.newPage();
  await page.setViewport({ width: 1000, height: 700 });
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  await page.evaluate(
    async (chatIds, value) => {
      const headers = { Authorization: `Bearer ${value}` };
      const messages = await (await fetch(`/api/chat/chats/${chatIds[0]}/messages`, { headers })).json();
      const list = document.createElement('ul');
      list.style.cssText = 'position: fixed; inset: 0 auto 0 0; width: 300px; overflow: auto; margin: 0';
      for (const id of chatIds) {
        const row = document.createElement('li');
        row.dataset.chatId = String(id);
        row.textContent = `chat ${id}`;
        list.append(row);
      }
      const scroller = document.createElement('div');
      scroller.style.cssText = 'position: fixed; inset: 0 0 0 300px; overflow: auto';
      for (const message of messages.slice(-60)) {
        const row = document.createElement('div');
        row.textContent = message.text ?? '';
        row.style.padding = '8px';
        scroller.append(row);
      }
      document.body.append(list, scroller);
      scroller.scrollTop = scroller.scrollHeight;
      Object.assign(window, { floorBurst: { list, scroller, headers } });
      // The queue as it stood before the burst (the seed's events) is read and left behind.
      const before = await (await fetch('/api/chat/callback-events?page=1&perPage=1000', { headers })).json();
      await fetch('/api/chat/callback-events/processed', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(before.items.map((item) => item.event_guid)),
      });
    },
    chats.map((chat) => chat.id),
    token,
  );
  const newest = customersBurst(org, chats);
  const result = await page.evaluate(
    async (openChatId, newestId) => {
      const { list, scroller, headers } = window.floorBurst;
      const url = '/api/chat/callback-events?page=1&perPage=1000';
      const text = await (await fetch(url, { headers })).text();
      const readAt = performance.now();
      const { items } = JSON.parse(text);
      const parsedAt = performance.now();
      const rows = new Map([...list.children].map((row) => [Number(row.dataset.chatId), row]));
      const seen = new Set();
      for (const item of items) {
        if (item.callback_type !== '3' || seen.has(item.MessageId)) continue;
        seen.add(item.MessageId);
        if (item.ChatId === openChatId) {
          const row = document.createElement('div');
          row.dataset.messageId = String(item.MessageId);
          row.textContent = item.MessageText ?? '';
          row.style.padding = '8px';
          scroller.append(row);
        }
        const chatRow = rows.get(item.ChatId);
        if (chatRow) chatRow.textContent = item.MessageText ?? '';
      }
      scroller.scrollTop = scroller.scrollHeight;
      const shownAt = performance.now();
      const arrived = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/callback-events?'))
        .at(-1).responseEnd;
      const found = scroller.querySelector(`[data-message-id="${newestId}"]`) !== null;
      return {
        applyMs: found ? shownAt - arrived : NaN,
        readMs: readAt - arrived,
        parseMs: parsedAt - readAt,
        events: items.length,
      };
    },
    chats[0].id,
    newest,
  );
  await page.close();
  return result;
}

/**
 * One poll page of 1,000 events (500 customer messages, each as events 3 and 11). `afterBurst`:
 * the page has applied such a burst before (its code compiled and optimised, as in a panel that
 * has been open a while); otherwise the burst is the first events the page applies.
 */
export async function eventBurst(context, { afterBurst = false } = {}) {
  const { org, page } = await setUp(context, { 'poll-interval': '1000', events: 'consume' });
  const chats = listedChats(org).slice(0, 20);
  await openChat(page, chats[0].id); // the 10,000-message chat: the worst case for merging
  if (afterBurst) {
    const earlierNewest = customersBurst(org, chats);
    await page.evaluate((id) => window.bench.messageShownAt(id, "the first burst's newest message"), earlierNewest);
    await pause(3000); // its acknowledgement, mark-read and announcements done
  }
  await page.evaluate(() => window.bench.countRenders());
  // Right after a poll, so the whole burst lands in the next page.
  await page.evaluate(() => window.bench.nextResponse('/callback-events\\?'));
  const marker = await page.evaluate(() => {
    window.bench.watchBodies('/callback-events\\?');
    return performance.now();
  });
  const newest = customersBurst(org, chats);
  const result = await page.evaluate(
    async (since, newestId, debug) => {
      const { bench } = window;
      const root = bench.root();
      // When the burst's newest message reached the DOM (a mutation record comes right after the
      // render), and how many message rows the DOM held then.
      let rowsShown = NaN;
      const appearedAt = await new Promise((resolve) => {
        const found = () => root.querySelector(`[data-message-id="${newestId}"]`);
        if (found()) return resolve(null); // already there before we looked: this run measures nothing
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          rowsShown = root.querySelector('.conversation__content').children.length;
          resolve(performance.now());
        });
        observer.observe(root, { subtree: true, childList: true });
      });
      const burst = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.responseEnd > since && entry.name.includes('/callback-events?'))
        .sort((a, b) => b.encodedBodySize - a.encodedBodySize)[0];
      const arrived = burst.responseEnd;
      // The panel's own reading and parsing of that page: the largest body it read since.
      const own = bench.bodies
        .filter((read) => read.readAt >= arrived && read.parsedAt !== null)
        .sort((a, b) => b.bytes - a.bytes)[0];
      return {
        applyMs: appearedAt === null ? NaN : appearedAt - arrived,
        ...bench.bodyTimes(own, arrived, appearedAt),
        rowsShown,
        panelRenders: bench.renders.filter(
          (render) => render.name === 'operator-chat-panel' && render.start >= arrived && render.start <= appearedAt,
        ).length,
        pageBytes: burst.encodedBodySize,
        pageJsonBytes: burst.decodedBodySize,
        // BENCH_DEBUG=1: every update of the panel and its elements around the burst, ms after it arrived.
        ...(debug
          ? {
              renders: bench.renders
                .filter((r) => r.start >= arrived - 5 && r.start <= appearedAt + 50)
                .map((r) => [r.name, +(r.start - arrived).toFixed(1), +(r.end - r.start).toFixed(1)]),
            }
          : {}),
      };
    },
    marker,
    newest,
    Boolean(process.env.BENCH_DEBUG),
  );
  await pause(1000); // the panel done with the page: mark-read, announcements, acknowledgement
  const rowsFloor = await page.evaluate(plainRowsRebuild, result.rowsShown);
  await page.close();
  return { ...result, ...rowsFloor };
}

/**
 * The DOM and layout of the rows the panel shows when the burst's newest message appears, without
 * the panel: the open chat's newest `messageRowCount` message rows (as many as the panel's DOM held
 * then: the rows in sight, the rest of its window joins after that frame) and the chat rows,
 * cloned (the cheapest way to make DOM) with new texts (no text already shaped), put in place of
 * the panel's, the chat rows in reverse order as the burst reorders them, and laid out. No
 * framework, store or events: what any page showing these rows, with these styles, pays at least.
 */
function plainRowsRebuild(messageRowCount) {
  const root = window.bench.root();
  const content = root.querySelector('.conversation__content');
  const scroller = root.querySelector('.conversation__scroll');
  const messageRows = [...content.children].slice(-(messageRowCount || content.children.length));
  const chatRows = [...root.querySelectorAll('[part~="chat-item"]')];
  const chatParent = chatRows[0].parentNode;
  const chatNext = chatRows.at(-1).nextSibling;
  const fresh = (row, selector, index) => {
    const clone = row.cloneNode(true);
    const text = clone.querySelector(selector);
    if (text) text.textContent = `Plain row ${index} ${Math.random().toString(36).slice(2)}`;
    return clone;
  };
  const start = performance.now();
  content.replaceChildren(...messageRows.map((row, index) => fresh(row, '.message__text', index)));
  const chatClones = chatRows.map((row, index) => fresh(row, '.chat-item__last', index)).reverse();
  for (const row of chatRows) row.remove();
  for (const clone of chatClones) chatParent.insertBefore(clone, chatNext);
  const built = performance.now();
  scroller.scrollTop = scroller.scrollHeight;
  void scroller.clientHeight;
  const laidOut = performance.now();
  return {
    plainRowsMs: laidOut - start,
    plainRowsDomMs: built - start,
    plainRowsLayoutMs: laidOut - built,
    plainMessageRows: messageRows.length,
    plainChatRows: chatRows.length,
  };
}

/**
 * One poll page of 1,000 events (500 customer messages, events 3 and 11 each) all to the open
 * chat of 10,000 messages, the operator at its newest message: from the page's arrival to the
 * newest of them inside the message list's visible box (on screen, not merely in the DOM).
 */
export async function burstToOpenChat(context) {
  const { org, page } = await setUp(context, { 'poll-interval': '1000', events: 'consume' });
  const chat = org.chats.get(org.fixtures.bigChatId);
  await openChat(page, chat.id);
  await page.evaluate(async () => {
    const { bench } = window;
    const root = bench.root();
    await bench.waitFor(() => !root.querySelector('[part~="jump-to-newest"]'), 'at the newest message');
  });
  await page.evaluate(() => window.bench.nextResponse('/callback-events\\?'));
  const marker = await page.evaluate(() => performance.now());
  let newest = 0;
  for (let index = 0; index < 500; index++)
    newest = org.customerMessage(chat, { text: `Burst message ${index}`, via: 'control' }).id;
  const result = await page.evaluate(
    async (since, newestId) => {
      const { bench } = window;
      const root = bench.root();
      const shownAt = await bench.messageShownAt(newestId, 'the burst');
      const burst = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.responseEnd > since && entry.name.includes('/callback-events?'))
        .sort((a, b) => b.encodedBodySize - a.encodedBodySize)[0];
      await new Promise((resolve) => setTimeout(resolve, 500));
      return {
        shownMs: shownAt - burst.responseEnd,
        elements: bench.countElements(),
        stillShown: bench.inView(
          root.querySelector(`[data-message-id="${newestId}"]`),
          root.querySelector('[part~="message-list"]'),
        ),
      };
    },
    marker,
    newest,
  );
  await page.close();
  return result;
}
