/**
 * Internal records → wire shapes: ChatDTO (spec 2.5), ChatMessageDTO (2.6) and the
 * callback bodies of sources 3 and 11 (6.2). Stored URLs are relative (`/media/...`) and are
 * made absolute with the origin of the request that reads them.
 */

/**
 * @typedef {object} MediaRecord
 * @property {string} name
 * @property {string} format
 * @property {number} type MediaType
 * @property {string} path relative (`/media/...`) or absolute URL
 * @property {number} length bytes
 */

/**
 * @typedef {object} MessageRecord
 * @property {number} id
 * @property {number} chatId
 * @property {string} message
 * @property {string | null} messageTranslation
 * @property {number} author AuthorMessage (0 operator, 1 client, 2 bot, 3 account, 4 ?)
 * @property {MediaRecord | null} media
 * @property {{ id: number, message: string, author: number } | null} replyTo
 * @property {number} status MessageStatus
 * @property {number} dateMs
 * @property {number | null} operatorId
 * @property {boolean} isInternal
 * @property {string | null} referralGuid
 * @property {number | null} postId
 * @property {{ id: number, socialId: string, url: string | null } | null} story kept for callbacks only
 * @property {boolean} [unread]
 */

/**
 * @typedef {object} ChatRecord
 * @property {number} id
 * @property {number} messSource
 * @property {number} chatStatus
 * @property {number} countUnread
 * @property {string} socialUserId
 * @property {{ id: number, name: string, photo: string | null }} photoAccount
 * @property {{ id: number, name: string, photo: string | null } | null} photoUser
 * @property {number | null} operatorId
 * @property {{ id: number, name: string, photo: string | null }} client
 * @property {string} textLastMess
 * @property {number} timeLastMessMs
 * @property {number} authorLastMessage
 * @property {number} messageStatus
 * @property {boolean} isMedia
 * @property {string | null} phone
 * @property {number} createdAtMs
 * @property {boolean} isStarred
 * @property {boolean} isBlocked
 * @property {unknown[]} tags
 * @property {Record<string, unknown>} [details] undocumented chat fields (`rate`, `lang`, ...) served as stored, over the defaults
 * @property {string[]} [omit] fields left out of the ChatDTO (a record with no optional fields)
 * @property {MessageRecord[] | null} messages null until generated (lazy presets)
 * @property {{ count: number, seed: number } | null} lazy
 */

/**
 * @param {string | null | undefined} path
 * @param {string} origin
 */
export function absoluteUrl(path, origin) {
  if (!path) return null;
  return path.startsWith('/') ? origin + path : path;
}

/** @param {number} ms */
export const iso = (ms) => new Date(ms).toISOString();

/**
 * @param {{ id: number, name: string, photo: string | null } | null} person
 * @param {string} origin
 */
function personDto(person, origin) {
  return person ? { id: person.id, name: person.name, photo: absoluteUrl(person.photo, origin) } : null;
}

const EXTRA_NULL_FIELDS = [
  'marketplaceCUser',
  'marketplaceBUser',
  'waba',
  'marketplaceAUser',
  'networkAccount',
  'networkUser',
  'messengerAccount',
  'messengerBBot',
  'messengerBUser',
  'messengerBot',
  'messengerBotUser',
  'widget',
  'media',
  'rate',
  'rateComment',
  'closedBy',
  'draft',
  'lang',
  'contactId',
  'contactName',
  'block',
  'stopList',
];
const EXTRA_FALSE_FIELDS = ['isConnectedAI', 'isPromo', 'starMark', 'isInStopList', 'isSmsFallbackEnabled'];

/**
 * The ids of the tags the chat's record carries as served (a seeded chat's `details` may replace
 * `tags`, `omit` may leave them out): an item's `id`, a whole number or digits, when it has one.
 * @param {ChatRecord} chat
 * @returns {number[]}
 */
export function servedTagIds(chat) {
  if (chat.omit?.includes('tags')) return [];
  const tags = chat.details && 'tags' in chat.details ? chat.details.tags : chat.tags;
  if (!Array.isArray(tags)) return [];
  return tags.map((tag) => (isTagObject(tag) ? Number(tag.id) : NaN)).filter((id) => Number.isInteger(id) && id >= 0);
}

/**
 * @param {unknown} tag
 * @returns {tag is { id: unknown }}
 */
