/**
 * Control endpoints under `/__control/` (no auth, JSON) used by tests and the demo page:
 * create organizations, issue tokens, set faults, drive the simulator and customers, and
 * read request logs, queues and raw messages for assertions.
 */
import {
  HttpError,
  isPlainObject,
  parseJson,
  readRawBody,
  route,
  matchRoute,
  sendError,
  sendJson,
} from './http-util.js';
import { messageDto, chatDto } from './serialize.js';
import { openNewChat, pickOpenChat, seedMediaRecord, storyChat, storyReply } from './simulator.js';
import { createRng } from './prng.js';
import { PRESETS } from './seed.js';
import { MEDIA_VARIANTS, variantMediaRecord } from './media-files.js';
import { seedChat } from './control-seed-chat.js';

/** @typedef {import('./chat-api.js').ChatApiInternals} ChatApiInternals */
/** @typedef {{ api: ChatApiInternals, body: Record<string, any>, params: Record<string, string>, origin: string, org: import('./org.js').Org }} ControlRequest */

const rng = createRng('control');

/** @param {Record<string, any>} body @param {string} key @param {string} type */
function check(body, key, type) {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  const ok = type === 'integer' ? Number.isInteger(value) : typeof value === type;
  if (!ok) throw new HttpError(400, `${key} must be ${type === 'integer' ? 'an integer' : `a ${type}`}`);
  return value;
}

/** @param {ControlRequest} req */
async function createOrg(ctx, req) {
  const preset = check(req.body, 'preset', 'string') ?? 'default';
  if (!PRESETS.includes(preset)) throw new HttpError(400, `preset must be one of ${PRESETS.join(', ')}`);
  const org = req.api.createOrg({
    preset,
    simulate: check(req.body, 'simulate', 'boolean') ?? false,
    simulateIntervalMs: check(req.body, 'simulateIntervalMs', 'number'),
    receipts: check(req.body, 'receipts', 'boolean'),
    name: check(req.body, 'name', 'string'),
  });
  sendJson(ctx, 200, await req.api.describeOrg(org));
}

/** @param {ControlRequest} req */
async function issueToken(ctx, req) {
  const expiresInSeconds = check(req.body, 'expiresInSeconds', 'number');
  const operatorId = check(req.body, 'operatorId', 'integer');
  if (operatorId !== undefined && !req.org.operatorById(operatorId))
    throw new HttpError(400, `Unknown operator ${operatorId}`);
  sendJson(ctx, 200, await req.api.issueToken(req.org.id, { expiresInSeconds, operatorId }));
}

/** @param {ControlRequest} req */
function chatFor(req, key = 'chatId') {
  const id = check(req.body, key, 'integer');
  if (id !== undefined) return req.org.chatOrThrow(id);
  const chat = pickOpenChat(req.org, rng);
  if (!chat) throw new HttpError(400, 'No open chat');
  return chat;
}

/** @param {ControlRequest} req */
function customerMessage(ctx, req) {
  const text = check(req.body, 'text', 'string') ?? 'Hello from the customer';
  const mediaType = check(req.body, 'mediaType', 'integer');
  const mediaVariant = check(req.body, 'mediaVariant', 'string');
  if (mediaVariant !== undefined && mediaType !== undefined)
    throw new HttpError(400, 'mediaType and mediaVariant exclude each other');
  let message;
  let chat;
  if (check(req.body, 'story', 'boolean')) {
    chat = req.body.chatId !== undefined ? chatFor(req) : storyChat(req.org);
    if (!chat) throw new HttpError(400, 'No open photo-network chat');
    message = storyReply(req.org, chat, {
      text,
      withUrl: check(req.body, 'storyUrl', 'boolean') ?? true,
      via: 'control',
    });
  } else {
    chat = chatFor(req);
    const media =
      mediaVariant !== undefined
        ? variantMediaRecord(mediaVariant)
        : mediaType === undefined
          ? null
          : seedMediaRecord(mediaType);
    if (mediaType !== undefined && !media) throw new HttpError(400, 'mediaType must be 1-10');
    if (mediaVariant !== undefined && !media)
      throw new HttpError(400, `mediaVariant must be one of ${Object.keys(MEDIA_VARIANTS).join(', ')}`);
    message = req.org.customerMessage(chat, {
      text: media ? (check(req.body, 'text', 'string') ?? '') : text,
      media,
      via: 'control',
    });
  }
  sendJson(ctx, 200, messageDto(message, chat, req.org, req.origin));
}

