/**
 * The reference chat API as one Koa middleware: `/api/...` (spec 4.1, 4.2, 4.5),
 * `/media/...` and `/__control/...`; everything else goes to `next()`. Mount it into
 * @web/test-runner or @web/dev-server (`middleware: [api.middleware]`) or a bare Koa app.
 *
 * Every `/api/` request passes a gate: CORS, token inspection (the organization comes from the
 * Bearer token), the request log, the rate limit and the injected faults of that organization,
 * then authentication for the route group and the route itself.
 */
import { companyRoutes } from './routes-company.js';
import { chatRoutes } from './routes-chats.js';
import { sendRoutes } from './routes-send.js';
import { handleControl } from './control.js';
import { serveMedia } from './media-files.js';
import { HeldMedia } from './held-media.js';
import { HttpError, matchRoute, parseJson, readRawBody, sendError } from './http-util.js';
import { describeForm, parseMultipart } from './multipart.js';
import { inspectToken, signCompanyToken, signOperatorToken } from './jwt.js';
import { RequestArrivals } from './request-arrivals.js';
import { Org } from './org.js';
import { seedLongChat, seedOrg } from './seed.js';
import { Simulator } from './simulator.js';

const ROUTES = [...companyRoutes, ...chatRoutes, ...sendRoutes];
const BODY_LIMIT = 40 * 1024 * 1024;
const JWT_IN_URL = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
const GLOBAL_LOG_LIMIT = 5000;

/**
 * @typedef {object} CreateOrgOptions
 * @property {'default' | 'empty' | 'bench'} [preset]
 * @property {boolean} [simulate] start the customer simulator
 * @property {number} [simulateIntervalMs]
 * @property {boolean} [receipts] delivery/read receipts even without the simulator
 * @property {string} [name]
 */

/**
 * @typedef {object} ChatApiInternals
 * @property {Map<number, Org>} orgs
 * @property {Map<string, import('./media-files.js').StoredFile>} uploads
 * @property {HeldMedia} heldMedia pictures held until a test lets them go
 * @property {number} defaultOrgId
 * @property {Record<string, unknown>[]} globalLog
 * @property {RequestArrivals} arrivals the requests received and not yet in the logs
 * @property {(options?: CreateOrgOptions) => Org} createOrg
 * @property {(orgId: number) => void} removeOrg
 * @property {(orgId: number, options?: { expiresInSeconds?: number, operatorId?: number }) => Promise<{ token: string, expiresAt: string }>} issueToken
 * @property {(org: Org, withTokens?: boolean) => Promise<Record<string, unknown>>} describeOrg
 */

/**
 * @typedef {object} ChatApi
 * @property {(ctx: import('koa').Context, next: () => Promise<unknown>) => Promise<unknown>} middleware
 * @property {Map<number, Org>} orgs
 * @property {number} defaultOrgId
 * @property {ChatApiInternals['createOrg']} createOrg
 * @property {ChatApiInternals['issueToken']} issueToken
 * @property {ChatApiInternals['describeOrg']} describeOrg
 * @property {() => void} stop clears every timer of every organization and answers every held request
 */

/**
 * @param {{ simulate?: boolean, simulateIntervalMs?: number, preset?: 'default' | 'empty' | 'bench', receipts?: boolean, longChat?: boolean, clock?: import('./clock.js').Clock }} [options]
 *   `clock`: what times every organization's timers and rate limit (a test's own clock; default the real one);
 *   `longChat`: the default organization also holds a chat of 600 messages (the demo's, to scroll and search in)
 * @returns {ChatApi}
 */