function isTagObject(tag) {
  return (
    typeof tag === 'object' &&
    tag !== null &&
    'id' in tag &&
    (typeof tag.id === 'number' || /^\d+$/.test(String(tag.id)))
  );
}

/**
 * @param {ChatRecord} chat
 * @param {import('./org.js').Org} org
 * @param {string} origin
 */
export function chatDto(chat, org, origin) {
  const operator = chat.operatorId === null ? null : org.operatorById(chat.operatorId);
  /** @type {Record<string, unknown>} */
  const dto = {
    id: chat.id,
    theme: null,
    messSource: chat.messSource,
    chatStatus: chat.chatStatus,
    countUnread: chat.countUnread,
    socialUserId: chat.socialUserId,
    photoAccount: personDto(chat.photoAccount, origin),
    photoUser: personDto(chat.photoUser, origin),
    operator: operator ? personDto(operator, origin) : null,
    client: personDto(chat.client, origin),
    textLastMess: chat.textLastMess,
    timeLastMess: iso(chat.timeLastMessMs),
    authorLastMessage: chat.authorLastMessage,
    messageStatus: chat.messageStatus,
    isMedia: chat.isMedia,
    phone: chat.phone,
    organizationId: org.id,
    createdAt: iso(chat.createdAtMs),
    isStarred: chat.isStarred,
    isBlocked: chat.isBlocked,
    tags: chat.tags,
  };
  for (const key of EXTRA_NULL_FIELDS) dto[key] = null;
  for (const key of EXTRA_FALSE_FIELDS) dto[key] = false;
  dto.taggedMessages = [];
  Object.assign(dto, chat.details);
  for (const key of chat.omit ?? []) delete dto[key];
  return dto;
}

/**
 * @param {MessageRecord} message
 * @param {ChatRecord} chat
 * @param {import('./org.js').Org} org
 * @param {string} origin
 */
export function messageDto(message, chat, org, origin) {
  const operator = message.operatorId === null ? null : org.operatorById(message.operatorId);
  const media = message.media;
  return {
    id: message.id,
    chatId: message.chatId,
    message: message.message,
    messageTranslation: message.messageTranslation,
    phone: chat.phone,
    author: message.author,
    source: chat.messSource,
    media: media
      ? {
          name: media.name,
          format: media.format,
          type: media.type,
          uri: absoluteUrl(media.path, origin),
          raw: null,
          length: media.length,
          isUploaded: true,
        }
      : null,
    replyTo: message.replyTo ? { ...message.replyTo } : null,
    status: message.status,
    date: iso(message.dateMs),
    operator: operator ? personDto(operator, origin) : null,
    client: personDto(chat.client, origin),
    messageType: !media ? 0 : media.type === 1 ? 1 : 2,
    isInternal: message.isInternal,
    isBroadcast: false,
    starMark: false,
    isConnectedAI: false,
    referralGuid: message.referralGuid,
    postId: message.postId,
    organizationId: org.id,
    countUnreadMessages: chat.countUnread,
  };
}

/**
 * Body of callbacks 3 and 11. `Author` is inverted (0 user, 1 operator side). URLs stay
 * relative here; the events route makes them absolute. Nulls are dropped by the queue.
 * @param {MessageRecord} message
 * @param {ChatRecord} chat
 * @param {import('./org.js').Org} org
 */
export function messageCallbackBody(message, chat, org) {
  const fromCustomer = message.author === 1;
  const operator = message.operatorId === null ? null : org.operatorById(message.operatorId);
  const operatorName = fromCustomer
    ? null
    : (operator?.name ?? (message.author === 2 ? 'Bot' : message.author === 3 ? chat.photoAccount.name : 'System'));
  return {
    ChatId: chat.id,
    MessageId: message.id,
    MessageText: message.message,
    MessageMedia: message.media?.path ?? null,
    Username: chat.photoUser?.name ?? chat.client.name,
    UserId: chat.client.id,
    SocialUserId: chat.socialUserId,
    ShopId: chat.photoAccount.id,
    ShopName: chat.photoAccount.name,
    Author: fromCustomer ? 0 : 1,
    type_messenger: chat.messSource,
    operator_name: operatorName,
    // Not in the spec's table (§6.2): this service says when a message is a note, true or absent
    // (the queue drops false like null); the panel reads it when present.
    IsInternal: message.isInternal ? true : null,
    Story:
      fromCustomer && message.story
        ? { Id: message.story.id, SocialId: message.story.socialId, Url: message.story.url }
        : null,
  };
}
