/**
 * What the messages the panel holds say of a chat's record beyond what the service's record says
 * (a note as its last message, since when the customer waits): the store applies it to every
 * record it keeps, and the first screen to the record of a chat drawn there before the panel is in.
 */
import type { Chat } from '../api/chat-wire.js';
import type { Message } from '../api/message-wire.js';
import { waitAfterAll } from './customer-wait.js';

/** Slack between the panel's clock and the service's for a message the panel sent itself. */
const sentClockSlackMs = 5 * 60_000;

/** The last message of a record, or a message as a record would say it. */
type LastMessage = Pick<Chat, 'lastText' | 'lastAuthor' | 'lastTime'>;

/**
 * A record's last message is the one the panel knew: the same text by the same author, at the
 * same time give or take the two clocks' difference (a message the panel sent is dated by its own).
 */
export function sameLastMessage(known: LastMessage, fetched: LastMessage): boolean {
  return (
    known.lastText === fetched.lastText &&
    known.lastAuthor === fetched.lastAuthor &&
    Math.abs(known.lastTime - fetched.lastTime) <= sentClockSlackMs
  );
}

/**
 * What the chat's messages the store holds (`messages`, oldest first; the open chat's, with its
 * customer's earlier chats) say of the record's last message, when their newest is that message:
 * whether it is a note, and since when the customer waits. Otherwise the record as it is.
 */
export function withHeldMessages(chat: Chat, messages: readonly Message[] | undefined): Chat {
  const own = messages?.filter((message) => message.chatId === chat.id) ?? [];
  const newest = own.at(-1);
  if (!newest || !sameLastMessage(chat, { lastText: newest.text, lastAuthor: newest.author, lastTime: newest.time }))
    return chat;
  const waitingSince = waitAfterAll(own);
  if (newest.isInternal === chat.lastIsNote && waitingSince === chat.waitingSince) return chat;
  return { ...chat, lastIsNote: newest.isInternal, waitingSince };
}
