/**
 * Enumerations of messages (spec §2.2, §2.6): statuses (also as `data-status` names), author
 * kinds (also as `data-author`) and media types. The service may send values not listed here
 * (status 9-11, author 4): every lookup tolerates them.
 */
import { AuthorMessage } from './author-message.js';

export const MessageStatus = {
  NEW: 0,
  SUCCESS: 1,
  REJECTED: 2,
  READ: 3,
  UNKNOWN: 4,
  PROCESSING: 5,
  DELIVERED: 6,
  BLOCKED_BY_USER: 7,
  USER_NOT_FOUND: 8,
} as const;
export { AuthorMessage };

const messageStatusNames = [
  'new',
  'success',
  'rejected',
  'read',
  'unknown',
  'processing',
  'delivered',
  'blocked_by_user',
  'user_not_found',
] as const;
export type MessageStatusName = (typeof messageStatusNames)[number];

/** Lower-case MessageStatus name for `data-status`; 9-11 and anything unlisted are `unknown`. */
export function messageStatusName(code: number): MessageStatusName {
  return messageStatusNames[code] ?? 'unknown';
}

export type AuthorKind = 'operator' | 'client' | 'bot' | 'account' | 'unknown';

export function authorKind(code: number): AuthorKind {
  switch (code) {
    case AuthorMessage.Operator:
      return 'operator';
    case AuthorMessage.Client:
      return 'client';
    case AuthorMessage.Bot:
      return 'bot';
    case AuthorMessage.MessengerAccount:
      return 'account';
    default:
      return 'unknown';
  }
}

export const MediaType = {
  Photo: 1,
  File: 2,
  Audio: 3,
  Video: 4,
  Sticker: 5,
  StickerAnimated: 6,
  StickerVideo: 7,
  Animation: 8,
  Voice: 9,
  VideoNote: 10,
} as const;
export type MediaTypeCode = (typeof MediaType)[keyof typeof MediaType];
