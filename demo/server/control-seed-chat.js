/**
 * `POST /__control/orgs/:org/seed-chat`: a chat whose every string comes from the caller
 * (customer name, avatar URL, message texts, file names, media URLs), for tests that feed the
 * panel hostile data or chats like real ones. URLs are stored as given, so `javascript:` or
 * `data:text/html` reach the panel exactly as a compromised or careless service would send them.
 * Messages are the customer's unless `author: 'operator'` (optionally `isInternal`, a note);
 * `replyTo` quotes an earlier message of the same call by its index. With `read: true` the
 * customer's messages are already read (history), else they are unread, as new messages are. The
 * chat and its messages raise the usual events (7, 3, 11); customer messages are logged in
 * `created-messages`. A message's `minutesAgo` dates it in the past (a customer who has waited);
 * its `translation` is served as its `messageTranslation`.
 * The customer-details fields: `status`, `handle` (photo network), `sameClientAs` (a chat id: the
 * new chat is that customer's, same `client` and `photoUser`), `details` (chat fields served
 * exactly as given over the defaults: `tags`, `rate`, `lang`, ... in any shape) and `omit`
 * (fields left out of the ChatDTO).
 */
import { HttpError, sendJson } from './http-util.js';
import { chatDto } from './serialize.js';

const maxMessages = 2000;

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {string | undefined}
 */
function optionalString(value, what) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${what} must be a string`);
  return value;
}

/**
 * @param {unknown} value
 * @param {number} index
 * @returns {import('./serialize.js').MediaRecord | null}
 */
function mediaRecord(value, index) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new HttpError(400, `messages[${index}].media must be an object`);
  const media = /** @type {Record<string, unknown>} */ (value);
  const type = media.type ?? 2;
  if (!Number.isInteger(type)) throw new HttpError(400, `messages[${index}].media.type must be an integer`);
  return {
    name: optionalString(media.name, `messages[${index}].media.name`) ?? '',
    format: optionalString(media.format, `messages[${index}].media.format`) ?? 'bin',
    type: /** @type {number} */ (type),
    path: optionalString(media.url, `messages[${index}].media.url`) ?? '',
    length: 1024,
  };
}

/**
 * @param {import('koa').Context} ctx
 * @param {{ body: Record<string, any>, org: import('./org.js').Org, origin: string }} req
 */
export function seedChat(ctx, req) {
  const { body, org } = req;
  const messages = body.messages ?? [];
  if (!Array.isArray(messages) || messages.length > maxMessages)
    throw new HttpError(400, `messages must be an array of at most ${maxMessages}`);
  // Everything is checked before anything is stored: a 400 leaves the organization as it was.
  const records = messages.map((input, index) => {
    if (typeof input !== 'object' || input === null) throw new HttpError(400, `messages[${index}] must be an object`);
    const author = input.author ?? 'customer';
    if (author !== 'customer' && author !== 'operator')
      throw new HttpError(400, `messages[${index}].author must be 'customer' or 'operator'`);
    if (input.isInternal !== undefined && typeof input.isInternal !== 'boolean')
      throw new HttpError(400, `messages[${index}].isInternal must be a boolean`);
    if (input.isInternal && author !== 'operator')
      throw new HttpError(400, `messages[${index}].isInternal needs author 'operator'`);
    const replyTo = input.replyTo;
    if (replyTo !== undefined && !(Number.isInteger(replyTo) && replyTo >= 0 && replyTo < index))
      throw new HttpError(400, `messages[${index}].replyTo must be the index of an earlier message`);
    const minutesAgo = input.minutesAgo;
    if (minutesAgo !== undefined && !(typeof minutesAgo === 'number' && Number.isFinite(minutesAgo) && minutesAgo >= 0))
      throw new HttpError(400, `messages[${index}].minutesAgo must be a number of minutes, 0 or more`);
    return {
      dateMs: minutesAgo === undefined ? undefined : Date.now() - minutesAgo * 60_000,
      text: optionalString(input.text, `messages[${index}].text`) ?? '',
      translation: optionalString(input.translation, `messages[${index}].translation`) ?? null,
      media: mediaRecord(input.media, index),
      author,
      isInternal: input.isInternal === true,
      replyTo: /** @type {number | undefined} */ (replyTo),
    };
  });
  if (body.read !== undefined && typeof body.read !== 'boolean') throw new HttpError(400, 'read must be a boolean');
  const name = optionalString(body.name, 'name') ?? '';
  const photo = optionalString(body.photo, 'photo');
  const phone = optionalString(body.phone, 'phone') ?? null;
  const source = body.source ?? 1;
  if (!Number.isInteger(source)) throw new HttpError(400, 'source must be an integer');
  const status = body.status;
  if (status !== undefined && !(Number.isInteger(status) && status >= 0 && status <= 4))
    throw new HttpError(400, 'status must be a ChatStatus (0-4)');
  const details = body.details;
  if (details !== undefined && (typeof details !== 'object' || details === null || Array.isArray(details)))
    throw new HttpError(400, 'details must be an object of chat fields');
  const omit = body.omit;
  if (omit !== undefined && !(Array.isArray(omit) && omit.every((key) => typeof key === 'string')))
    throw new HttpError(400, 'omit must be an array of field names');
  const handle = optionalString(body.handle, 'handle');
  const sameClientAs = body.sameClientAs === undefined ? null : org.chatOrThrow(Number(body.sameClientAs));
  let chat;
  if (body.chatId !== undefined) {
    chat = org.chatOrThrow(Number(body.chatId));
  } else {
    chat = org.createChat({ source, name, phone, handle });
    if (photo !== undefined) chat.client.photo = photo;
    if (sameClientAs) {
      chat.client = sameClientAs.client;
      chat.photoUser = sameClientAs.photoUser;
      chat.socialUserId = sameClientAs.socialUserId;
    }
  }
  if (status !== undefined) chat.chatStatus = status;
  if (details !== undefined) chat.details = { ...chat.details, ...details };
  if (omit !== undefined) chat.omit = omit;
  /** @type {import('./org.js').MessageRecord[]} */
  const added = [];
  for (const record of records) {
    const quoted = record.replyTo === undefined ? null : added[record.replyTo];
    const replyTo = quoted ? { id: quoted.id, message: quoted.message, author: quoted.author } : null;
    const message =
      record.author === 'operator'
        ? org.addMessage(chat, {
            message: record.text,
            author: 0,
            media: record.media,
            isInternal: record.isInternal,
            operatorId: org.operators[0]?.id ?? null,
            status: 3,
            replyTo,
            ...(record.dateMs !== undefined ? { dateMs: record.dateMs } : {}),
          })
        : org.customerMessage(chat, {
            text: record.text,
            media: record.media,
            via: 'seed-chat',
            dateMs: record.dateMs,
          });
    if (replyTo) message.replyTo = replyTo;
    if (record.translation !== null) message.messageTranslation = record.translation;
    if (body.read === true && message.author === 1) {
      message.status = 3;
      message.unread = false;
      chat.countUnread = Math.max(0, chat.countUnread - 1);
    }
    added.push(message);
  }
  org.syncSummary(chat);
  if (added.length) chat.createdAtMs = Math.min(chat.createdAtMs, added[0].dateMs);
  sendJson(ctx, 200, { chat: chatDto(chat, org, req.origin), messageIds: added.map((message) => message.id) });
}
