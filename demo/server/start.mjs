/**
 * `npm start` (after `npm run build`): one local port serving the demo page with a fresh
 * operator token, the built widget at `/operator-chat-panel/`, and the reference chat API
 * with the customer simulator running for the default organization.
 * Env: PORT (default: a free port), DEMO_CSP=off to drop the strict Content-Security-Policy.
 */
import Koa from 'koa';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatApi } from './chat-api.js';

const demoDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(demoDir, '..', 'dist', 'operator-chat-panel');
const DEMO_TOKEN_SECONDS = 8 * 3600;
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

const TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
});

/**
 * @param {import('koa').Context} ctx
 * @param {string} root
 * @param {string} relative
 */
async function serveFile(ctx, root, relative) {
  const file = resolve(root, `.${sep}${decodeURIComponent(relative)}`);
  if (!file.startsWith(root + sep)) return false;
  try {
    if (!(await stat(file)).isFile()) return false;
  } catch {
    return false;
  }
  ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = await readFile(file);
  return true;
}

// OCP_SIMULATE=0 keeps the demo still (screenshots); customers write by default.
// The default organization, with a customer of long standing whose chat has 600 messages.
const api = createChatApi({ simulate: process.env.OCP_SIMULATE !== '0', longChat: true });
const app = new Koa();
app.use(api.middleware);
app.use(async (ctx) => {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.status = 405;
    return;
  }
  if (process.env.DEMO_CSP !== 'off') ctx.set('Content-Security-Policy', CSP);
  const page = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
  if (page === 'index.html' || page === 'restyle.html') {
    const { token } = await api.issueToken(api.defaultOrgId, { expiresInSeconds: DEMO_TOKEN_SECONDS });
    const html = await readFile(join(demoDir, page), 'utf8');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = html.replace('__OPERATOR_TOKEN__', token);
    return;
  }
  if (ctx.path.startsWith('/operator-chat-panel/')) {
    if (await serveFile(ctx, distDir, ctx.path.slice('/operator-chat-panel/'.length))) return;
    ctx.status = 404;
    ctx.body = existsSync(distDir) ? 'Not found' : 'The widget is not built: run `npm run build` (npm start does it).';
    return;
  }
  if (ctx.path === '/controls.js' || ctx.path === '/demo.css' || ctx.path === '/restyle.css') {
    if (await serveFile(ctx, demoDir, ctx.path.slice(1))) return;
  }
  ctx.status = 404;
  ctx.body = 'Not found';
});

if (!existsSync(join(distDir, 'widget-script.js'))) {
  console.warn(
    'dist/operator-chat-panel/widget-script.js is missing: run `npm run build` first (`npm start` does both).',
  );
}

const port = process.env.PORT ? Number(process.env.PORT) : 0;
const server = app.listen(port, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`operator-chat-panel demo: http://127.0.0.1:${address.port}/`);
});

const shutdown = () => {
  api.stop();
  server.close();
  server.closeAllConnections?.();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