/** @param {ControlRequest} req */
function newChat(ctx, req) {
  const source = check(req.body, 'source', 'integer');
  const phone = req.body.phone === null ? null : check(req.body, 'phone', 'string');
  const { chat } = openNewChat(req.org, rng, {
    source,
    name: check(req.body, 'name', 'string'),
    phone,
    text: check(req.body, 'text', 'string'),
    via: 'control',
  });
  sendJson(ctx, 200, chatDto(chat, req.org, req.origin));
}

/** @param {ControlRequest} req */
function typing(ctx, req) {
  const chat = req.org.chatOrThrow(check(req.body, 'chatId', 'integer') ?? -1);
  req.org.typing(chat, Boolean(check(req.body, 'end', 'boolean')));
  sendJson(ctx, 200, { ok: true });
}

/** @param {ControlRequest} req */
function editMessage(ctx, req) {
  const message = req.org.messageOrThrow(check(req.body, 'messageId', 'integer') ?? -1);
  const text = check(req.body, 'text', 'string');
  if (text === undefined) throw new HttpError(400, 'text is required');
  req.org.editMessage(message, text);
  sendJson(ctx, 200, { ok: true });
}

/** @param {ControlRequest} req */
function deleteMessage(ctx, req) {
  req.org.deleteMessage(req.org.messageOrThrow(check(req.body, 'messageId', 'integer') ?? -1));
  sendJson(ctx, 200, { ok: true });
}

/** @param {ControlRequest} req */
function messageStatus(ctx, req) {
  const message = req.org.messageOrThrow(check(req.body, 'messageId', 'integer') ?? -1);
  const status = check(req.body, 'status', 'integer');
  if (status === undefined) throw new HttpError(400, 'status is required');
  req.org.setMessageStatus(message, status);
  sendJson(ctx, 200, { ok: true });
}

/** @param {ControlRequest} req */
function simulator(ctx, req) {
  const running = check(req.body, 'running', 'boolean');
  const intervalMs = check(req.body, 'intervalMs', 'number');
  const receipts = check(req.body, 'receipts', 'boolean');
  const sim = /** @type {import('./simulator.js').Simulator} */ (req.org.simulator);
  if (receipts !== undefined) req.org.receipts = receipts;
  if (running === true) sim.start(intervalMs);
  else if (running === false) sim.stop();
  else if (intervalMs !== undefined) sim.intervalMs = Math.max(20, intervalMs);
  sendJson(ctx, 200, { running: sim.running, intervalMs: sim.intervalMs, receipts: req.org.receiptsEnabled() });
}

/** @param {ControlRequest} req */
function rawMessages(ctx, req) {
  const chat = req.org.chatOrThrow(Number(req.params.chat));
  sendJson(
    ctx,
    200,
    req.org.messagesOf(chat).map((message) => ({ ...message, chatSource: chat.messSource })),
  );
}

