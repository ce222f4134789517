/**
 * The panel over time: scrolling through 5,000 chats, idle, the heap after many events and chat
 * switches, and a lazy chunk that fails to load.
 */
import { helpers, listedChats, openChat, pause, setUp } from './bench-page.mjs';
import { layerChunkPath } from '../scripts/chunk-layers.mjs';

/**
 * Loading all 5,000 chats by infinite scroll, then scrolling through them twice: as served,
 * and with the avatars not drawn. The reference API's avatars are 96 px PNG pictures, as a
 * messenger's photos are (they were SVG documents until 2026-11-30, each drawn as a document of its
 * own: over 100 ms a frame for a page of plain rows); the second pass is the panel's own rows.
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
 * Every chunk but those the script tag loads every time (scripts/chunk-layers.mjs) fails to load (a
 * host that serves only some of the folder, a CDN in trouble): the list shows and a chat opens
 * with its messages, as the conversation is in those; only the features of the other chunks
 * (languages, media viewer, details…) wait.
 */
export async function chunkFailure(context) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id);
  const chatId = listedChats(org)[1].id;
  const page = await context.browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (request) =>
    request.url().includes('/chunks/') && !layerChunkPath.test(request.url()) ? request.abort() : request.continue(),
  );
  await page.evaluateOnNewDocument(helpers);
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  // A panel that never comes is a "no" in the table, not a bench that hangs.
  const defined = await page.evaluate(() =>
    Promise.race([
      customElements.whenDefined('operator-chat-panel').then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 30000)),
    ]),
  );
  if (defined) await page.evaluate((value) => window.bench.mount({ token: value, events: 'off' }), token);
  const chatOpens =
    defined &&
    (await openChat(page, chatId).then(
      () => true,
      () => false,
    ));
  await page.close();
  return { chatOpens };
}
