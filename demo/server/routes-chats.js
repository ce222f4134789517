/**
 * Chat endpoints (spec 4.2) except sending: the filtered chat list, a chat's messages
 * (optionally as a chain with the customer's earlier chats), chat status, message status,
 * chat deletion; and event polling (4.5).
 */
import { HttpError, isPlainObject, queryInt, route, sendJson } from './http-util.js';
import { chatDto, messageDto, servedTagIds } from './serialize.js';

/** @typedef {import('./routes-company.js').ApiRequest} ApiRequest */

/** @param {string | null | undefined} text */
const digits = (text) => (text ?? '').replace(/\D/g, '');

/** @param {string[]} values */
const ints = (values) => values.map(Number).filter((value) => Number.isInteger(value));

/**
 * `tagIds`: the spec gives the parameter without its form; it is taken repeated
 * (`tagIds=1&tagIds=7`, as the panel sends it) and as a comma list (`tagIds=1,7`). A value that
 * is not a whole number is refused, as the service's model binding would.
 * @param {URLSearchParams} query
 */
function tagIdsOf(query) {
  const values = query
    .getAll('tagIds')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  for (const value of values)
    if (!/^\d+$/.test(value)) throw new HttpError(400, `tagIds must be whole numbers: "${value}" is not one`);
  return new Set(values.map(Number));
}

/**
 * `GET /api/chat/chats`. Pagination is `page` and `per_page` (snake case only: `perPage`
 * is ignored here). With `tagIds`, a chat carrying any of those tags is listed.
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function listChats(ctx, req) {
  const query = ctx.URL.searchParams;
  const page = Math.max(1, queryInt(query.get('page'), 1));
  const perPage = Math.max(1, queryInt(query.get('per_page'), 20));
  const statuses = ints(query.getAll('status'));
  const source = query.has('source') ? queryInt(query.get('source'), NaN) : null;
  const entityId = source !== null && query.has('entityId') ? queryInt(query.get('entityId'), NaN) : null;
  const search = (query.get('search') ?? '').trim().toLocaleLowerCase();
  const searchDigits = digits(search);
  const phone = query.has('phone') ? digits(query.get('phone')) : null;
  const isUnread = query.get('isUnread');
  const starMark = query.get('starMark');
  const operatorIds = ints(query.getAll('operatorId'));
  const clientId = query.has('clientId') ? queryInt(query.get('clientId'), NaN) : null;
  const organizationId = query.has('organizationId') ? queryInt(query.get('organizationId'), NaN) : null;
  const photoUserId = query.has('photo_user_id') ? queryInt(query.get('photo_user_id'), NaN) : null;
  const tagIds = tagIdsOf(query);

  const filtered = req.org.sortedChats().filter((chat) => {
    if (organizationId !== null && organizationId !== req.org.id) return false;
    if (statuses.length && !statuses.includes(chat.chatStatus)) return false;
    if (source !== null && chat.messSource !== source) return false;
    if (entityId !== null && chat.photoAccount.id !== entityId) return false;
    if (photoUserId !== null && chat.photoUser?.id !== photoUserId) return false;
    if (phone !== null && digits(chat.phone) !== phone) return false;
    if (isUnread === 'true' && chat.countUnread <= 0) return false;
    if (isUnread === 'false' && chat.countUnread > 0) return false;
    if (starMark === 'true' && !chat.isStarred) return false;
    if (operatorIds.length && !operatorIds.includes(chat.operatorId ?? -1)) return false;
    if (clientId !== null && chat.client.id !== clientId) return false;
    if (tagIds.size && !servedTagIds(chat).some((id) => tagIds.has(id))) return false;
    if (search) {
      const haystack = [chat.client.name, chat.photoUser?.name ?? '', chat.phone ?? '', chat.textLastMess]
        .join('\n')
        .toLocaleLowerCase();
      const phoneHit =
        searchDigits.length >= 3 &&
        searchDigits === search.replace(/[\s+()-]/g, '') &&
        digits(chat.phone).includes(searchDigits);
      if (!haystack.includes(search) && !phoneHit) return false;
    }
    return true;
  });
  const newMessagesCount = filtered.reduce((sum, chat) => sum + chat.countUnread, 0);
  const items = filtered.slice((page - 1) * perPage, page * perPage).map((chat) => chatDto(chat, req.org, req.origin));
  sendJson(ctx, 200, { total: filtered.length, newMessagesCount, items });
}

/** @param {string} value */
function chatIdParam(value) {
  const id = Number(value);
  if (!Number.isInteger(id)) throw new HttpError(404, `Chat ${value} not found`);
  return id;
}

