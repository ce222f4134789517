// `npm run bench` (after `npm run build`): measures the BUILT widget in headless Chromium against
// the reference chat API's `bench` preset, prints a table (median of several runs) with each
// budget's pass or fail, writes bench/results.json and the table of bench/README.md, and exits
// non-zero when a budget fails. BENCH_RUNS sets the runs per measurement (default 5; the slow
// scroll and heap measurements run at most 3 times).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from '../scripts/find-chromium.mjs';
import { withStaticImports } from '../scripts/dist-imports.mjs';
import { layerNames } from '../scripts/chunk-layers.mjs';
import { distDir, startBenchServer } from './server.mjs';
import * as measures from './measures.mjs';
import { slowNetworkFirstRow } from './slow-network.mjs';

const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
const slowRuns = Math.min(runs, 3);
const KB = 1024;

/**
 * Sizes of the built files. The first screen is what the page fetches before a chat's messages
 * show: widget-script.js and the chunks every such page loads (scripts/chunk-layers.mjs: the boot,
 * the first screen, what draws a chat chosen there, the panel), with what they import statically.
 */
function sizes() {
  const gzip = (code) => gzipSync(code, { level: 9 }).length;
  const brotli = (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const read = (file) => readFileSync(join(distDir, file));
  const chunks = readdirSync(join(distDir, 'chunks'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `chunks/${name}`);
  const layers = layerNames.map((layer) => chunks.find((file) => file.startsWith(`chunks/${layer}-`)));
  const firstScreenFiles = withStaticImports(distDir, ['widget-script.js', ...layers]);
  const sum = (files, measure) => files.reduce((total, file) => total + measure(read(file)), 0);
  return {
    gzip,
    read,
    entryGzip: gzip(read('widget-script.js')),
    firstScreenFiles,
    firstScreenMin: sum(firstScreenFiles, (code) => code.length),
    firstScreenGzip: sum(firstScreenFiles, gzip),
    firstScreenBrotli: sum(firstScreenFiles, brotli),
    allGzip: sum(['widget-script.js', ...chunks], gzip),
    allBrotli: sum(['widget-script.js', ...chunks], brotli),
    chunkCount: chunks.length,
  };
}

function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs a measurement `count` times; numbers become medians, flags must hold in every run. */
async function repeat(name, measure, count, context) {
  const results = [];
  for (let run = 0; run < count; run++) {
    process.stdout.write(`  ${name} ${run + 1}/${count}\r`);
    results.push(await measure(context));
  }
  const summary = { runs: count };
  for (const key of Object.keys(results[0])) {
    const values = results.map((result) => result[key]);
    if (typeof values[0] === 'number') summary[key] = median(values);
    else if (typeof values[0] === 'boolean') summary[key] = values.every(Boolean);
    else summary[key] = values[0];
  }
  summary.all = results;
  return summary;
}

/** `chunks/panel-CQg9YYEl.js` → `chunks/panel-*.js`: a row name that stays from build to build. */
const unhashed = (file) => file.replace(/^(chunks\/.+)-[\w-]{8}\.js$/, '$1-*.js');
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(1)} ms`;

const size = sizes();
const server = await startBenchServer();
const launch = (options = {}) =>
  puppeteer.launch({ executablePath: findChromium(), headless: true, args: chromiumArgs, ...options });
// Measures that watch or stop requests (which files load, a chunk that fails, the slow network)
// need DevTools' network events. With them on, Chromium keeps every answer's body for DevTools,
// and a page takes longer to read an answer once it arrived (2026-11-27: about 7 ms more for a
// poll page of 1,000 events, 256 against 112 ms for the 5 MB chat), time no operator's page
// spends. The timings run in a browser without them.
const browser = await launch();
const quietBrowser = await launch({ networkEnabled: false });
const context = {
  browser,
  origin: server.origin,
  api: server.api,
  firstScreenFiles: size.firstScreenFiles,
  withConversationFiles: size.firstScreenFiles,
};
const timing = { ...context, browser: quietBrowser };
let measured;
try {
  console.log(`operator-chat-panel bench: ${runs} runs per measurement (${slowRuns} for scrolling and heap)`);
  measured = {
    slowNetwork: await slowNetworkFirstRow(browser, server, runs),
    firstScreen: await repeat('first screen', measures.firstScreen, runs, context),
    openLongChat: await repeat('open 10,000 messages', measures.openLongChat, runs, timing),
    openLongChatFloor: await repeat('open 10,000 messages, floor', measures.openLongChatFloor, runs, timing),
    scrollChatList: await repeat('scroll 5,000 chats', measures.scrollChatList, slowRuns, timing),
    eventBurst: await repeat('1,000 events', measures.eventBurst, runs, timing),
    eventBurstSecond: await repeat(
      '1,000 events, a second burst',
      (context) => measures.eventBurst(context, { afterBurst: true }),
      runs,
      timing,
    ),
    eventBurstFloor: await repeat('1,000 events, floor', measures.eventBurstFloor, runs, timing),
    burstToOpenChat: await repeat('1,000 events to the open chat', measures.burstToOpenChat, runs, timing),
    searchLongChat: await repeat('search 10,000 messages', measures.searchLongChat, runs, timing),
    idle: await repeat('idle', measures.idle, slowRuns, timing),
    heapGrowth: await repeat('heap', measures.heapGrowth, slowRuns, timing),
    chunkFailure: await repeat('chunk failure', measures.chunkFailure, 1, context),
  };
} finally {
  await browser.close();
  await quietBrowser.close();
  server.close();
}

const {
  slowNetwork,
  firstScreen,
  openLongChat,
  openLongChatFloor,
  scrollChatList,
  eventBurst,
  eventBurstSecond,
  eventBurstFloor,
  burstToOpenChat,
  searchLongChat,
  idle,
  heapGrowth,
  chunkFailure,
} = measured;
/**
 * Opening the 10,000-message chat, less what no page can skip: reading the 5 MB answer once it
 * arrived and JSON.parse. On our bench machines those alone take 108 to 220 ms, so a budget on
 * data → newest could not be met by any page; the budget is on what the panel adds after them,
 * timed in the panel's own page from the moment its JSON.parse of the answer returned (median of
 * the runs). Taking the floor page's reading and parsing from the panel's data → newest instead
 * mixed two pages' medians: the floor's reading alone moved by 100 ms between runs, and the
 * difference with it (from -23 to 182 ms in one run of five).
 */
const openLongChatAfterParse = openLongChat.afterParseMs;
/**
 * The JavaScript fetched from navigation until the first chat's messages show, on the slow
 * profile (its median run's requests): every script, gzip -9, as the contract counts it.
 */
const scriptsUntilMessages = slowNetwork.chatRequests
  .map((request) => request.file)
  .filter((file) => file.startsWith('/operator-chat-panel/') && file.endsWith('.js'))
  .map((file) => file.slice('/operator-chat-panel/'.length));
const untilMessagesGzip = scriptsUntilMessages.reduce((total, file) => total + size.gzip(size.read(file)), 0);
const heldStill = [...slowNetwork.held.slow, ...slowNetwork.held.farFast];
const worstShift = Math.max(...heldStill.map((run) => run.layoutShift));
/** The burst after the panel's own reading and parsing of the poll page, timed the same way. */
const eventBurstAfterParse = eventBurst.afterParseMs;
/** [measure, figure, budget, pass (null: information only)] */
const rows = [
  [
    'slow mobile network: navigation → first chat row (floor page)',
    `${ms(slowNetwork.panelMs)} (floor ${ms(slowNetwork.floorMs)}, ${(slowNetwork.panelMs / slowNetwork.floorMs).toFixed(2)}×)`,
    '≤ 1,500 ms and ≤ 1.5× floor',
    slowNetwork.panelMs <= 1500 && slowNetwork.panelMs <= 1.5 * slowNetwork.floorMs,
  ],
  [
    'slow mobile network: navigation → first row clicked as it shows → its messages (floor page)',
    `${ms(slowNetwork.panelChatMs)} (floor ${ms(slowNetwork.floorChatMs)}, ${(slowNetwork.panelChatMs / slowNetwork.floorChatMs).toFixed(2)}×)`,
    '≤ 1.5× floor',
    slowNetwork.panelChatMs <= 1.5 * slowNetwork.floorChatMs,
  ],
  [
    'first rows hold still as the panel takes over: slow / far but fast network, worst layout shift',
    `${slowNetwork.held.slow.every((run) => run.held) ? 'yes' : 'no'} / ${slowNetwork.held.farFast.every((run) => run.held) ? 'yes' : 'no'}, ${worstShift.toFixed(3)}`,
    'yes / yes, < 0.02',
    heldStill.every((run) => run.held) && worstShift < 0.02,
  ],
  [
    `JavaScript until a chat's messages show, slow network (${scriptsUntilMessages.map(unhashed).join(' + ')}), gzip`,
    `${kb(untilMessagesGzip)} (first screen ${kb(size.firstScreenGzip)}, widget-script.js ${kb(size.entryGzip)})`,
    '≤ 80 KB',
    untilMessagesGzip <= 80 * KB && firstScreen.onlyCountedBeforeMessages,
  ],
  [
    'first screen, minified + brotli / minified',
    `${kb(size.firstScreenBrotli)} / ${kb(size.firstScreenMin)}`,
    '',
    null,
  ],
  [`all ${size.chunkCount + 1} files, gzip / brotli`, `${kb(size.allGzip)} / ${kb(size.allBrotli)}`, '', null],
  [
    `first screen loads only widget-script.js and its chunks (${layerNames.join(', ')})`,
    `${firstScreen.onlyFirstScreenBeforeList ? 'yes' : 'no'}, list in ${ms(firstScreen.listMs)}`,
    'yes',
    firstScreen.onlyFirstScreenBeforeList,
  ],
  [
    'open 10,000 messages: data → newest on screen (floor)',
    `${ms(openLongChat.showMs)} (floor ${ms(openLongChatFloor.showMs)}, ${(openLongChat.showMs / openLongChatFloor.showMs).toFixed(2)}×)`,
    '',
    null,
  ],
  [
    "open 10,000 messages: read and parsed → newest on screen (after the panel's own JSON.parse of the answer)",
    ms(openLongChatAfterParse),
    '≤ 100 ms',
    openLongChatAfterParse <= 100 && openLongChat.stillAtNewest,
  ],
  ['open 10,000 messages: click → newest on screen', ms(openLongChat.clickMs), '', null],
  [
    'open 10,000 messages: elements in shadow trees',
    String(openLongChat.elements),
    '< 2,000',
    openLongChat.elements < 2000,
  ],
  [
    `scroll ${scrollChatList.loaded.toLocaleString('en-US')} chats: most elements`,
    String(scrollChatList.maxElements),
    '< 500',
    scrollChatList.maxElements < 500 && scrollChatList.loaded === 5000 && scrollChatList.lastRowShown,
  ],
  ['scroll 5,000 chats: frame p95', ms(scrollChatList.frameP95Ms), '', null],
  ['scroll 5,000 chats: frame p95, avatars not drawn', ms(scrollChatList.ownFrameP95Ms), '', null],
  [
    '1,000 events in one poll page: applied + rendered (floor)',
    `${ms(eventBurst.applyMs)} (floor ${ms(eventBurstFloor.applyMs)}, ${(eventBurst.applyMs / eventBurstFloor.applyMs).toFixed(2)}×)`,
    '≤ 50 ms',
    eventBurst.applyMs <= 50,
  ],
  [
    "1,000 events: read and parsed → applied + rendered (after the panel's own JSON.parse of the page)",
    ms(eventBurstAfterParse),
    '',
    null,
  ],
  [
    `1,000 events: the panel's rows as plain DOM (${eventBurst.plainMessageRows} message, ${eventBurst.plainChatRows} chat rows)`,
    `${ms(eventBurst.plainRowsMs)} (DOM ${ms(eventBurst.plainRowsDomMs)}, layout ${ms(eventBurst.plainRowsLayoutMs)})`,
    '',
    null,
  ],
  [
    "1,000 events, the page's second burst (the panel's code compiled): applied + rendered / after its own JSON.parse",
    `${ms(eventBurstSecond.applyMs)} / ${ms(eventBurstSecond.afterParseMs)}`,
    '',
    null,
  ],
  ['1,000 events: panel renders', String(eventBurst.panelRenders), '1', eventBurst.panelRenders === 1],
  [
    '1,000 events to the open chat: poll answer → newest on screen',
    ms(burstToOpenChat.shownMs),
    '≤ 100 ms',
    burstToOpenChat.shownMs <= 100 && burstToOpenChat.stillShown,
  ],
  [
    '1,000 events to the open chat: elements in shadow trees',
    String(burstToOpenChat.elements),
    '< 2,000',
    burstToOpenChat.elements < 2000,
  ],
  [
    'search a 10,000-message chat, per keystroke (input → the frame that shows the match; slowest)',
    `${ms(searchLongChat.keystrokeMs)} (slowest ${ms(searchLongChat.slowestKeystrokeMs)})`,
    '≤ 50 ms',
    searchLongChat.keystrokeMs <= 50 && searchLongChat.markShown,
  ],
  ['idle 10 s: DOM mutations', String(idle.mutations), '0', idle.mutations === 0],
  [
    'idle 10 s: requests per poll interval',
    `${idle.requestsPerInterval.toFixed(1)} (${idle.otherRequests} not polls)`,
    '≤ 1',
    idle.requestsPerInterval <= 1.1 && idle.otherRequests === 0,
  ],
  [
    'heap growth, 10,000 events + 100 chat switches',
    `${heapGrowth.growthMB.toFixed(2)} MB`,
    '≤ 5 MB',
    heapGrowth.growthMB <= 5,
  ],
  [
    `every chunk but those loaded every time (${layerNames.join(', ')}) fails to load: a chat opens with its messages`,
    chunkFailure.chatOpens ? 'yes' : 'no',
    'yes',
    chunkFailure.chatOpens,
  ],
];

