/**
 * The built widget as a page author gets it: dist/operator-chat-panel/ copied to another path
 * on another static server. Locale chunks sit beside widget-script.js, load from
 * import.meta.url only when their language is used, and a chunk that fails to load leaves the
 * panel working in English. widget-script.js holds only the boot; the panel is a chunk that the
 * entry and the lazy chunks import by its own relative URL, so a script loaded with a query string
 * still runs the panel once. The server also answers
 * the reference chat API, at the script's origin. Builds first when dist is missing or older
 * than src/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { createChatApi } from '../demo/server/chat-api.js';
import { chromiumForFile } from '../scripts/shared-chromium.mjs';
import { importsOf } from '../scripts/dist-imports.mjs';
import { layerChunkPath, layerNames } from '../scripts/chunk-layers.mjs';
import { waitFor } from './helpers.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(root, 'dist/operator-chat-panel');
const mountedAt = '/cdn/v1.2.3/operator-chat-panel';
/**
 * How long a page's step may take before its wait gives up: a backstop, not a claim (each wait
 * ends as soon as its condition holds). With two CPU-bound processes beside the suite, a first
 * row took over 15 s to show here.
 */
const pageWait = 60_000;
const locales = ['es', 'ru', 'tr', 'uk'];

let site;
let server;
let chatApi;
let origin;
let browser;
/** Lets go of `browser`: the run's shared Chromium stays, one launched for this file closes. */
let releaseBrowser;
/** Requests the server answers 404, to break a chunk on purpose. */
let blocked = /^$/;

async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, (await stat(join(entry.parentPath ?? entry.path, entry.name))).mtimeMs);
  }
  return newest;
}

