/**
 * Enumerations only a shown conversation reads: message statuses as `data-status` names, author
 * kinds as `data-author`, media types. They travel in the conversation chunk; the rest are in
 * enums.ts.
 */
import { AuthorMessage } from './enums.js';

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
