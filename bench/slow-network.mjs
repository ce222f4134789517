/**
 * The operator's first waits on a slow mobile network (contract §1): 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up, a CPU four times slower (Chromium's own emulation over the DevTools
 * protocol). A fresh page navigates to a host page whose one script tag carries the token; the
 * figures are the page clock from navigation to the end of the frame that draws the first
 * `chat-item`, and, with that row clicked the moment it shows, of the frame that draws its chat's
 * first message; with the requests made before each, in order. The same run times the floor page (one
 * small module script that reads the token, fetches the first page of chats and draws plain rows,
 * and asks for and draws a chat's messages on a click): the panel is judged against it.
 *
 * Run alone for A/B comparisons: `node bench/slow-network.mjs [--chat] [runs] [dist dir ...]`
 * alternates the given builds (default: dist/operator-chat-panel) with the floor page and prints
 * medians: of the first row, or with `--chat` of the first row clicked to its chat's first message.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The emulated network and CPU. */
export const slowProfile = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  cpuSlowdown: 4,
};

const floorScript = await readFile(new URL('./floor/floor.js', import.meta.url), 'utf8');

/** The host page of the panel (as a page author writes it) and the floor page, for a token. */
export function slowPages(token, widgetPath = '/operator-chat-panel/widget-script.js') {
  const page = (body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>slow network</title></head>
<body style="margin:0"><div id="host" style="width:1000px;height:700px">${body}</div></body></html>`;
  return {
    panel: page(
      `<script type="module" id="operator-chat-panel-script" src="${widgetPath}" token="${token}" events="off"></script>`,
    ),
    floor: page(`<script type="module" id="floor-script" src="/bench-floor.js" token="${token}"></script>`),
  };
}

/**
 * Koa middleware that gzips what it answers when the browser accepts it, as any host of the
 * widget and any chat API would: scripts, pages and JSON alike, for the panel and the floor.
 */
export async function compressed(ctx, next) {
  await next();
  const body = ctx.body;
  if (!ctx.acceptsEncodings('gzip') || body == null || ctx.response.get('Content-Encoding')) return;
  const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  if (Buffer.byteLength(raw) < 1024) return;
  const { gzipSync } = await import('node:zlib');
  ctx.body = gzipSync(raw);
  ctx.set('Content-Encoding', 'gzip');
  ctx.vary('Accept-Encoding');
}

/** Koa middleware serving the floor page's script. */
export async function serveFloorScript(ctx, next) {
  if (ctx.path !== '/bench-floor.js') return next();
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.body = floorScript;
}

/**
 * A far but fast network (contract §1): 250 ms round trip, 40 Mbit/s, no CPU slowdown. The first
 * screen and the panel's code come close together there: the rows must hold still as the panel
 * takes over.
 */
export const farFastProfile = {
  network: { offline: false, latency: 250, downloadThroughput: (40e6 / 8) | 0, uploadThroughput: (40e6 / 8) | 0 },
  cpuSlowdown: 1,
};

/**
 * Runs in the measured page before any of its scripts: finds the first row (`rows`, looked for in
 * the document and open shadow roots) and times the frame that shows it; with `messages`, clicks
 * that row at once and times the frame that shows the first message; and watches the first rows
 * from then on, for the panel's taking over: the same elements, in the same order, at the same
 * places, in every frame until `ocp-ready` and a second after it (`hold`). Layout shifts are summed as the
 * browser counts them (none within half a second of the click counts).
 */
function pageWatcher({ rows, messages, hold }) {
  const search = (root, selector) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot && search(element.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  const allRows = (first) => [...first.getRootNode().querySelectorAll(rows)].slice(0, 6);
  const seen = { firstRowMs: 0, firstMessageMs: 0, held: true, why: '', layoutShift: 0, readyMs: 0 };
  window.__watched = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('ocp-ready', () => (seen.readyMs = performance.now()));
  let shown = null;
  // Called in the animation frame that found what it waits for: the task after it is the first
  // after that frame's rendering, which drew it.
  const afterFrame = (done) => setTimeout(() => done(performance.now()));
  const frame = () => {
    if (!shown) {
      const first = search(document, rows);
      if (first) {
        shown = allRows(first).map((row) => ({ row, top: row.getBoundingClientRect().top }));
        afterFrame((at) => (seen.firstRowMs = at));
        if (messages) first.click();
      }
    } else if (hold) {
      const now = allRows(shown[0].row);
      shown.forEach(({ row, top }, index) => {
        if (seen.held && (now[index] !== row || Math.abs(row.getBoundingClientRect().top - top) > 0.5)) {
          seen.held = false;
          seen.why = `row ${index} at ${Math.round(performance.now())} ms: ${now[index] === row ? `top ${top} → ${row.getBoundingClientRect().top}` : 'another element'}`;
        }
      });
    }
    if (messages && shown && !seen.firstMessageMs && search(document, messages))
      afterFrame((at) => (seen.firstMessageMs = at));
    const done = messages
      ? seen.firstMessageMs
      : hold
        ? seen.readyMs && performance.now() > seen.readyMs + 1000
        : seen.firstRowMs;
    if (!done) requestAnimationFrame(frame);
    else seen.finished = true;
  };
  requestAnimationFrame(frame);
}

/**
 * One navigation to `url` under `profile`, watched by pageWatcher: resolves with its figures and
 * the requests before the first row (or the first message).
 */
export async function timeFirstRow(browser, url, selectors, profile = slowProfile) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 700 });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.evaluateOnNewDocument(pageWatcher, selectors);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.__watched?.finished === true, { timeout: 60_000, polling: 100 });
    const watched = await page.evaluate(() => window.__watched);
    const until = selectors.messages ? watched.firstMessageMs : watched.firstRowMs;
    const requests = await page.evaluate(
      (before) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < before)
          .map((entry) => {
            const address = new URL(entry.name);
            const path = `${address.pathname.replace(/-[\w-]{8}\.js$/, '-*.js')}${address.search ? '?…' : ''}`;
            return {
              path,
              file: address.pathname,
              start: Math.round(entry.startTime),
              end: Math.round(entry.responseEnd),
            };
          }),
      until,
    );
    return { ...watched, requests };
  } finally {
    await page.close();
  }
}

/** The profiles in words, for the bench's notes. */
const profileText = `${slowProfile.network.latency} ms round trip, ${(slowProfile.network.downloadThroughput * 8) / 1e6} Mbit/s down, ${(slowProfile.network.uploadThroughput * 8) / 1e3} kbit/s up, CPU ${slowProfile.cpuSlowdown}× slower`;
const farFastText = `${farFastProfile.network.latency} ms round trip, ${(farFastProfile.network.downloadThroughput * 8) / 1e6} Mbit/s`;

const panelSelectors = { rows: '[part~="chat-item"]', messages: '[part~="message"]' };
const floorSelectors = { rows: '.floor-row', messages: '.floor-message' };

/**
 * `npm run bench`'s measures on the slow profile, `runs` alternating navigations each: the
 * floor page's first row and the panel's (whose rows must hold still as its code takes over),
 * then the same pages with their first row clicked the moment it shows, to its chat's first
 * message. On the far but fast profile, the panel's rows holding still. Each navigation has a
 * fresh organization and token. Medians, and the requests before the panel's first row and
 * first message in their median runs.
 */
export async function slowNetworkFirstRow(browser, server, runs) {
  const times = { panel: [], floor: [], panelChat: [], floorChat: [] };
  const held = { slow: [], farFast: [] };
  const sequences = { row: [], chat: [] };
  // The chat clicked is an everyday one (the default preset's first: a few dozen messages, photos
  // among them); the bench preset's first is the 10,000-message chat, which measures-open.mjs times.
  const navigate = async (which, selectors, profile = slowProfile) => {
    const org = server.api.createOrg({ preset: selectors.messages ? 'default' : 'bench' });
    const { token } = await server.api.issueToken(org.id, { expiresInSeconds: 3600 });
    const pages = slowPages(token);
    const path = server.addPage(which === 'floor' ? pages.floor : pages.panel);
    return timeFirstRow(browser, server.origin + path, selectors, profile);
  };
  for (let run = 0; run < runs; run++) {
    process.stdout.write(`  slow network ${run + 1}/${runs}\r`);
    times.floor.push((await navigate('floor', { rows: floorSelectors.rows })).firstRowMs);
    const row = await navigate('panel', { rows: panelSelectors.rows, hold: true });
    times.panel.push(row.firstRowMs);
    held.slow.push({ held: row.held, why: row.why, layoutShift: row.layoutShift });
    sequences.row.push({ ms: row.firstRowMs, requests: row.requests });
    times.floorChat.push((await navigate('floor', floorSelectors)).firstMessageMs);
    const chat = await navigate('panel', panelSelectors);
    times.panelChat.push(chat.firstMessageMs);
    sequences.chat.push({ ms: chat.firstMessageMs, requests: chat.requests });
    const far = await navigate('panel', { rows: panelSelectors.rows, hold: true }, farFastProfile);
    held.farFast.push({ held: far.held, why: far.why, layoutShift: far.layoutShift });
  }
  const closest = (list, value) =>
    list.reduce((best, item) => (Math.abs(item.ms - value) < Math.abs(best.ms - value) ? item : best)).requests;
  const panelMs = median(times.panel);
  const panelChatMs = median(times.panelChat);
  return {
    panelMs,
    floorMs: median(times.floor),
    panelChatMs,
    floorChatMs: median(times.floorChat),
    held,
    all: times,
    requests: closest(sequences.row, panelMs),
    chatRequests: closest(sequences.chat, panelChatMs),
    profile: profileText,
    farFastProfile: farFastText,
  };
}

function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Alone: alternating A/B runs of the given builds against the floor page.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const Koa = (await import('koa')).default;
  const { resolve, sep, extname } = await import('node:path');
  const { stat } = await import('node:fs/promises');
  const puppeteer = (await import('puppeteer-core')).default;
  const { createChatApi } = await import('../demo/server/chat-api.js');
  const { chromiumArgs, findChromium } = await import('../scripts/find-chromium.mjs');
  const chat = process.argv.includes('--chat');
  const [runsArg, ...dirs] = process.argv.slice(2).filter((arg) => arg !== '--chat');
  const runs = Number(runsArg) || 5;
  const builds = (dirs.length ? dirs : ['dist/operator-chat-panel']).map((dir) => resolve(dir));
  const api = createChatApi({ simulate: false });
  const app = new Koa();
  app.use(compressed);
  app.use(api.middleware);
  app.use(serveFloorScript);
  let token = '';
  app.use(async (ctx) => {
    const match = /^\/build(\d+)\/(.*)$/.exec(ctx.path);
    if (match) {
      const dir = builds[Number(match[1])];
      const file = resolve(dir, `.${sep}${decodeURIComponent(match[2])}`);
      if (file.startsWith(dir + sep) && (await stat(file).catch(() => null))?.isFile()) {
        ctx.type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/json';
        ctx.body = await readFile(file);
        return;
      }
    }
    const pageMatch = /^\/page(\d+)$/.exec(ctx.path);
    if (pageMatch) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = slowPages(token, `/build${pageMatch[1]}/widget-script.js`).panel;
      return;
    }
    if (ctx.path === '/floor') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = slowPages(token).floor;
      return;
    }
    ctx.status = 404;
  });
  const server = await new Promise((done) => {
    const listening = app.listen(0, '127.0.0.1', () => done(listening));
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs });
  const times = { floor: [], ...Object.fromEntries(builds.map((_, index) => [index, []])) };
  const sequences = {};
  try {
    for (let run = 0; run < runs; run++) {
      for (const which of ['floor', ...builds.map((_, index) => index)]) {
        // As slowNetworkFirstRow does: an everyday chat is clicked (the default preset's first).
        const org = api.createOrg({ preset: chat ? 'default' : 'bench' });
        token = (await api.issueToken(org.id, { expiresInSeconds: 3600 })).token;
        const url = which === 'floor' ? `${origin}/floor` : `${origin}/page${which}`;
        const selectors = which === 'floor' ? floorSelectors : panelSelectors;
        const watched = await timeFirstRow(browser, url, chat ? selectors : { rows: selectors.rows });
        const ms = chat ? watched.firstMessageMs : watched.firstRowMs;
        times[which].push(ms);
        sequences[which] = watched.requests;
        console.log(`run ${run + 1} ${which === 'floor' ? 'floor' : builds[which]}: ${ms.toFixed(0)} ms`);
      }
    }
  } finally {
    await browser.close();
    api.stop();
    server.close();
    server.closeAllConnections?.();
  }
  for (const [which, values] of Object.entries(times))
    console.log(
      `${which === 'floor' ? 'floor' : builds[which]}: median ${median(values).toFixed(0)} ms [${values.map((v) => v.toFixed(0)).join(', ')}]`,
    );
  for (const [which, requests] of Object.entries(sequences)) {
    console.log(
      `\nrequests before the first ${chat ? 'message' : 'row'}, ${which === 'floor' ? 'floor' : builds[which]}:`,
    );
    for (const request of requests)
      console.log(`  ${String(request.start).padStart(5)} → ${String(request.end).padStart(5)} ms  ${request.path}`);
  }
}