async function ensureBuilt() {
  const built = await stat(join(dist, 'widget-script.js')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  if (built > (await newestMtime(join(root, 'src')))) return;
  const result = spawnSync('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], { cwd: root, stdio: 'inherit' });
  assert.equal(result.status, 0, 'the build failed');
}

const types = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

function page(lang) {
  const attribute = lang ? ` lang="${lang}"` : '';
  return `<!doctype html><html lang="en"><body>
<operator-chat-panel${attribute}></operator-chat-panel>
<script type="module" src="${mountedAt}/widget-script.js"></script></body></html>`;
}

/** The one script tag with a token, its `src` carrying a query string as cache busters do. */
function versionedPage(lang, token) {
  return `<!doctype html><html lang="en"><body>
<script type="module" id="operator-chat-panel-script" src="${mountedAt}/widget-script.js?v=2"
  token="${token}" lang="${lang}" events="off"></script>
<style>operator-chat-panel { display: block; width: 1000px; height: 700px; }</style></body></html>`;
}

before(async () => {
  await ensureBuilt();
  site = await mkdtemp(join(tmpdir(), 'ocp-dist-'));
  await cp(dist, join(site, mountedAt), { recursive: true });
  chatApi = createChatApi({ simulate: false });
  const api = new Koa().use(chatApi.middleware).callback();
  server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    response.setHeader('Cache-Control', 'no-store');
    if (url.pathname === '/page.html') {
      response.setHeader('Content-Type', 'text/html');
      response.end(page(url.searchParams.get('lang')));
      return;
    }
    if (url.pathname === '/versioned.html') {
      response.setHeader('Content-Type', 'text/html');
      response.end(versionedPage(url.searchParams.get('lang'), url.searchParams.get('token')));
      return;
    }
    if (/^\/(api|media|__control)\//.test(url.pathname)) {
      api(request, response);
      return;
    }
    const file = join(site, url.pathname);
    if (blocked.test(url.pathname) || !file.startsWith(site)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    try {
      const body = await readFile(file);
      response.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
      response.end(body);
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${server.address().port}`;
  ({ browser, release: releaseBrowser } = await chromiumForFile());
});

after(async () => {
  await releaseBrowser?.();
  chatApi?.stop();
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done()));
  if (site) await rm(site, { recursive: true, force: true });
});

/** Opens the page in a fresh context; records script requests and console warnings. */
async function openPanel(lang) {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  const scripts = [];
  const warnings = [];
  tab.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  tab.on('console', (message) => message.type() === 'warn' && warnings.push(message.text()));
  await tab.goto(`${origin}/page.html${lang ? `?lang=${lang}` : ''}`);
  const banner = (expected) =>
    tab
      .waitForFunction(
        (pattern) => {
          const text =
            document.querySelector('operator-chat-panel')?.shadowRoot?.querySelector('[part~="banner"]')?.textContent ??
            '';
          return new RegExp(pattern).test(text) && text.trim();
        },
        { timeout: pageWait },
        expected.source,
      )
      .then((handle) => handle.jsonValue());
  return { context, tab, scripts, warnings, banner };
}

test('widget-script.js asks for the boot, the first screen and the panel, the boot for what draws a chat chosen early, each importing only the layers before it', async () => {
  const entry = importsOf(await readFile(join(dist, 'widget-script.js'), 'utf8'));
  const chunks = (await readdir(join(dist, 'chunks'))).filter((name) => name.endsWith('.js'));
  // Dynamically: the entry runs as soon as it arrives, and no chunk waits for another file that
  // only its arrival would ask for (rollup.config.mjs, scripts/chunk-layers.mjs). The first
  // screen's and the boot's side by side; the rest when the boot asks for them (src/boot/script-tag.ts).
  const layer = (name) => chunks.find((chunk) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(chunk));
  const layers = layerNames.map(layer);
  const [boot, firstScreen, firstConversation, panel] = layers;
  assert.ok(
    layers.every(Boolean),
    `the layers ${layerNames.join(', ')} in dist/operator-chat-panel/chunks: ${chunks.join(', ')}`,
  );
  assert.deepEqual(entry, { static: [], dynamic: [firstScreen, boot, panel].map((name) => `./chunks/${name}`) });
  const layerImports = await Promise.all(
    layers.map(async (name) => importsOf(await readFile(join(dist, 'chunks', name), 'utf8'))),
  );
  layers.forEach((name, index) =>
    assert.deepEqual(
      layerImports[index].static.sort(),
      layers
        .slice(0, index)
        .map((before) => `./${before}`)
        .sort(),
      `${name} imports the layers before it, and only those`,
    ),
  );
  assert.ok(layerImports[0].dynamic.includes(`./${firstConversation}`), `${boot} asks for ${firstConversation}`);
  const lazy = chunks.filter((name) => !layers.includes(name));
  for (const locale of locales)
    assert.ok(
      lazy.some((name) => new RegExp(`^${locale}-[\\w-]+\\.js$`).test(name)),
      `no ${locale} chunk in dist/operator-chat-panel/chunks`,
    );
  const others = lazy.filter((name) => !locales.some((locale) => name.startsWith(`${locale}-`)));
  const named = (name) => name.replace(/-[\w-]{8}\.js$/, '');
  // Chunks only for sizeable features most sessions never use (contract §1): what the
  // conversation loads (the quick-reply menu once the page gives quick replies, the media viewer
  // when a photo is first opened or pointed at, the attachment preview when the composer first
  // holds a file, the customer details when first open or their toggle pointed at); the languages
  // (@lit/localize's runtime, which loads each language); the floating launcher (mode="floating"
  // only), attention (`notify` only) and the shortcut sheet (the first `?`).
  // Everything else is in the layers, whoever imports it, and so is the conversation, which most
  // sessions open.
  assert.deepEqual(
    others.map(named).sort(),
    [
      'attachment-preview',
      'attention-controller',
      'customer-details',
      'floating-controller',
      'localization',
      'media-viewer',
      'quick-reply-menu',
      'shortcut-sheet',
    ],
    `chunks besides the panel and the languages: ${others.join(', ')}`,
  );
  const chunk = (feature) => lazy.find((name) => named(name) === feature);
  const localization = chunk('localization');
  const languages = lazy.filter((name) => locales.some((locale) => name.startsWith(`${locale}-`)));
  const loadedBy = { [localization]: languages.map((name) => `./${name}`).sort() };
  assert.deepEqual(
    layerImports
      .flatMap((imports) => imports.dynamic)
      .filter((path) => !layers.some((name) => path === `./${name}`))
      .sort(),
    [
      'quick-reply-menu',
      'media-viewer',
      'attachment-preview',
      'customer-details',
      'floating-controller',
      'attention-controller',
      'shortcut-sheet',
      'localization',
    ]
      .map((feature) => `./${chunk(feature)}`)
      .sort(),
    'the layers load the lazy features relative to themselves (the languages: the boot, which picks one)',
  );
  for (const name of lazy) {
    const code = await readFile(join(dist, 'chunks', name), 'utf8');
    // What it shares with the layers comes from their own URLs, never the entry's (a chunk that
    // shares nothing imports nothing); a language shares its runtime from beside it.
    const imports = importsOf(code);
    assert.deepEqual([...imports.dynamic].sort(), loadedBy[name] ?? [], `${name} imports dynamically`);
    const fromLayers = layers.map((layerName) => `./${layerName}`);
    const shared = languages.includes(name) ? [...fromLayers, `./${localization}`] : fromLayers;
    assert.ok(
      imports.static.every((path) => shared.includes(path)),
      `${name} imports ${imports.static.join(', ')}`,
    );
  }
});

test('a script loaded with a query string runs once: one panel, and a conversation in its language', async () => {
  const org = chatApi.createOrg();
  const { token } = await chatApi.issueToken(org.id);
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  const scripts = [];
  const errors = [];
  tab.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url())));
  tab.on('pageerror', (error) => errors.push(String(error)));
  // The seed's media that answers 404 on purpose is logged as a failed resource: not an error here.
  tab.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !message.text().startsWith('Failed to load resource') &&
      errors.push(message.text()),
  );
  try {
    // What the window holds before any script of the page runs, to compare with afterwards.
    await tab.evaluateOnNewDocument(() => {
      const keys = [...Object.getOwnPropertyNames(window), ...Object.getOwnPropertySymbols(window).map(String)];
      Object.defineProperty(window, '__windowKeysBefore', { value: keys });
    });
    await tab.goto(`${origin}/versioned.html?lang=ru&token=${encodeURIComponent(token)}`);
    await tab.waitForFunction(
      () => document.querySelector('operator-chat-panel')?.shadowRoot?.querySelector('[part~="chat-item"]'),
      { timeout: pageWait },
    );
    // Clicked where the operator sees the first row, as an operator would: on a busy machine the
    // panel's code is slow to come, and the row is the first screen's (src/boot/first-screen.ts).
    const { x, y } = await tab.evaluate(() => {
      const box = document
        .querySelector('operator-chat-panel')
        .shadowRoot.querySelector('[part~="chat-item"]')
        .getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
    await tab.mouse.click(x, y);
    // The language's strings come in two chunks asked for as the panel starts, and may follow the
    // conversation's: wait until the conversation shows in Russian, then say what it shows.
    await tab
      .waitForFunction(
        () => {
          const conversation = document
            .querySelector('operator-chat-panel')
            .shadowRoot.querySelector('ocp-conversation');
          return (
            conversation?.querySelector('[part~="message"]') &&
            conversation.querySelector('[part~="message-list"]')?.getAttribute('aria-label') === 'Сообщения' &&
            conversation.querySelector('.conversation__chain')
          );
        },
        { timeout: pageWait },
      )
      .catch(() => undefined);
    const shown = await tab.evaluate(() => {
      const root = document.querySelector('operator-chat-panel').shadowRoot;
      const conversation = root.querySelector('ocp-conversation');
      return {
        panels: document.querySelectorAll('operator-chat-panel').length,
        messages: root.querySelectorAll('[part~="message"]').length > 0,
        list: conversation?.querySelector('[part~="message-list"]')?.getAttribute('aria-label'),
        earlier: conversation?.querySelector('.conversation__chain')?.textContent.trim(),
      };
    });
    assert.equal(shown.messages, true, 'the conversation shows its messages');
    assert.equal(shown.panels, 1);
    assert.equal(shown.list, 'Сообщения');
    assert.equal(shown.earlier, 'Показать прошлые чаты с этим клиентом');
    const entries = scripts.filter((url) => url.pathname.endsWith('/widget-script.js'));
    assert.deepEqual(
      entries.map((url) => url.search),
      ['?v=2'],
      'widget-script.js was fetched (and run) once, by the URL the page used',
    );
    const panels = scripts.filter((url) => /\/chunks\/panel-/.test(url.pathname));
    assert.deepEqual(
      panels.map((url) => url.search),
      [''],
      'the panel chunk was fetched (and run) once, by its own URL',
    );
    // The conversation is in the layers: its messages showed with the entry, the layers' chunks
    // and the language's two, nothing else, each fetched once.
    assert.deepEqual(
      scripts.map((url) => url.pathname.slice(mountedAt.length + 1).replace(/-[\w-]{8}\.js$/, '')).sort(),
      [...layerNames.map((name) => `chunks/${name}`), 'chunks/localization', 'chunks/ru', 'widget-script.js'].sort(),
    );
    // Contract §1: no globals other than the custom element name (which lives in the registry).
    const added = await tab.evaluate(() => {
      const before = new Set(/** @type {any} */ (window).__windowKeysBefore);
      const now = [...Object.getOwnPropertyNames(window), ...Object.getOwnPropertySymbols(window).map(String)];
      // Puppeteer's own helpers (for aria selectors) are not the widget's.
      return now.filter((key) => key !== '__windowKeysBefore' && !/ariaQuerySelector/.test(key) && !before.has(key));
    });
    assert.deepEqual(added, [], 'the widget added nothing to the window');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the JavaScript fetched until a chat's messages show is under 80 KB gzip (contract §1's guard)", async () => {
  const context = await browser.createBrowserContext();
  try {
    const { tab, scripts } = await openSeededChat(context, 'richText');
    await tab.waitForFunction(
      () => document.querySelector('operator-chat-panel').shadowRoot.querySelector('[part~="message"]'),
      { timeout: pageWait },
    );
    // Every script, each file as the bench counts it (gzip level 9).
    const counted = [...new Set(scripts)];
    const sizes = await Promise.all(
      counted.map(async (path) => gzipSync(await readFile(join(site, path)), { level: 9 }).length),
    );
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const list = counted.map((path, index) => `${path.slice(mountedAt.length + 1)} ${sizes[index]}`).join(', ');
    assert.ok(total <= 80 * 1024, `${total} bytes gzip (${list}), more than 81,920`);
  } finally {
    await context.close();
  }
});

/** Chunks requested besides the layers every page with a first screen needs (scripts/chunk-layers.mjs). */
const lazyChunks = (scripts) => scripts.filter((path) => path.includes('/chunks/') && !layerChunkPath.test(path));

test('a copied dist loads the Russian chunk and the localization runtime from beside the script, and only those', async () => {
  const { context, scripts, warnings, banner, tab } = await openPanel('ru');
  try {
    assert.equal(await banner(/Требуется вход/), 'Требуется вход: у панели нет токена оператора.');
    assert.ok(scripts.some((path) => new RegExp(`^${mountedAt}/chunks/panel-[\\w-]+\\.js$`).test(path)));
    const chunks = lazyChunks(scripts).sort();
    assert.equal(chunks.length, 2, `chunks requested: ${chunks.join(', ')}`);
    assert.match(chunks[0], new RegExp(`^${mountedAt}/chunks/localization-[\\w-]+\\.js$`));
    assert.match(chunks[1], new RegExp(`^${mountedAt}/chunks/ru-[\\w-]+\\.js$`));
    assert.deepEqual(warnings, []);
    // Switching at run time loads the next language the same way.
    await tab.evaluate(() => document.querySelector('operator-chat-panel').setAttribute('lang', 'uk'));
    assert.equal(await banner(/Потрібен вхід/), 'Потрібен вхід: панель не має токена оператора.');
    assert.ok(scripts.some((path) => new RegExp(`^${mountedAt}/chunks/uk-`).test(path)));
  } finally {
    await context.close();
  }
});

test('English needs no language chunk and no localization runtime', async () => {
  const { context, scripts, banner } = await openPanel('en');
  try {
    assert.equal(await banner(/Sign-in required/), 'Sign-in required: the panel has no operator token.');
    assert.deepEqual(lazyChunks(scripts), []);
  } finally {
    await context.close();
  }
});

for (const [chunk, name] of [
  ['the Russian chunk', 'ru'],
  ['the localization runtime', 'localization'],
]) {
  test(`${chunk} failing to load leaves the panel in English with one warning; a later language still loads`, async () => {
    blocked = new RegExp(`/chunks/${name}-`);
    const { context, warnings, banner, tab } = await openPanel('ru');
    try {
      const deadline = performance.now() + 15000;
      while (!warnings.some((text) => text.includes('"ru"')) && performance.now() < deadline)
        await new Promise((done) => setTimeout(done, 20));
      assert.equal(await banner(/Sign-in required/), 'Sign-in required: the panel has no operator token.');
      await tab.evaluate(() => document.querySelector('operator-chat-panel').setAttribute('poll-interval', '5000'));
      const languageWarnings = warnings.filter((text) => text.includes('"ru"'));
      assert.equal(languageWarnings.length, 1, warnings.join('\n'));
      assert.match(languageWarnings[0], /showing English/);
      // Back in reach (a network that came back): the next language asked for loads.
      blocked = /^$/;
      await tab.evaluate(() => document.querySelector('operator-chat-panel').setAttribute('lang', 'uk'));
      assert.equal(await banner(/Потрібен вхід/), 'Потрібен вхід: панель не має токена оператора.');
    } finally {
      blocked = /^$/;
      await context.close();
    }
  });
}

test("with the panel's chunk out of reach, the first screen's rows stay and a banner says to reload", async () => {
  blocked = /\/chunks\/panel-/;
  const org = chatApi.createOrg();
  const { token } = await chatApi.issueToken(org.id);
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`${origin}/versioned.html?lang=en&token=${encodeURIComponent(token)}`);
    // The banner and the rows, in either order: the chunk may fail before the list's answer is in
    // (on a loaded machine it did), and the rows come then, under the banner.
    const screen = () =>
      tab.evaluate(() => {
        const root = document.querySelector('operator-chat-panel')?.shadowRoot;
        const banner = root?.querySelector('[part~="banner"]');
        return {
          kind: banner?.getAttribute('data-kind') ?? null,
          text: banner?.textContent.trim() ?? null,
          rows: root?.querySelectorAll('[part~="chat-item"]').length ?? 0,
          defined: customElements.get('operator-chat-panel') !== undefined,
        };
      });
    let shown = await screen();
    await waitFor(
      async () => {
        shown = await screen();
        return shown.kind !== null && shown.rows > 3;
      },
      "the reload banner over the first screen's rows",
      pageWait,
    ).catch(() => undefined); // the assertions below say what showed instead
    assert.deepEqual(shown, {
      kind: 'error',
      text: 'The chats could not be loaded. Reload the page to try again.',
      rows: shown.rows,
      defined: false,
    });
    assert.ok(shown.rows > 3, `the first screen's rows stay: ${shown.rows}`);
  } finally {
    blocked = /^$/;
    await context.close();
  }
});

test('a service out of reach is said by the offline banner, with no chunk besides the panel', async () => {
  const org = chatApi.createOrg();
  const { token } = await chatApi.issueToken(org.id);
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  const scripts = [];
  tab.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  try {
    // The chat service does not answer at all: every read fails as a network error.
    await tab.setRequestInterception(true);
    tab.on('request', (request) =>
      new URL(request.url()).pathname.startsWith('/api/') ? request.abort('failed') : request.continue(),
    );
    await tab.goto(`${origin}/versioned.html?lang=en&token=${encodeURIComponent(token)}`);
    const shown = await tab
      .waitForFunction(
        () => {
          const banner = document
            .querySelector('operator-chat-panel')
            ?.shadowRoot?.querySelector('[part~="banner"][data-kind="offline"]');
          return banner && { text: banner.textContent.trim(), part: banner.getAttribute('part') };
        },
        { timeout: pageWait },
      )
      .then((handle) => handle.jsonValue());
    assert.deepEqual(shown, { text: 'Connection lost. Retrying…', part: 'banner banner--offline' });
    assert.deepEqual(lazyChunks(scripts), []);
  } finally {
    await context.close();
  }
});

/**
 * Signs a new seeded organization in on the versioned page, in `context`, and opens its chat
 * `chat` (a seed fixture name); page errors are collected in `errors`, the paths of the scripts
 * the page asks for in `scripts`.
 */
async function openSeededChat(context, chat) {
  const org = chatApi.createOrg();
  const { token } = await chatApi.issueToken(org.id);
  const tab = await context.newPage();
  const errors = [];
  const scripts = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await tab.goto(`${origin}/versioned.html?lang=en&token=${encodeURIComponent(token)}`);
  await tab.waitForFunction(
    () => document.querySelector('operator-chat-panel')?.shadowRoot?.querySelector('[part~="chat-item"]'),
    { timeout: pageWait },
  );
  // The first screen may be up before the panel's code (src/boot/first-screen.ts): openChat is the
  // defined element's.
  await tab.evaluate(async (chatId) => {
    await customElements.whenDefined('operator-chat-panel');
    document.querySelector('operator-chat-panel').openChat(chatId);
  }, org.fixtures.chats[chat]);
  return { tab, errors, scripts };
}

/** The next answer to a request for the chunk `name`. */
const chunkAnswered = (tab, name) => tab.waitForResponse((response) => response.url().includes(`/chunks/${name}-`));

test('with the media viewer out of reach, a photo click breaks nothing, and a later click opens it', async () => {
  blocked = /\/chunks\/media-viewer-/;
  const context = await browser.createBrowserContext();
  try {
    const { tab, errors } = await openSeededChat(context, 'allMedia');
    const photo = await tab.waitForFunction(
      () =>
        [...document.querySelector('operator-chat-panel').shadowRoot.querySelectorAll('ocp-message-media')]
          .map((media) => media.shadowRoot?.querySelector('[part~="message-media-open"]'))
          .find(Boolean),
      { timeout: pageWait },
    );
    const viewerOpen = () =>
      photo.evaluate(
        (button) =>
          button.getRootNode().querySelector('ocp-media-viewer')?.shadowRoot?.querySelector('dialog')?.open ?? false,
      );

    // A click whose viewer cannot load: nothing opens, nothing throws.
    let answered = chunkAnswered(tab, 'media-viewer');
    await photo.evaluate((button) => button.click());
    assert.equal((await answered).status(), 404);
    assert.equal(await viewerOpen(), false);

    // Once the chunk is back, the next click opens the viewer.
    blocked = /^$/;
    answered = chunkAnswered(tab, 'media-viewer');
    await photo.evaluate((button) => button.click());
    assert.equal((await answered).status(), 200);
    await tab.waitForFunction(
      (button) => button.getRootNode().querySelector('ocp-media-viewer')?.shadowRoot?.querySelector('dialog')?.open,
      { timeout: pageWait },
      photo,
    );
    assert.deepEqual(errors, []);
  } finally {
    blocked = /^$/;
    await context.close();
  }
});

test('with the attachment preview out of reach, a chosen file still shows its name and can be removed', async () => {
  blocked = /\/chunks\/attachment-preview-/;
  const context = await browser.createBrowserContext();
  try {
    const { tab, errors } = await openSeededChat(context, 'notes');
    const composer = await tab.waitForFunction(
      () => document.querySelector('operator-chat-panel').shadowRoot.querySelector('ocp-composer'),
      { timeout: pageWait },
    );
    const answered = chunkAnswered(tab, 'attachment-preview');
    await composer.evaluate((element) =>
      element.addFiles([new File(['%PDF-1.4'], 'offline-terms.pdf', { type: 'application/pdf' })]),
    );
    assert.equal((await answered).status(), 404);

    // Its name and a remove button instead of the preview, so no file goes out unseen.
    const shown = await tab
      .waitForFunction(
        (element) => {
          const name = element.querySelector('.composer__reply-text')?.textContent;
          return name && { name, remove: element.querySelector('.composer__reply button').getAttribute('aria-label') };
        },
        { timeout: pageWait },
        composer,
      )
      .then((handle) => handle.jsonValue());
    assert.deepEqual(shown, { name: 'offline-terms.pdf', remove: 'Remove attachment offline-terms.pdf' });
    await composer.evaluate((element) => element.querySelector('.composer__reply button').click());
    await tab.waitForFunction(
      (element) =>
        !element.querySelector('.composer__reply') && element.querySelector('[part~="send-button"]').disabled,
      { timeout: pageWait },
      composer,
    );
    assert.deepEqual(errors, []);
  } finally {
    blocked = /^$/;
    await context.close();
  }
});
