/**
 * One run of each measurement. Every run gets a fresh organization with the `bench` preset
 * (5,000 chats, the newest one with 10,000 messages) and a fresh page, so runs never share state.
 * Timings use the page's own clock: when a response arrived (Resource Timing) to when the DOM
 * showed it (animation frames, wrapped element updates).
 */
import { readFileSync } from 'node:fs';

const helpers = readFileSync(new URL('./page-helpers.js', import.meta.url), 'utf8');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh bench organization and a page with a panel mounted for it. */
async function setUp(context, attributes = {}) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id, { expiresInSeconds: 3600 });
  const page = await context.browser.newPage();
  await page.setViewport({ width: 1000, height: 700 });
  await page.evaluateOnNewDocument(helpers);
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  // The entry defines the element once the panel chunk it imports is in (after `load`).
  await page.evaluate(() => customElements.whenDefined('operator-chat-panel'));
  await page.evaluate((attrs) => window.bench.mount(attrs), { token, ...attributes });
  await page.evaluate(() =>
    window.bench.waitFor(() => window.bench.root()?.querySelector('[part~="chat-item"]'), 'the chat list'),
  );
  await page.evaluate(() => window.bench.conversationCode());
  return { org, page };
}

/** The chats of the list's first page, newest first, as the service orders them. */
function listedChats(org, statuses = [0, 1, 2, 3]) {
  return org.sortedChats().filter((chat) => statuses.includes(chat.chatStatus));
}

/**
 * 500 customer messages (1,000 events), one in five to the first chat (the open one), the others
 * spread over the next 19; answers the id of the newest message in the first chat.
 */
function customersBurst(org, chats) {
  let newest = 0;
  for (let index = 0; index < 500; index++) {
    const inOpenChat = index % 5 === 0;
    const message = org.customerMessage(inOpenChat ? chats[0] : chats[1 + (index % 19)], {
      text: `Burst message ${index}`,
      via: 'control',
    });
    if (inOpenChat) newest = message.id;
  }
  return newest;
}

async function openChat(page, chatId) {
  await page.evaluate(async (id) => {
    const { bench } = window;
    const row = await bench.waitFor(
      () => bench.root().querySelector(`[part~="chat-item"][data-chat-id="${id}"]`),
      `row ${id}`,
    );
    row.click();
    await bench.waitFor(
      () =>
        bench.root().querySelector('ocp-conversation')?.chatId === id &&
        bench.root().querySelector('[part~="message"]'),
      `chat ${id} open`,
    );
  }, chatId);
}

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
 * Loading all 5,000 chats by infinite scroll, then scrolling through them twice: as served,
 * and with the avatars not drawn. The reference API's avatars are SVG documents, each drawn anew
 * in every frame that shows a new row (a page of plain rows with the same avatars takes over
 * 100 ms a frame on this machine); the second pass is the panel's own rows.
 */
