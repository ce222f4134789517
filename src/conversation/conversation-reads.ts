/**
 * How the open chat's messages are read: fetched (earlier chats too with `isChain`), merged into
 * the store, the customer's messages marked read as the operator sees them; and the chat to open
 * found by a phone number. Only a shown conversation needs this, so it travels in its chunk;
 * the panel keeps the open chat, its abort and loading state.
 */
import { ApiError } from '../core/api/api-error.js';
import { listMessages, markMessagesRead } from '../core/api/conversation-api.js';
import { AuthorMessage, MessageStatus } from '../core/api/message-enums.js';
import type { Message } from '../core/api/message-wire.js';
import type { ConversationHost } from './conversation-host.js';
import { afterNextPaint } from '../ui/after-next-paint.js';

export async function readMessages(
  host: ConversationHost,
  chatId: number,
  isChain: boolean,
  signal: AbortSignal,
): Promise<void> {
  try {
    const messages = await listMessages(host.api!, chatId, isChain, signal, host.keptRead('load-messages'));
    host.store.dispatch(
      { type: 'messages-loaded', chatId, messages },
      ...(isChain ? [{ type: 'chain-loaded' as const }] : []),
    );
    host.healthy();
    // Marking read (a pass over every message and a request) and finding the chats' records wait
    // for the frame that shows the messages: the operator waits for those, not for these.
    await afterNextPaint();
    if (signal.aborted) return;
    await Promise.all([markRead(host, chatId, messages), findChatRecords(host, chatId, messages)]);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not-found' && host.store.state.openChatId === chatId) {
      // A chat id that does not exist (a bad `chat-id`, deleted elsewhere): say which, back to the list.
      host.closeChat();
      if (host.store.state.chats.has(chatId)) host.store.dispatch({ type: 'chat-removed', chatId });
      host.fail(new ApiError('not-found', `Chat ${chatId} was not found.`, error.status), 'open-chat', chatId);
    } else host.fail(error, 'load-messages');
  }
}

/**
 * The open chat shows its record (customer, channel, status) whatever the list shows: a chat the
 * list does not hold (a deeplink beyond its first page, a search that excludes it) and the earlier
 * chats loaded into it are found among the customer's chats (the list's `clientId` filter, with
 * the customer of its messages). When the open chat is not among them, the store says so and the
 * header shows the id alone.
 */
export async function findChatRecords(
  host: ConversationHost,
  chatId: number,
  messages: readonly Message[],
): Promise<void> {
  const { chats } = host.store.state;
  const missing = new Set(messages.map((message) => message.chatId).filter((id) => !chats.has(id)));
  if (!chats.has(chatId)) missing.add(chatId);
  if (!host.api || missing.size === 0) return;
  const sample = messages.find((message) => message.chatId === chatId) ?? messages[0];
  const clientId = sample?.clientId ?? null;
  try {
    const found =
      clientId !== null
        ? (await host.api.listChats({ page: 1, perPage: 100, statuses: [], clientId }, host.signal)).items
        : [];
    const wanted = found.filter((chat) => missing.has(chat.id));
    if (wanted.length > 0) host.store.dispatch({ type: 'chats-found', chats: wanted });
    if (!wanted.some((chat) => chat.id === chatId) && !host.store.state.chats.has(chatId))
      host.store.dispatch({ type: 'chat-not-found', chatId });
  } catch (error) {
    host.fail(error, 'load-messages');
  }
}

/** Client messages the operator now sees are marked READ (§4: reading a chat marks them). */
export async function markRead(host: ConversationHost, chatId: number, messages: readonly Message[]): Promise<void> {
  const unread = messages.filter(
    (message) => message.author === AuthorMessage.Client && message.status !== MessageStatus.READ,
  );
  const chat = host.store.state.chats.get(chatId);
  if (!host.api || (unread.length === 0 && !chat?.unread)) return;
  try {
    await markMessagesRead(
      host.api,
      unread.map((message) => message.id),
      host.signal,
    );
    host.store.dispatch(
      { type: 'chat-read', chatId },
      ...unread.map((message) => ({
        type: 'message-status-changed' as const,
        messageId: message.id,
        status: MessageStatus.READ,
      })),
    );
  } catch (error) {
    host.fail(error, 'mark-read');
  }
}

/** Chats with one phone a customer can have: one per channel and business account, a few closed ones. */
const chatsPerPhone = 100;

/**
 * Finds the newest chat with this phone and opens it, narrowed as the operator panel's deeplinks
 * narrow (spec §4.8): `from` is the business account, `source` the channel. The service filters
 * by account (`entityId`) only together with a channel, so an account alone is matched here, on
 * the chats with that phone, newest first.
 */
export async function openByPhone(
  host: ConversationHost,
  phone: string,
  narrow: { from?: string | null; source?: number | null },
): Promise<number | null> {
  if (!host.api) return null;
  const accountId = narrow.from && /^\d+$/.test(narrow.from) ? Number(narrow.from) : undefined;
  const source = narrow.source ?? undefined;
  const accountHere = accountId !== undefined && source === undefined;
  try {
    const result = await host.api.listChats(
      {
        page: 1,
        perPage: accountHere ? chatsPerPhone : 1,
        statuses: [],
        phone,
        source,
        entityId: source !== undefined ? accountId : undefined,
      },
      host.signal,
    );
    const chat = accountHere ? result.items.find((item) => item.accountId === accountId) : result.items[0];
    if (!chat) {
      const whose = accountHere ? ` of the account ${String(accountId)}` : '';
      host.fail(new ApiError('not-found', `No chat with the phone ${phone}${whose}`), 'open-by-phone');
      return null;
    }
    host.store.dispatch({ type: 'chat-updated', chat });
    await host.openChat(chat.id);
    return chat.id;
  } catch (error) {
    host.fail(error, 'open-by-phone');
    return null;
  }
}