/** What the less obvious figures measure, printed under the table and kept with the results. */
const notes = [
  `1,000 events: from the arrival of the poll page that holds them (${kb(eventBurst.pageJsonBytes)} of JSON, ` +
    `${kb(eventBurst.pageBytes)} gzip; Resource Timing ` +
    'responseEnd) to the newest of its messages in the DOM, on the page clock. Included: reading and parsing the ' +
    'page, reducing it to store actions, one store update, the render and the layout of the open ' +
    "10,000-message chat's message window. After it, as in any use of the panel: the 500 ocp-message-received " +
    'events, the live-region announcement and mark-read (the task after the render), and the acknowledgement ' +
    'and the posting to the other tabs (after the frame that shows the page); ' +
    'an answer that arrived before the messages showed would count as a render. The floor page reads the same ' +
    "1,000 events, parses them, appends the open chat's new messages as plain rows to its newest 60 and pins " +
    'the scroller to them, and gives 20 plain chat rows their last text, timed the same way; of its time, ' +
    `reading the body takes ${ms(eventBurstFloor.readMs)} and JSON.parse ${ms(eventBurstFloor.parseMs)} ` +
    `(in the panel's page ${ms(eventBurst.readMs)} and ${ms(eventBurst.parseMs)}). ` +
    "The panel's rows as plain DOM: a second after the burst, in the same page, the open chat's newest message " +
    "rows (as many as the panel's DOM held when the newest appeared: the rows in sight, the rest of its window " +
    'joins after that frame) and the chat rows the panel shows are cloned with new texts, put in place of its ' +
    'own (the chat rows in reverse order, as the burst reorders them) and laid out: no framework, store or ' +
    'events, what any page showing these rows with these styles pays at least, on top of reading and parsing. ' +
    'The second burst: the ' +
    'same page of 1,000 events in a page that applied one such page 3 s before; what it saves is what compiling ' +
    'and optimising the code that reads, reduces and renders events costs the first time. The budget is on the ' +
    'first burst, the harder case (a panel opened onto a backlog of events).',
  'Scroll 5,000 chats: from the top to the end, most of a screen per frame, the time between frames. The ' +
    "reference API's avatars are 96 px PNG pictures, one per chat, as a messenger's photos are. The second " +
    "pass, with the avatars not drawn, is the time of the panel's own rows.",
  `Open 10,000 messages: the answer is the whole chat in one array (${kb(openLongChatFloor.bytes)} of JSON, the ` +
    'service has no paging of messages). The floor page reads it, parses it and draws its newest 60 messages as ' +
    `plain rows; of its time, reading the body once it arrived takes ${ms(openLongChatFloor.readMs)} and ` +
    `JSON.parse ${ms(openLongChatFloor.parseMs)}; in the panel's page, ${ms(openLongChat.readMs)} and ` +
    `${ms(openLongChat.parseMs)}. The budget is on the panel's time after its own JSON.parse of the answer ` +
    'returned (its Response text() and JSON.parse timed in the page).',
  `Search a 10,000-message chat: "delivery address" typed into the find bar a key at a time (its first ` +
    'letters match thousands of messages), each from the input event to the animation frame after the ' +
    "conversation's render: the search over every message, the count, the match brought into view and marked; " +
    `the median key of each run, then the median of the runs (the bar said "${searchLongChat.status}").`,
  'Sizes: minified files as built; gzip level 9, brotli quality 11; KB = 1,024 bytes.',
  `Slow mobile network: ${slowNetwork.profile}; the page clock from navigation to the end of the frame that draws ` +
    'the first chat row, and, with that row clicked the moment it shows, of the frame that draws its first message, ' +
    'for the panel and for the floor page (one small module script that reads the token, fetches the first page ' +
    "of chats and draws plain rows, and on a click fetches and draws that chat's messages), alternating, gzip on. " +
    'Requests before the first row: ' +
    slowNetwork.requests.map((request) => `${request.path} ${request.start}→${request.end} ms`).join(', ') +
    '; before the first message: ' +
    slowNetwork.chatRequests.map((request) => `${request.path} ${request.start}→${request.end} ms`).join(', ') +
    `. Holding still: the first six rows are the same elements at the same places in every frame from the first ` +
    `row until a second after ocp-ready, on the slow profile and on a far but fast one (${slowNetwork.farFastProfile}); ` +
    'layout shift as the browser counts it.',
];

