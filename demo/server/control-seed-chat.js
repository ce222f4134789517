/**
 * `POST /__control/orgs/:org/seed-chat`: a chat whose every string comes from the caller
 * (customer name, avatar URL, message texts, file names, media URLs), for tests that feed the
 * panel hostile data. URLs are stored as given, so `javascript:` or `data:text/html` reach the
 * panel exactly as a compromised or careless service would send them. The chat and its customer
 * messages raise the usual events (7, 3, 11) and are logged in `created-messages`.
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
    return {
      text: optionalString(input.text, `messages[${index}].text`) ?? '',
      media: mediaRecord(input.media, index),
    };
  });
  const name = optionalString(body.name, 'name') ?? '';
  const photo = optionalString(body.photo, 'photo');
  const phone = optionalString(body.phone, 'phone') ?? null;
  const source = body.source ?? 1;
  if (!Number.isInteger(source)) throw new HttpError(400, 'source must be an integer');
  let chat;
  if (body.chatId !== undefined) {
    chat = org.chatOrThrow(Number(body.chatId));
  } else {
    chat = org.createChat({ source, name, phone });
    if (photo !== undefined) chat.client.photo = photo;
  }
  const messageIds = records.map((record) => org.customerMessage(chat, { ...record, via: 'seed-chat' }).id);
  sendJson(ctx, 200, { chat: chatDto(chat, org, req.origin), messageIds });
}