export function createChatApi(options = {}) {
  let nextOrgId = 1;
  /** @type {ChatApiInternals} */
  const api = {
    orgs: new Map(),
    uploads: new Map(),
    heldMedia: new HeldMedia(),
    defaultOrgId: 0,
    globalLog: [],
    arrivals: new RequestArrivals(),
    createOrg(orgOptions = {}) {
      const id = nextOrgId++;
      const preset = orgOptions.preset ?? 'default';
      const org = new Org({
        id,
        name: orgOptions.name ?? (id === 1 ? 'Acme Demo' : `Test organization ${id}`),
        companyId: id,
        preset,
        clock: options.clock,
      });
      seedOrg(org);
      org.simulator = new Simulator(org);
      org.receipts = Boolean(orgOptions.receipts);
      api.orgs.set(id, org);
      if (orgOptions.simulate) org.simulator.start(orgOptions.simulateIntervalMs);
      else if (orgOptions.simulateIntervalMs) org.simulator.intervalMs = orgOptions.simulateIntervalMs;
      return org;
    },
    removeOrg(orgId) {
      api.orgs.get(orgId)?.clearTimers();
      api.orgs.delete(orgId);
    },
    async issueToken(orgId, { expiresInSeconds = 3600, operatorId } = {}) {
      const org = api.orgs.get(orgId);
      if (!org) throw new HttpError(404, `Organization ${orgId} not found`);
      const operator = operatorId === undefined ? org.operators[0] : org.operatorById(operatorId);
      if (!operator) throw new HttpError(400, `Unknown operator ${operatorId}`);
      const expiresAtMs = Math.floor((Date.now() + expiresInSeconds * 1000) / 1000) * 1000;
      const token = await signOperatorToken({
        operatorId: operator.id,
        organizationId: org.id,
        operatorName: operator.name,
        expiresAtMs,
      });
      return { token, expiresAt: new Date(expiresAtMs).toISOString() };
    },
    async describeOrg(org, withTokens = true) {
      const operator = org.operators[0];
      const tokens = withTokens
        ? {
            token: (await api.issueToken(org.id)).token,
            companyToken: await signCompanyToken({ companyId: org.companyId, organizationIds: [org.id] }),
          }
        : {};
      return {
        organizationId: org.id,
        operatorId: operator.id,
        operatorName: operator.name,
        ...tokens,
        companyLogin: { login: org.id === api.defaultOrgId ? 'demo' : `org${org.id}`, password: 'demo' },
        preset: org.preset,
        simulator: { running: Boolean(org.simulator?.running), intervalMs: org.simulator?.intervalMs },
        fixtures: org.fixtures,
      };
    },
  };

  const defaultOrg = api.createOrg({
    preset: options.preset ?? 'default',
    simulate: options.simulate ?? false,
    simulateIntervalMs: options.simulateIntervalMs,
    receipts: options.receipts,
    name: 'Acme Demo',
  });
  api.defaultOrgId = defaultOrg.id;
  if (options.longChat) defaultOrg.fixtures = { ...defaultOrg.fixtures, longChatId: seedLongChat(defaultOrg) };

  /**
   * @param {import('koa').Context} ctx
   * @param {() => Promise<unknown>} next
   */
  async function middleware(ctx, next) {
    const path = ctx.path;
    if (path === '/api' || path.startsWith('/api/')) return handleApi(ctx, api);
    if (path.startsWith('/media/')) return serveMedia(ctx, api.uploads, api.heldMedia);
    if (path.startsWith('/__control/')) return handleControl(ctx, api);
    return next();
  }

  return {
    middleware,
    orgs: api.orgs,
    defaultOrgId: api.defaultOrgId,
    createOrg: api.createOrg,
    issueToken: api.issueToken,
    describeOrg: api.describeOrg,
    stop() {
      for (const org of api.orgs.values()) {
        org.clearTimers();
        org.faults.reset();
      }
      api.heldMedia.releaseAll();
    },
  };
}

