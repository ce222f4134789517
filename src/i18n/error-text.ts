/**
 * What an operator reads when a request fails, in the panel's language. ApiError messages stay
 * English: they are for the page author (`ocp-error` detail, console), not for the banner.
 */
import { msg, str } from './msg.js';
import type { ApiErrorCode } from '../core/api/api-error.js';

/** `code` is null for failures that are not an API answer. */
export function apiErrorText(code: ApiErrorCode | null, action: string, chatId?: number): string {
  if (code === 'not-found' && action === 'open-by-phone') return msg('No chat with this phone number.');
  if (code === 'not-found' && action === 'open-chat' && chatId !== undefined)
    return msg(str`Chat ${chatId} was not found.`);
  switch (code) {
    case 'network':
      return msg('The chat service cannot be reached.');
    case 'rate-limited':
      return msg('Too many requests to the chat service. Try again in a moment.');
    case 'server':
      return msg('The chat service failed. Try again later.');
    case 'not-found':
      return msg('Not found: the chat may have been deleted.');
    case 'unauthorized':
      return msg('The chat service rejected the operator token.');
    case 'malformed':
      return msg('The chat service sent an unexpected answer.');
    case 'no-token':
      return msg('The session has expired.');
    case 'aborted':
      return msg('The request was cancelled.');
    default:
      return msg('The chat service refused the request.');
  }
}
