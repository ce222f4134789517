/**
 * Wire shapes of messages (spec §4.2): the message list of an open chat and the answer to a send.
 * Only the conversation reads them, so they travel in its chunk; the shared helpers and every
 * other shape are in wire.ts.
 */
import {
  int,
  isObject,
  malformed,
  optionalText,
  parseTime,
  person,
  requiredInt,
  text,
  type ChatMedia,
  type Message,
  type MessageRef,
  type SentMessage,
} from './wire.js';

function parseMedia(value: unknown): ChatMedia | null {
  if (!isObject(value)) return null;
  return {
    name: text(value.name),
    format: text(value.format),
    type: int(value.type) ?? 0,
    uri: optionalText(value.uri),
    length: int(value.length),
  };
}

function parseReply(value: unknown): MessageRef | null {
  if (!isObject(value)) return null;
  return {
    id: int(value.id),
    text: text(value.message ?? value.text),
    author: int(value.author),
  };
}

export function parseMessage(value: unknown): Message {
  if (!isObject(value)) malformed('a message is not an object');
  const postId = int(value.postId);
  return {
    id: requiredInt(value.id, 'message id'),
    chatId: requiredInt(value.chatId, 'message chatId'),
    text: text(value.message),
    translation: optionalText(value.messageTranslation),
    author: int(value.author) ?? -1,
    status: int(value.status) ?? 4,
    time: parseTime(value.date),
    isInternal: value.isInternal === true,
    media: parseMedia(value.media),
    replyTo: parseReply(value.replyTo),
    postId,
    story: null,
    operatorName: person(value.operator).name,
    clientId: person(value.client).id,
  };
}

const oldestFirst = (a: Message, b: Message) => a.time - b.time || a.id - b.id;

export function parseMessages(value: unknown): Message[] {
  if (!Array.isArray(value)) malformed('the message list is not an array');
  const messages = value.map(parseMessage);
  // The service answers oldest first: a pass to check is cheaper than sorting 10,000 messages.
  for (let index = 1; index < messages.length; index++)
    if (oldestFirst(messages[index - 1], messages[index]) > 0) return messages.sort(oldestFirst);
  return messages;
}

export function parseSent(value: unknown): SentMessage {
  if (!isObject(value)) malformed('the send answer is not an object');
  return { id: requiredInt(value.id, 'sent message id'), status: int(value.messageStatus) ?? 0 };
}
