/**
 * The page host for the node + Chromium tests: one local port serving the reference chat API,
 * the built widget (`dist/operator-chat-panel/`, as a CDN would) and host pages. A host page is
 * an HTML file (a recipe from docs/recipes/ or a test page) served with real response headers
 * (the strict CSP), its `__OPERATOR_TOKEN__` filled in on every load from the page's current
 * token, as a host app's server would render it. Script entries next to the page (`app.jsx`,
 * `app.ts`, `app.js`) are bundled with esbuild when asked for as `app.js`, as the host app's own
 * build would do.
 */
import Koa from 'koa';
import { build } from 'esbuild';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatApi } from '../../demo/server/chat-api.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = join(root, 'dist', 'operator-chat-panel');
export const recipesDir = join(root, 'docs', 'recipes');
export const testPagesDir = join(root, 'test-hosts', 'pages');

/**
 * The CSP of contract §8: no inline script or style, no eval, Trusted Types for every script
 * sink. Images and media stay open: the chat service's media live on other hosts.
 */
export const strictCsp = [
  "script-src 'self'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

const types = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
});

/** Source files esbuild turns into `<name>.js`, in order of preference. */
const scriptSources = ['.jsx', '.tsx', '.ts', '.js'];

/**
 * @typedef {object} HostPage
 * @property {string} url
 * @property {string} token the token the next load renders into the page
 */

/**
 * @typedef {object} PageOptions
 * @property {string} dir folder holding index.html; its parent folder is served too (shared assets)
 * @property {string} token
 * @property {string | null} [csp] Content-Security-Policy header; null for none
 * @property {Record<string, string>} [fill] more `__NAME__` placeholders to fill in index.html
 */

/**
 * @param {{ esbuildDefine?: Record<string, string> }} [options]
 */
export async function startHostServer(options = {}) {
  const api = createChatApi();
  /** @type {Map<string, PageOptions & HostPage>} */
  const pages = new Map();
  /** @type {Map<string, Promise<string>>} */
  const bundles = new Map();
  let nextPage = 1;

  const app = new Koa();
  app.use(api.middleware);
  app.use(async (ctx) => {
    if (ctx.path.startsWith('/operator-chat-panel/')) {
      if (await sendFile(ctx, distDir, ctx.path.slice('/operator-chat-panel/'.length))) return;
    }
    const match = /^\/pages\/(\d+)\/(.*)$/.exec(ctx.path);
    const page = match ? pages.get(match[1]) : undefined;
    if (page && match) {
      if (page.csp) ctx.set('Content-Security-Policy', page.csp);
      ctx.set('Cache-Control', 'no-store');
      const folder = dirname(page.dir);
      const asset = match[2].endsWith('/') || match[2] === '' ? `${match[2]}index.html` : match[2];
      if (asset === `${basename(page.dir)}/index.html`) {
        let html = (await readFile(join(page.dir, 'index.html'), 'utf8')).replaceAll('__OPERATOR_TOKEN__', page.token);
        for (const [name, value] of Object.entries(page.fill ?? {})) html = html.replaceAll(`__${name}__`, value);
        ctx.type = types['.html'];
        ctx.body = html;
        return;
      }
      if (asset.endsWith('.js')) {
        const entry = scriptSources
          .map((ext) => join(folder, asset.slice(0, -3) + ext))
          .find((file) => existsSync(file));
        if (entry) {
          ctx.type = types['.js'];
          ctx.body = await bundle(entry);
          return;
        }
      }
      if (await sendFile(ctx, folder, asset)) return;
    }
    ctx.status = 404;
    ctx.body = 'Not found';
  });

  /** @param {string} entry */
  function bundle(entry) {
    let built = bundles.get(entry);
    if (!built) {
      built = build({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        write: false,
        minify: false,
        target: 'es2022',
        jsx: 'automatic',
        logLevel: 'silent',
        define: {
          'process.env.NODE_ENV': '"production"',
          __VUE_OPTIONS_API__: 'false',
          __VUE_PROD_DEVTOOLS__: 'false',
          __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
          ngDevMode: 'false',
          ...options.esbuildDefine,
        },
      }).then((result) => result.outputFiles[0].text);
      bundles.set(entry, built);
    }
    return built;
  }

  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://127.0.0.1:${port}`;

  return {
    base,
    api,
    /**
     * Serves a folder's index.html as a new page.
     * @param {PageOptions} pageOptions
     * @returns {HostPage}
     */
    page(pageOptions) {
      const id = String(nextPage++);
      const page = { csp: strictCsp, ...pageOptions, url: `${base}/pages/${id}/${basename(pageOptions.dir)}/` };
      pages.set(id, page);
      return page;
    },
    /** Builds a page's script ahead of the test, so a slow first bundle does not eat its timeouts. */
    prebuild: (/** @type {string} */ entry) => bundle(entry),
    async close() {
      api.stop();
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
    },
  };
}

/**
 * @param {import('koa').Context} ctx
 * @param {string} folder
 * @param {string} relative
 */
async function sendFile(ctx, folder, relative) {
  const file = resolve(folder, `.${sep}${decodeURIComponent(relative)}`);
  if (!file.startsWith(folder + sep)) return false;
  try {
    if (!(await stat(file)).isFile()) return false;
  } catch {
    return false;
  }
  ctx.type = types[extname(file)] ?? 'application/octet-stream';
  ctx.body = await readFile(file);
  return true;
}
