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

/**
 * A clock the test moves by hand, for `startServer({ clock })`: the organizations' timers
 * (redelivery, receipts, the simulator) and rate limits run on it. It starts at the real time
 * (tokens are checked against that) and stands still until `advance`.
 */
export function manualClock() {
  let now = Date.now();
  let nextId = 1;
  /** @type {Map<number, { at: number, callback: () => void }>} */
  const timers = new Map();
  return {
    now: () => now,
    /** @param {() => void} callback @param {number} ms */
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    /** @param {unknown} id */
    clearTimeout: (id) => void timers.delete(/** @type {number} */ (id)),
    /** Moves the clock by `ms`, running the timers due on the way, in order (those they set too). */
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, due] =
          [...timers.entries()]
            .filter(([, timer]) => timer.at <= until)
            .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0] ?? [];
        if (!due) break;
        timers.delete(/** @type {number} */ (id));
        now = due.at;
        due.callback();
      }
      now = until;
    },
  };
}

/**
 * Waits until `check` answers true, looking every `everyMs`: for what a test needs to have
 * happened, never for time. Fails naming `what` after `timeoutMs`. A costly check (one that reads
 * a whole request log) looks less often.
 * @param {() => boolean | Promise<boolean>} check
 * @param {string} what
 */
export async function waitFor(check, what, timeoutMs = 20_000, everyMs = 20) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(everyMs);
  }
}
