/**
 * Pure translation of a page of callback events into store actions (contract §5). No DOM, no
 * clock (`now` is given), no I/O: the only state it touches is the `GuidMemory` it is handed,
 * which is what makes at-least-once delivery apply exactly once.
 */
import type { CallbackEvent } from '../api/callback-events.js';
import { AuthorMessage } from '../api/message-enums.js';
import type { ChatMedia, Message } from '../api/message-wire.js';
import type { StoreAction } from '../state/chat-store.js';
import type { GuidMemory } from './guid-memory.js';

export const defaultTypingTimeoutMs = 6000;
/** A typing start older than this (catching up after a hidden spell) is history, not news. */
export const staleTypingMs = 60000;

export interface ReduceContext {
  openChatId: number | null;
  knownChatIds: ReadonlySet<number>;
  /** Epoch ms, for typing expiry. */
  now: number;
  typingTimeoutMs?: number;
  dedupe: GuidMemory;
}

export interface ReceivedMessage {
  chatId: number;
  messageId: number;
  /** Who wrote it, as the event names the customer (the chat's record may not be known yet). */
  from: string | null;
  /** What a desktop notice says of it: its text, else what its media is. */
  text: string;
  media: Pick<ChatMedia, 'type' | 'name'> | null;
}

export interface ReduceResult {
  actions: StoreAction[];
  /** Inbound customer messages applied now: `ocp-message-received`, one per message. */
  received: ReceivedMessage[];
  /** Chats the events name that the list does not hold: the panel refetches the list. */
  unknownChats: number[];
}

const messageKey = (id: number) => `message:${id}`;
const storyKey = (id: number) => `story:${id}`;

/** By `timestamp`: events of the same instant keep their page order (Array.prototype.sort is stable). */
function inTimestampOrder(events: readonly CallbackEvent[]): readonly CallbackEvent[] {
  // Pages come in order as a rule (the reference API sorts them): a look costs less than a sort.
  const ordered = events.every((event, index) => index === 0 || events[index - 1].timestamp <= event.timestamp);
  return ordered ? events : events.slice().sort((a, b) => a.timestamp - b.timestamp);
}

export function reduceEvents(events: readonly CallbackEvent[], context: ReduceContext): ReduceResult {
  const { openChatId, knownChatIds, now, dedupe } = context;
  const typingTimeoutMs = context.typingTimeoutMs ?? defaultTypingTimeoutMs;
  const actions: StoreAction[] = [];
  const received: ReceivedMessage[] = [];
  const unknown = new Set<number>();
  const noteChat = (chatId: number) => {
    if (!knownChatIds.has(chatId)) unknown.add(chatId);
  };

  const addMessage = (message: Message) => {
    const firstTime = dedupe.add(messageKey(message.id));
    const storyIsNew = message.story !== null && dedupe.add(storyKey(message.id));
    if (!firstTime) {
      // The same message as 3 and 11: only a Story block the first copy lacked is news. The store
      // fills it in without duplicating the message or counting it unread again.
      if (storyIsNew) actions.push({ type: 'message-added', message, countsAsUnread: false });
      return;
    }
    const fromCustomer = message.author === AuthorMessage.Client;
    actions.push({ type: 'message-added', message, countsAsUnread: fromCustomer && message.chatId !== openChatId });
    // Whoever was typing has sent: the indicator ends with the message.
    actions.push({ type: 'typing-changed', chatId: message.chatId, typing: null });
    if (fromCustomer)
      received.push({
        chatId: message.chatId,
        messageId: message.id,
        from: message.customerName ?? null,
        text: message.text,
        media: message.media && { type: message.media.type, name: message.media.name },
      });
    noteChat(message.chatId);
  };

  for (const event of inTimestampOrder(events)) {
    if (!dedupe.add(event.guid)) continue;
    switch (event.kind) {
      case 'message':
        addMessage(event.message);
        break;
      case 'chat-status':
        actions.push({ type: 'chat-status-changed', chatId: event.chatId, status: event.status });
        break;
      case 'message-status':
        actions.push({ type: 'message-status-changed', messageId: event.messageId, status: event.status });
        break;
      case 'new-chat':
        noteChat(event.chatId);
        break;
      case 'typing':
        if (!event.typing) {
          actions.push({ type: 'typing-changed', chatId: event.chatId, typing: null });
        } else if (event.timestamp === 0 || now - event.timestamp <= staleTypingMs) {
          actions.push({
            type: 'typing-changed',
            chatId: event.chatId,
            typing: { operatorName: event.operatorName, until: now + typingTimeoutMs },
          });
        }
        break;
      case 'message-edited':
        actions.push({ type: 'message-edited', messageId: event.messageId, text: event.text });
        break;
      case 'message-deleted':
        actions.push({ type: 'message-deleted', messageId: event.messageId });
        break;
      case 'ignored':
      case 'malformed':
        break;
    }
  }
  return { actions, received, unknownChats: [...unknown] };
}