const routes = [
  route('POST', '/__control/orgs', createOrg),
  route('GET', '/__control/orgs', (ctx, req) =>
    sendJson(
      ctx,
      200,
      [...req.api.orgs.values()].map((org) => ({ id: org.id, name: org.name, preset: org.preset })),
    ),
  ),
  route('GET', '/__control/requests', async (ctx, req) => {
    await req.api.arrivals.logged();
    sendJson(ctx, 200, req.api.globalLog);
  }),
  route('DELETE', '/__control/requests', (ctx, req) => {
    req.api.globalLog.length = 0;
    sendJson(ctx, 200, []);
  }),
  route('GET', '/__control/held-media/:name', (ctx, req) =>
    sendJson(ctx, 200, req.api.heldMedia.describe(req.params.name)),
  ),
  route('POST', '/__control/held-media/:name', (ctx, req) =>
    sendJson(ctx, 200, { waiting: req.api.heldMedia.release(req.params.name) }),
  ),
  route('GET', '/__control/orgs/:org', async (ctx, req) =>
    sendJson(ctx, 200, await req.api.describeOrg(req.org, false)),
  ),
  route('DELETE', '/__control/orgs/:org', (ctx, req) => {
    req.api.removeOrg(req.org.id);
    sendJson(ctx, 200, { ok: true });
  }),
  route('POST', '/__control/orgs/:org/token', issueToken),
  route('GET', '/__control/orgs/:org/faults', (ctx, req) => sendJson(ctx, 200, req.org.faults.snapshot())),
  route('POST', '/__control/orgs/:org/faults', (ctx, req) => sendJson(ctx, 200, req.org.faults.merge(req.body))),
  route('DELETE', '/__control/orgs/:org/faults', (ctx, req) => sendJson(ctx, 200, req.org.faults.reset())),
  route('POST', '/__control/orgs/:org/simulator', simulator),
  route('POST', '/__control/orgs/:org/customer-message', customerMessage),
  route('POST', '/__control/orgs/:org/new-chat', newChat),
  route('POST', '/__control/orgs/:org/seed-chat', seedChat),
  route('POST', '/__control/orgs/:org/typing', typing),
  route('POST', '/__control/orgs/:org/edit-message', editMessage),
  route('POST', '/__control/orgs/:org/delete-message', deleteMessage),
  route('POST', '/__control/orgs/:org/message-status', messageStatus),
  route('GET', '/__control/orgs/:org/requests', async (ctx, req) => {
    await req.api.arrivals.logged();
    sendJson(ctx, 200, req.org.requests);
  }),
  route('DELETE', '/__control/orgs/:org/requests', (ctx, req) => {
    req.org.requests.length = 0;
    sendJson(ctx, 200, []);
  }),
  route('GET', '/__control/orgs/:org/events', (ctx, req) =>
    sendJson(
      ctx,
      200,
      req.org.events.ordered().map((event) => req.org.events.toWire(event, req.origin)),
    ),
  ),
  route('GET', '/__control/orgs/:org/created-messages', (ctx, req) => sendJson(ctx, 200, req.org.created)),
  route('GET', '/__control/orgs/:org/chats/:chat/messages', rawMessages),
];

/**
 * @param {import('koa').Context} ctx
 * @param {ChatApiInternals} api
 */
export async function handleControl(ctx, api) {
  ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  ctx.set('Cache-Control', 'no-store');
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  try {
    const match = matchRoute(routes, ctx.method, ctx.path);
    if (!match.route) throw new HttpError(match.pathKnown ? 405 : 404, `No control route ${ctx.method} ${ctx.path}`);
    const params = match.params;
    /** @type {any} */
    let org = null;
    if (params.org !== undefined) {
      const id = params.org === 'default' ? api.defaultOrgId : Number(params.org);
      org = api.orgs.get(id);
      if (!org) throw new HttpError(404, `Organization ${params.org} not found`);
    }
    const raw = await readRawBody(ctx.req, 1024 * 1024);
    const body = raw.length && raw.toString().trim() ? parseJson(raw) : {};
    if (!isPlainObject(body)) throw new HttpError(400, 'Expected a JSON object');
    await match.route.handler(ctx, { api, body, params, origin: ctx.origin, org });
  } catch (error) {
    if (error instanceof HttpError) sendError(ctx, error.status, error.message);
    else {
      console.error('[chat-api control]', error);
      sendError(ctx, 500, String(/** @type {Error} */ (error)?.message ?? error));
    }
  }
}