/**
 * `GET /api/chat/chats/{id}/messages?isChain=`: date order ascending; with `isChain=true`
 * the messages of the same customer's earlier chats come first.
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function listMessages(ctx, req) {
  const chat = req.org.chatOrThrow(chatIdParam(req.params.id));
  const chats = [chat];
  if (ctx.URL.searchParams.get('isChain') === 'true') {
    for (const other of req.org.chats.values()) {
      if (other !== chat && other.client.id === chat.client.id && other.createdAtMs < chat.createdAtMs)
        chats.push(other);
    }
  }
  const rows = chats.flatMap((owner) => req.org.messagesOf(owner).map((message) => ({ message, owner })));
  rows.sort((a, b) => a.message.dateMs - b.message.dateMs || a.message.id - b.message.id);
  sendJson(
    ctx,
    200,
    rows.map(({ message, owner }) => messageDto(message, owner, req.org, req.origin)),
  );
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function deleteChat(ctx, req) {
  const chat = req.org.chatOrThrow(chatIdParam(req.params.id));
  req.org.deleteChat(chat);
  sendJson(ctx, 200, {});
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function putChatStatus(ctx, req) {
  const body = req.json();
  if (!isPlainObject(body) || !Number.isInteger(body.id) || !Number.isInteger(body.status)) {
    throw new HttpError(400, 'Expected {id: int, status: int}');
  }
  if (body.status < 0 || body.status > 4) throw new HttpError(400, 'status must be a ChatStatus (0-4)');
  const chat = req.org.chatOrThrow(body.id);
  req.org.setChatStatus(chat, body.status);
  sendJson(ctx, 200, chatDto(chat, req.org, req.origin));
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function putMessagesStatus(ctx, req) {
  const body = req.json();
  if (
    !isPlainObject(body) ||
    !Number.isInteger(body.status) ||
    !Array.isArray(body.messageIds) ||
    !body.messageIds.every((/** @type {unknown} */ id) => Number.isInteger(id))
  ) {
    throw new HttpError(400, 'Expected {status: int, messageIds: int[]}');
  }
  if (body.status < 0 || body.status > 11) throw new HttpError(400, 'status must be a MessageStatus (0-11)');
  let updated = 0;
  for (const id of new Set(/** @type {number[]} */ (body.messageIds))) {
    const message = req.org.messagesById.get(id);
    if (!message) continue;
    req.org.setMessageStatus(message, body.status);
    updated += 1;
  }
  sendJson(ctx, 200, { updated });
}

/**
 * `GET /api/chat/callback-events?page=&perPage=` (camelCase here: `per_page` is ignored).
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function pollEvents(ctx, req) {
  const query = ctx.URL.searchParams;
  if (query.has('organizationId') && queryInt(query.get('organizationId'), NaN) !== req.org.id) {
    throw new HttpError(401, 'No access to this organization');
  }
  const page = Math.max(1, queryInt(query.get('page'), 1));
  const perPage = Math.max(1, queryInt(query.get('perPage'), 20));
  const reorder = req.org.faults.state.reorderEvents
    ? (/** @type {any[]} */ items) => shuffleUntilChanged(items)
    : undefined;
  sendJson(ctx, 200, req.org.events.page(page, perPage, req.origin, reorder));
}

/**
 * A shuffle that, for two or more items, never returns the original order.
 * @template T
 * @param {T[]} items
 */
function shuffleUntilChanged(items) {
  if (items.length < 2) return items;
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  if (copy.every((item, index) => item === items[index])) copy.reverse();
  return copy;
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function acknowledgeEvents(ctx, req) {
  const body = req.json();
  if (!Array.isArray(body) || !body.every((guid) => typeof guid === 'string')) {
    throw new HttpError(400, 'Expected a JSON array of event_guid strings');
  }
  if (req.org.faults.takeFailedAck()) throw new HttpError(500, 'Acknowledgement failed (injected fault)');
  sendJson(ctx, 200, { deleted: req.org.events.acknowledge(body) });
}

export const chatRoutes = [
  { ...route('GET', '/api/chat/chats', listChats), auth: 'operator' },
  { ...route('GET', '/api/chat/chats/:id/messages', listMessages), auth: 'operator' },
  { ...route('DELETE', '/api/chat/chats/:id', deleteChat), auth: 'operator' },
  { ...route('PUT', '/api/chat/status', putChatStatus), auth: 'operator' },
  { ...route('PUT', '/api/chat/messages/status', putMessagesStatus), auth: 'operator' },
  { ...route('GET', '/api/chat/callback-events', pollEvents), auth: 'operator' },
  { ...route('POST', '/api/chat/callback-events/processed', acknowledgeEvents), auth: 'operator' },
];