const header = ['measure', 'median', 'budget', 'result'];
const cells = rows.map(([name, figure, budget, pass]) => [
  name,
  figure,
  budget,
  pass === null ? '' : pass ? 'pass' : 'FAIL',
]);
const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
const line = (row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ');
console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}\n${cells.map(line).join('\n')}`);
console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);

const failed = rows.filter(([, , , pass]) => pass === false).map(([name]) => name);
const environment = {
  date: new Date().toISOString(),
  node: process.version,
  chromium: (await import('node:child_process')).execFileSync(findChromium(), ['--version']).toString().trim(),
  // Machines differ (the burst's figures halved from one bench machine to the next, 2026-11-28).
  cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  runs,
};
writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify({ environment, size, measured, table: cells, notes, failed }, null, 2)}\n`,
);

// bench/README.md shows the latest table between its markers, under the method it follows.
const readmeUrl = new URL('./README.md', import.meta.url);
const readme = readFileSync(readmeUrl, 'utf8');
const markdown = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...cells.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
const stamped = `${markdown}\n\n${environment.date.slice(0, 10)}, ${environment.chromium}, ${environment.cpu}, median of ${runs} runs (${slowRuns} for scrolling and heap).\n\n${notes.map((note) => `- ${note}`).join('\n')}`;
const updated = readme.replace(/(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/, `$1${stamped}\n$2`);
if (updated !== readme) writeFileSync(readmeUrl, updated);

console.log(failed.length ? `\n${failed.length} budget(s) failed: ${failed.join('; ')}` : '\nall budgets pass');
process.exit(failed.length ? 1 : 0);
