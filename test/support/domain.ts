/** Domain objects for unit tests: a message or a chat with every field, overridable. */
import type { Chat } from '../../src/core/api/chat-wire.js';
import type { Message } from '../../src/core/api/message-wire.js';
import { waitAfter } from '../../src/core/state/customer-wait.js';

export function message(id: number, chatId: number, time: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    chatId,
    text: `m${id}`,
    translation: null,
    author: 1,
    status: 0,
    time,
    isInternal: false,
    media: null,
    replyTo: null,
    postId: null,
    story: null,
    operatorName: null,
    ...extra,
  };
}

/** A chat record; unless given, its wait is what its record says (its last message, the customer's by default). */
export function chat(id: number, lastTime: number, extra: Partial<Chat> = {}): Chat {
  const lastAuthor = extra.lastAuthor === undefined ? 1 : extra.lastAuthor;
  return {
    id,
    source: 0,
    status: 1,
    unread: 0,
    name: `Chat ${id}`,
    photo: null,
    phone: null,
    clientId: null,
    accountId: null,
    accountName: null,
    operatorName: null,
    lastText: '',
    lastTime,
    lastAuthor: 1,
    lastStatus: 0,
    lastIsMedia: false,
    lastIsNote: false,
    waitingSince: waitAfter(null, { author: lastAuthor, isInternal: false, time: extra.lastTime ?? lastTime }),
    starred: false,
    blocked: false,
    tags: [],
    ...extra,
  };
}
