/**
 * Messages on the wire (spec §2.6, §4.2): the message list of an open chat and the answer to a
 * send, turned into the panel's `Message` records. Optional and unknown fields are tolerated.
 */
import { int, isObject, malformed, optionalText, parseTime, person, requiredInt, text } from './wire-values.js';

export interface ChatMedia {
  name: string;
  format: string;
  type: number;
  uri: string | null;
  length: number | null;
}

export interface MessageRef {
  id: number | null;
  text: string;
  author: number | null;
  /** The quoted message is an internal note (known for messages the panel shows, not from the API). */
  isInternal?: boolean;
}

/** What a photo-network message answers: a post or a Story (from `postId` or a callback). */
export interface StoryRef {
  id: number;
  socialId: string | null;
  url: string | null;
}

export interface Message {
  id: number;
  chatId: number;
  text: string;
  translation: string | null;
  /** Chat API mapping: 0 operator, 1 client, 2 bot, 3 messenger account, others unknown. */
  author: number;
  status: number;
  /** Epoch ms. */
  time: number;
  isInternal: boolean;
  media: ChatMedia | null;
  replyTo: MessageRef | null;
  postId: number | null;
  story: StoryRef | null;
  operatorName: string | null;
  /** The customer the message's chat is with: finds that chat's record when the list lacks it. */
  clientId?: number | null;
  /** The customer's name as a callback gives it (`Username`): who wrote it, when no chat record says. */
  customerName?: string | null;
}

export interface SentMessage {
  id: number;
  status: number;
}

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