export async function scrollChatList(context) {
  const { page } = await setUp(context, { events: 'off', 'per-page': '100', status: '0,1,2,3,4' });
  const result = await page.evaluate(async () => {
    const { bench } = window;
    const root = bench.root();
    const list = root.querySelector('ocp-chat-list');
    const scroller = root.querySelector('.chat-list__scroll');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
    let maxElements = bench.countElements();
    while (list.hasMore || list.loading) {
      const before = list.chats.length;
      scroller.scrollTop = scroller.scrollHeight;
      await bench.waitFor(() => list.chats.length > before || (!list.hasMore && !list.loading), 'the next page');
      await frame();
      maxElements = Math.max(maxElements, bench.countElements());
    }
    const loaded = list.chats.length;
    /** Frame p95 scrolling from the top to the end, most of a screen per frame. */
    const scrollThrough = async () => {
      scroller.scrollTop = 0;
      await frame();
      const steps = [];
      let last = await frame();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += Math.round(scroller.clientHeight * 0.9);
        const now = await frame();
        steps.push(now - last);
        last = now;
        maxElements = Math.max(maxElements, bench.countElements());
      }
      steps.sort((a, b) => a - b);
      return steps[Math.floor(steps.length * 0.95)] ?? 0;
    };
    const frameP95Ms = await scrollThrough();
    const rows = root.querySelectorAll('[part~="chat-item"]');
    const lastRowShown = rows[rows.length - 1]?.dataset.chatId === String(list.chats[loaded - 1].id);
    const noAvatars = new CSSStyleSheet();
    noAvatars.replaceSync('.chat-item__avatar img { display: none; }');
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, noAvatars];
    const ownFrameP95Ms = await scrollThrough();
    return { loaded, maxElements, frameP95Ms, ownFrameP95Ms, lastRowShown };
  });
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
      // When the burst's newest message reached the DOM (a mutation record comes right after the render).
      const appearedAt = await new Promise((resolve) => {
        const found = () => root.querySelector(`[data-message-id="${newestId}"]`);
        if (found()) return resolve(null); // already there before we looked: this run measures nothing
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
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
  const rowsFloor = await page.evaluate(plainRowsRebuild);
  await page.close();
  return { ...result, ...rowsFloor };
}

/**
 * The DOM and layout of the rows the panel shows after the burst, without the panel: the open
 * chat's message rows and the chat rows, cloned (the cheapest way to make DOM) with new texts (no
 * text already shaped), put in place of the panel's, the chat rows in reverse order as the burst
 * reorders them, and laid out. No framework, store or events: what any page showing these rows,
 * with these styles, pays at least.
 */
function plainRowsRebuild() {
  const root = window.bench.root();
  const content = root.querySelector('.conversation__content');
  const scroller = root.querySelector('.conversation__scroll');
  const messageRows = [...content.children];
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

/** The panel with a chat open and nothing happening: DOM mutations and requests over 10 s. */
export async function idle(context) {
  const intervalMs = 1000;
  const { org, page } = await setUp(context, { 'poll-interval': String(intervalMs), events: 'consume' });
  await openChat(page, listedChats(org)[1].id);
  await pause(3000);
  await page.evaluate(() => {
    const { bench } = window;
    bench.mutations = [];
    const observer = new MutationObserver((records) =>
      bench.mutations.push(...records.map((record) => `${record.type} ${record.target.nodeName}`)),
    );
    const observe = (root) => {
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) observe(element.shadowRoot);
    };
    observe(bench.root());
  });
  org.requests.length = 0;
  const windowMs = 10 * intervalMs;
  await pause(windowMs);
  const mutations = await page.evaluate(() => window.bench.mutations);
  const requests = org.requests.map((request) => `${request.method} ${request.path}`);
  await page.close();
  const polls = requests.filter((request) => request === 'GET /api/chat/callback-events').length;
  return {
    mutations: mutations.length,
    mutationSample: [...new Set(mutations)].slice(0, 3).join(', '),
    requestsPerInterval: requests.length / (windowMs / intervalMs),
    otherRequests: requests.length - polls,
  };
}

/** Heap after 10,000 events and 100 chat switches, against the same panel before them. */
export async function heapGrowth(context) {
  const { org, page } = await setUp(context, { 'poll-interval': '1000', events: 'consume' });
  const chats = listedChats(org).slice(1, 20); // the first page without the 10,000-message chat
  const cdp = await page.createCDPSession();
  const heap = async () => {
    for (let round = 0; round < 3; round++) await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  await openChat(page, chats[0].id);
  await pause(2000);
  const before = await heap();
  for (let switchIndex = 1; switchIndex <= 100; switchIndex++) {
    if (switchIndex % 10 === 1) {
      for (let index = 0; index < 500; index++)
        org.customerMessage(chats[index % chats.length], { text: `Heap message ${index}`, via: 'control' });
    }
    await openChat(page, chats[switchIndex % chats.length].id);
  }
  await openChat(page, chats[0].id); // back where the baseline was taken
  const queueDrained = async () => org.events.ordered().length === 0;
  for (let wait = 0; wait < 100 && !(await queueDrained()); wait++) await pause(100);
  await pause(3000);
  const after = await heap();
  await cdp.detach();
  await page.close();
  return { growthMB: (after - before) / 1024 / 1024, beforeMB: before / 1024 / 1024 };
}

/**
 * Every chunk but the panel's fails to load (a host that serves only some of the folder, a CDN
 * in trouble): the list shows and a chat opens with its messages, as the conversation is in the
 * panel chunk; only the features of the other chunks (languages, media viewer, details…) wait.
 */
export async function chunkFailure(context) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id);
  const chatId = listedChats(org)[1].id;
  const page = await context.browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (request) => (/\/chunks\/(?!panel-)/.test(request.url()) ? request.abort() : request.continue()));
  await page.evaluateOnNewDocument(helpers);
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  await page.evaluate(() => customElements.whenDefined('operator-chat-panel'));
  await page.evaluate((value) => window.bench.mount({ token: value, events: 'off' }), token);
  const chatOpens = await openChat(page, chatId).then(
    () => true,
    () => false,
  );
  await page.close();
  return { chatOpens };
}
