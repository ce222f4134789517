/**
 * The send forms (spec 2.7, 4.2): JSON `SendChatMessageDTO` on `/message`, `/message/v1`
 * and the referral path `/{referralGuid}/message`; multipart on `/message/v2` reading only
 * the exact PascalCase dotted names (other spellings are silently ignored).
 */
import { randomUUID } from 'node:crypto';
import { HttpError, isPlainObject, route, sendJson } from './http-util.js';

/** @typedef {import('./routes-company.js').ApiRequest} ApiRequest */

/**
 * @typedef {object} SendInput
 * @property {string} text
 * @property {number} author
 * @property {boolean} isInternal
 * @property {number | null} replyToMessageId
 * @property {string | null} referralGuid
 * @property {{ data: Buffer, name: string | null, format: string | null, type: number | null } | null} media
 */

/** @param {string | null} format */
function mediaTypeFor(format) {
  if (!format) return 2;
  if (format.startsWith('image/')) return 1;
  if (format.startsWith('audio/')) return 3;
  if (format.startsWith('video/')) return 4;
  return 2;
}

/** @param {string} text */
function decodeBase64(text) {
  const cleaned = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(cleaned)) throw new HttpError(400, 'media dataBase64 is not valid base64');
  return Buffer.from(cleaned, 'base64');
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 * @param {SendInput} input
 */
