/**
 * The first chat row on a slow mobile network (contract §1): 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, a CPU four times slower (Chromium's own emulation over the DevTools protocol).
 * A fresh page navigates to a host page whose one script tag carries the token; the figure is
 * the page clock from navigation to the frame after the first `chat-item` is in the DOM, and the
 * requests made before it, in order. The same run times the floor page (one small module script that reads the
 * token, fetches the first page of chats and draws plain rows): the panel is judged against it.
 *
 * Run alone for A/B comparisons: `node bench/slow-network.mjs [runs] [dist dir ...]` alternates
 * the given builds (default: dist/operator-chat-panel) with the floor page and prints medians.
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
 * One navigation under the slow profile to `url`; resolves with the page clock at the first row
 * (`selector`, looked for in the document and open shadow roots) and the requests before it.
 */
export async function timeFirstRow(browser, url, selector) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 700 });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slowProfile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowProfile.cpuSlowdown });
    // Before any script of the page: watch every tree (shadow roots too) for the first row.
    await page.evaluateOnNewDocument((wanted) => {
      const found = () => {
        const search = (root) => {
          if (root.querySelector(wanted)) return true;
          for (const element of root.querySelectorAll('*'))
            if (element.shadowRoot && search(element.shadowRoot)) return true;
          return false;
        };
        return search(document);
      };
      window.__firstRow = new Promise((resolve) => {
        let seen = false;
        // Found in the DOM: the time is taken after the frame that shows it (its style, layout
        // and paint), which is when the operator sees it.
        const check = () => {
          if (seen) return true;
          if (!found()) return false;
          seen = true;
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
          return true;
        };
        const observer = new MutationObserver(() => check() && observer.disconnect());
        const observeShadows = () => {
          for (const element of document.querySelectorAll('*'))
            if (element.shadowRoot && !element.__observed) {
              element.__observed = true;
              observer.observe(element.shadowRoot, { subtree: true, childList: true });
            }
        };
        document.addEventListener('readystatechange', () => {
          observer.observe(document, { subtree: true, childList: true });
          observeShadows();
        });
        // A shadow root attached later is found by the next mutation of the page, or here.
        const poll = () => {
          observeShadows();
          if (!check()) setTimeout(poll, 20);
        };
        setTimeout(poll, 20);
      });
    }, selector);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const firstRowMs = await page.evaluate(() => window.__firstRow);
    const requests = await page.evaluate(
      (until) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < until)
          .map((entry) => {
            const address = new URL(entry.name);
            const path = `${address.pathname.replace(/-[\w-]{8}\.js$/, '-*.js')}${address.search ? '?…' : ''}`;
            return { path, start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) };
          }),
      firstRowMs,
    );
    return { firstRowMs, requests };
  } finally {
    await page.close();
  }
}

/** The profile in words, for the bench's notes. */
const profileText = `${slowProfile.network.latency} ms round trip, ${(slowProfile.network.downloadThroughput * 8) / 1e6} Mbit/s down, ${(slowProfile.network.uploadThroughput * 8) / 1e3} kbit/s up, CPU ${slowProfile.cpuSlowdown}× slower`;

/**
 * `npm run bench`'s measure: `runs` alternating navigations to the panel's page and the floor
 * page on the bench server (each with a fresh organization and token); medians, and the
 * requests before the panel's first row in its median run.
 */
export async function slowNetworkFirstRow(browser, server, runs) {
  const times = { panel: [], floor: [] };
  const sequences = [];
  for (let run = 0; run < runs; run++) {
    for (const which of ['floor', 'panel']) {
      process.stdout.write(`  slow network ${which} ${run + 1}/${runs}\r`);
      const org = server.api.createOrg({ preset: 'bench' });
      const { token } = await server.api.issueToken(org.id, { expiresInSeconds: 3600 });
      const pages = slowPages(token);
      const path = server.addPage(which === 'floor' ? pages.floor : pages.panel);
      const { firstRowMs, requests } = await timeFirstRow(
        browser,
        server.origin + path,
        which === 'floor' ? '.floor-row' : '[part~="chat-item"]',
      );
      times[which].push(firstRowMs);
      if (which === 'panel') sequences.push({ firstRowMs, requests });
    }
  }
  const panelMs = median(times.panel);
  const closest = sequences.reduce((best, run) =>
    Math.abs(run.firstRowMs - panelMs) < Math.abs(best.firstRowMs - panelMs) ? run : best,
  );
  return { panelMs, floorMs: median(times.floor), all: times, requests: closest.requests, profile: profileText };
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
  const runs = Number(process.argv[2]) || 5;
  const builds = (process.argv.length > 3 ? process.argv.slice(3) : ['dist/operator-chat-panel']).map((dir) =>
    resolve(dir),
  );
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
        const org = api.createOrg({ preset: 'bench' });
        token = (await api.issueToken(org.id, { expiresInSeconds: 3600 })).token;
        const url = which === 'floor' ? `${origin}/floor` : `${origin}/page${which}`;
        const selector = which === 'floor' ? '.floor-row' : '[part~="chat-item"]';
        const { firstRowMs, requests } = await timeFirstRow(browser, url, selector);
        times[which].push(firstRowMs);
        sequences[which] = requests;
        console.log(`run ${run + 1} ${which === 'floor' ? 'floor' : builds[which]}: ${firstRowMs.toFixed(0)} ms`);
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
    console.log(`\nrequests before the first row, ${which === 'floor' ? 'floor' : builds[which]}:`);
    for (const request of requests)
      console.log(`  ${String(request.start).padStart(5)} → ${String(request.end).padStart(5)} ms  ${request.path}`);
  }
}
