/**
 * Small HTTP helpers shared by the chat API routes: JSON answers, typed errors,
 * body reading, null-dropping for callback bodies, tiny routing.
 */

const REASONS = /** @type {Record<number, string>} */ ({
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
});

/** An error that becomes a JSON answer `{error, message, status}`. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {Record<string, string>} [headers]
   */
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/**
 * @param {import('koa').Context} ctx
 * @param {number} status
 * @param {unknown} body
 */
export function sendJson(ctx, status, body) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(body);
}

/**
 * @param {import('koa').Context} ctx
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function sendError(ctx, status, message, headers = {}) {
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  sendJson(ctx, status, { error: REASONS[status] ?? 'Error', message, status });
}

/**
 * Reads the whole request body.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit bytes
 * @returns {Promise<Buffer>}
 */
export function readRawBody(req, limit) {
  return new Promise((resolve, reject) => {
    // A request its client gave up on (the page aborted it) while the server was still busy with it
    // (a token's check) is destroyed: no 'end' and no 'error' come any more, and the answer, and its
    // status in the request log, would wait for ever. 499: the client closed the request (nginx's).
    const gone = () => reject(new HttpError(499, 'The client closed the request before its body was read'));
    if (req.destroyed) {
      gone();
      return;
    }
    req.on('close', gone); // after 'end' (already resolved) it changes nothing
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit && !failed) {
        failed = true;
        reject(new HttpError(413, `Request body larger than ${limit} bytes`));
        return;
      }
      if (!failed) chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

/**
 * Drops null and undefined keys (recursively in plain objects): callback bodies omit nulls.
 * @template T
 * @param {T} value
 * @returns {T}
 */
export function compact(value) {
  if (Array.isArray(value)) return /** @type {T} */ (value.map((item) => compact(item)));
  if (value && typeof value === 'object') {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      out[key] = compact(item);
    }
    return /** @type {T} */ (out);
  }
  return value;
}

/**
 * @typedef {object} Route
 * @property {string} method
 * @property {RegExp} pattern
 * @property {string[]} keys
 * @property {Function} handler
 */

/**
 * Declares a route; `:name` segments match one path segment.
 * @param {string} method
 * @param {string} path
 * @param {Function} handler
 * @returns {Route}
 */
export function route(method, path, handler) {
  /** @type {string[]} */
  const keys = [];
  const source = path.replace(/:(\w+)/g, (_, key) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}/?$`), keys, handler };
}

/**
 * @param {Route[]} routes
 * @param {string} method
 * @param {string} path
 * @returns {{ route: Route | null, params: Record<string, string>, pathKnown: boolean }}
 */
export function matchRoute(routes, method, path) {
  let pathKnown = false;
  for (const candidate of routes) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    pathKnown = true;
    if (candidate.method !== method) continue;
    /** @type {Record<string, string>} */
    const params = {};
    candidate.keys.forEach((key, index) => {
      params[key] = decodeURIComponent(match[index + 1]);
    });
    return { route: candidate, params, pathKnown };
  }
  return { route: null, params: {}, pathKnown };
}

/**
 * Parses a JSON body; malformed JSON is a 400.
 * @param {Buffer} raw
 * @returns {unknown}
 */
export function parseJson(raw) {
  const text = raw.toString('utf8').trim();
  if (!text) throw new HttpError(400, 'A JSON body is required');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

/**
 * Parses a query integer; returns `fallback` when absent or not an integer.
 * @param {string | null | undefined} value
 * @param {number} fallback
 */
export function queryInt(value, fallback) {
  if (value === null || value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) ? number : fallback;
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