function storeAndAnswer(ctx, req, input) {
  const chatId = Number(req.params.id);
  if (!Number.isInteger(chatId)) throw new HttpError(404, `Chat ${req.params.id} not found`);
  const chat = req.org.chatOrThrow(chatId);
  if (input.author < 0 || input.author > 4) throw new HttpError(400, 'author must be an AuthorMessage (0-4)');
  if (input.media && input.media.data.length === 0) throw new HttpError(400, 'The attached media is empty');
  if (!input.text.trim() && !input.media) throw new HttpError(400, 'A message needs textMessage or media');
  let replyTo = null;
  if (input.replyToMessageId !== null) {
    const replied = req.org.messagesById.get(input.replyToMessageId);
    if (!replied) throw new HttpError(400, `replyToMessageId ${input.replyToMessageId} not found`);
    replyTo = { id: replied.id, message: replied.message, author: replied.author };
  }
  let media = null;
  if (input.media) {
    const guid = randomUUID();
    const format = input.media.format || 'application/octet-stream';
    const name = input.media.name || `upload-${guid.slice(0, 8)}`;
    req.api.uploads.set(guid, { body: input.media.data, type: format, name });
    media = {
      name,
      format,
      type: input.media.type ?? mediaTypeFor(format),
      path: `/media/${guid}`,
      length: input.media.data.length,
    };
  }
  const message = req.org.addMessage(chat, {
    message: input.text,
    author: input.author,
    isInternal: input.isInternal,
    replyTo,
    referralGuid: input.referralGuid,
    media,
    operatorId: input.author === 0 ? req.claims.operatorId : null,
  });
  sendJson(ctx, 200, { id: message.id, messageStatus: message.status });
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {'string' | 'integer' | 'boolean' | 'object'} kind
 */
function optional(value, name, kind) {
  if (value === undefined || value === null) return null;
  const ok =
    kind === 'integer' ? Number.isInteger(value) : kind === 'object' ? isPlainObject(value) : typeof value === kind;
  if (!ok) throw new HttpError(400, `${name} must be ${kind === 'integer' ? 'an integer' : `a ${kind}`}`);
  return value;
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function sendJsonForm(ctx, req) {
  const body = req.json();
  if (!isPlainObject(body)) throw new HttpError(400, 'Expected a SendChatMessageDTO object');
  const dto = /** @type {Record<string, unknown>} */ (body);
  const mediaDto = /** @type {Record<string, unknown> | null} */ (optional(dto.media, 'media', 'object'));
  let media = null;
  if (mediaDto) {
    const data = optional(mediaDto.dataBase64, 'media.dataBase64', 'string');
    if (data === null) throw new HttpError(400, 'media.dataBase64 is required');
    media = {
      data: decodeBase64(/** @type {string} */ (data)),
      name: /** @type {string | null} */ (optional(mediaDto.name, 'media.name', 'string')),
      format: /** @type {string | null} */ (optional(mediaDto.format, 'media.format', 'string')),
      type: /** @type {number | null} */ (optional(mediaDto.type, 'media.type', 'integer')),
    };
    optional(mediaDto.thumbnail, 'media.thumbnail', 'string');
    if (mediaDto.duration !== undefined && mediaDto.duration !== null && typeof mediaDto.duration !== 'number') {
      throw new HttpError(400, 'media.duration must be a number');
    }
  }
  storeAndAnswer(ctx, req, {
    text: /** @type {string | null} */ (optional(dto.textMessage, 'textMessage', 'string')) ?? '',
    author: /** @type {number | null} */ (optional(dto.author, 'author', 'integer')) ?? 0,
    isInternal: /** @type {boolean | null} */ (optional(dto.isInternal, 'isInternal', 'boolean')) ?? false,
    replyToMessageId: /** @type {number | null} */ (optional(dto.replyToMessageId, 'replyToMessageId', 'integer')),
    referralGuid: req.params.guid ?? /** @type {string | null} */ (optional(dto.appGuid, 'appGuid', 'string')),
    media,
  });
}

/**
 * @param {string | undefined} value
 * @param {string} name
 */
function formInt(value, name) {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new HttpError(400, `${name} must be an integer`);
  return number;
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function sendMultipartForm(ctx, req) {
  if (!req.form) throw new HttpError(400, 'Expected multipart/form-data');
  /** @type {Map<string, string>} */
  const fields = new Map(req.form.fields.map((field) => [field.name, field.value]));
  const file = req.form.files.find((candidate) => candidate.name === 'Media.File');
  const base64 = fields.get('Media.DataBase64');
  let media = null;
  if (file || base64) {
    const data = file ? file.data : decodeBase64(/** @type {string} */ (base64));
    media = {
      data,
      name: fields.get('Media.Name') || file?.filename || null,
      format:
        fields.get('Media.Format') ||
        (file?.mimeType && file.mimeType !== 'application/octet-stream' ? file.mimeType : null) ||
        file?.mimeType ||
        null,
      type: formInt(fields.get('Media.Type'), 'Media.Type'),
    };
    const duration = fields.get('Media.Duration');
    if (duration !== undefined && duration.trim() !== '' && Number.isNaN(Number(duration))) {
      throw new HttpError(400, 'Media.Duration must be a number');
    }
  }
  const internal = fields.get('IsInternal');
  if (internal !== undefined && internal !== '' && !/^(true|false)$/i.test(internal)) {
    throw new HttpError(400, 'IsInternal must be true or false');
  }
  storeAndAnswer(ctx, req, {
    text: fields.get('TextMessage') ?? '',
    author: formInt(fields.get('Author'), 'Author') ?? 0,
    isInternal: /^true$/i.test(internal ?? ''),
    replyToMessageId: formInt(fields.get('ReplyToMessageId'), 'ReplyToMessageId'),
    referralGuid: req.params.guid ?? (fields.get('AppGuid') || null),
    media,
  });
}

export const sendRoutes = [
  { ...route('POST', '/api/chat/:id/message', sendJsonForm), auth: 'operator' },
  { ...route('POST', '/api/chat/:id/message/v1', sendJsonForm), auth: 'operator' },
  { ...route('POST', '/api/chat/:id/message/v2', sendMultipartForm), auth: 'operator' },
  { ...route('POST', '/api/chat/:id/:guid/message', sendJsonForm), auth: 'operator' },
  { ...route('POST', '/api/chat/:id/:guid/message/v1', sendJsonForm), auth: 'operator' },
  { ...route('POST', '/api/chat/:id/:guid/message/v2', sendMultipartForm), auth: 'operator' },
];
