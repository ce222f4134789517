/**
 * Shared helpers for the reference chat API tests: a Koa app on 127.0.0.1:0 with the API
 * middleware, organization creation through the control API, and small fetch wrappers.
 */
import Koa from 'koa';
import { once } from 'node:events';
import { createChatApi } from '../demo/server/chat-api.js';

/**
 * @param {Parameters<typeof createChatApi>[0]} [options]
 */
export async function startServer(options) {
  const api = createChatApi(options);
  const app = new Koa();
  app.use(api.middleware);
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'fallthrough';
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://127.0.0.1:${port}`;
  return {
    api,
    base,
    async close() {
      api.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * @param {string} base
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string | null, headers?: Record<string, string>, raw?: BodyInit }} [options]
 */
export async function call(base, path, { method = 'GET', body, token, headers = {}, raw } = {}) {
  /** @type {Record<string, string>} */
  const allHeaders = { ...headers };
  if (token) allHeaders.Authorization = `Bearer ${token}`;
  let payload = raw;
  if (body !== undefined) {
    allHeaders['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(base + path, { method, headers: allHeaders, body: payload });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * Creates an isolated organization. Returns the control answer plus an API caller bound to
 * its operator token.
 * @param {string} base
 * @param {Record<string, unknown>} [body]
 */
export async function createOrg(base, body = {}) {
  const created = await call(base, '/__control/orgs', { method: 'POST', body });
  if (created.status !== 200) throw new Error(`createOrg failed: ${created.status} ${created.text}`);
  const info = created.json;
  const org = info.organizationId;
  return {
    ...info,
    /** @param {string} path @param {Parameters<typeof call>[2]} [options] */
    api: (path, options = {}) => call(base, path, { token: info.token, ...options }),
    /** @param {string} path @param {unknown} [body] @param {string} [method] */
    control: (path, body, method = body === undefined ? 'GET' : 'POST') =>
      call(base, `/__control/orgs/${org}/${path}`, { method, body }),
  };
}

/** @param {number} ms */
export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