/** @param {import('koa').Context} ctx */
function setCors(ctx) {
  ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*');
  ctx.set('Vary', 'Origin');
  ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  ctx.set('Access-Control-Expose-Headers', 'Retry-After, WWW-Authenticate');
  ctx.set('Access-Control-Max-Age', '600');
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {import('koa').Context} ctx
 * @param {ChatApiInternals} api
 */
async function handleApi(ctx, api) {
  setCors(ctx);
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  const header = ctx.get('authorization');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
  const urlToken = JWT_IN_URL.exec(ctx.url)?.[0] ?? null;
  // Logged once its token is read, its body once that is read, both asynchronous: until then the
  // logs are not answered (a request sent just before a test reads them is in them, whole, also
  // one its page gave up on).
  const arrival = api.arrivals.begin();
  let inspected;
  try {
    inspected = await inspectToken(bearer ?? (header ? null : urlToken));
  } catch (error) {
    arrival.end();
    throw error;
  }
  const claims = inspected?.payload ?? null;
  const org = claims ? (api.orgs.get(Number(claims.organizationId)) ?? null) : null;
  const contentType = ctx.get('content-type');
  /** @type {Record<string, unknown>} */
  const entry = {
    method: ctx.method,
    path: ctx.path,
    search: ctx.search,
    authorization: !header ? 'none' : /^Bearer\s/i.test(header) ? 'bearer' : 'other',
    tokenInUrl: Boolean(urlToken),
    contentType: contentType || null,
    organizationId: org?.id ?? null,
    /** The page that asked (a browser's Referer): tells apart test pages running side by side. */
    referer: ctx.get('referer') || null,
    status: null,
    at: new Date().toISOString(),
  };
  api.globalLog.push(entry);
  if (api.globalLog.length > GLOBAL_LOG_LIMIT) api.globalLog.splice(0, api.globalLog.length - GLOBAL_LOG_LIMIT);
  org?.logRequest(entry);

  try {
    const raw = await readRawBody(ctx.req, BODY_LIMIT);
    /** @type {import('./multipart.js').ParsedForm | null} */
    let form = null;
    /** @type {HttpError | null} */
    let formError = null;
    if (/^multipart\/form-data/i.test(contentType)) {
      try {
        form = await parseMultipart(ctx.req.headers, raw);
        Object.assign(entry, describeForm(form));
      } catch (error) {
        formError = /** @type {HttpError} */ (error);
      }
    } else if (raw.length) {
      try {
        entry.jsonBody = JSON.parse(raw.toString('utf8'));
      } catch {
        entry.bodyText = raw.toString('utf8').slice(0, 2000);
      }
    }
    arrival.end(); // the entry is whole

    if (org) {
      const faults = org.faults;
      await faults.whileHeld(ctx.path);
      if (faults.state.latencyMs > 0) await sleep(faults.state.latencyMs);
      const wait = faults.takeRateToken();
      if (wait) throw new HttpError(429, 'Rate limit exceeded', { 'Retry-After': String(wait) });
      const forced = faults.takeForcedFailure(ctx.path);
      if (forced === 'drop') {
        entry.status = 'dropped';
        ctx.respond = false;
        ctx.req.socket.destroy();
        return;
      }
      if (forced === 429) {
        const { retryAfter } = faults.state;
        throw new HttpError(
          429,
          'Too many requests (injected fault)',
          retryAfter === null ? {} : { 'Retry-After': String(retryAfter) },
        );
      }
      if (forced === 500) throw new HttpError(500, 'Internal server error (injected fault)');
      if (forced === 'malformed') {
        entry.status = 200;
        ctx.status = 200;
        ctx.type = 'application/json';
        ctx.body = '{"items": [ truncated';
        return;
      }
    }

    const match = matchRoute(ROUTES, ctx.method, ctx.path);
    if (!match.route) throw new HttpError(match.pathKnown ? 405 : 404, `No route ${ctx.method} ${ctx.path}`);
    const routeDef = /** @type {any} */ (match.route);
    if (routeDef.auth !== 'none') authenticate(routeDef.auth, bearer, inspected, org);
    if (formError && routeDef.auth !== 'none') throw formError;
    await routeDef.handler(ctx, {
      api,
      org,
      claims,
      params: match.params,
      form,
      origin: ctx.origin,
      json: () => parseJson(raw),
    });
  } catch (error) {
    arrival.end(); // a body that could not be read
    if (error instanceof HttpError) sendError(ctx, error.status, error.message, error.headers);
    else {
      console.error('[chat-api]', error);
      sendError(ctx, 500, 'Internal server error');
    }
  }
  entry.status = ctx.status;
}

/**
 * @param {'company' | 'operator'} kind
 * @param {string | null} bearer
 * @param {{ payload: Record<string, any>, expired: boolean } | null} inspected
 * @param {Org | null} org
 */
function authenticate(kind, bearer, inspected, org) {
  if (!bearer) throw unauthorized('Missing bearer token');
  if (!inspected) throw unauthorized('Invalid token');
  const claims = inspected.payload;
  if (claims.kind !== kind)
    throw unauthorized(kind === 'operator' ? 'An operator token is required' : 'A company token is required');
  if (inspected.expired) throw unauthorized('Token expired');
  if (!org) throw unauthorized('Unknown organization');
  if (kind === 'operator' && org.faults.isTokenForcedExpired(claims)) throw unauthorized('Token expired');
}

/**
 * A 401 that says why twice, as services do: the body's `message`, and RFC 6750's
 * `WWW-Authenticate` with an `error_description`.
 * @param {string} why
 */
function unauthorized(why) {
  return new HttpError(401, why, { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${why}"` });
}
