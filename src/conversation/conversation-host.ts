/**
 * What the conversation feature (conversation-feature.ts) needs of the panel that holds it, and
 * what the panel tells it of how to show the open chat. The panel (panel/chat-data.ts) is the
 * host; the conversation knows it only through this interface.
 */
import type { ChatApi } from '../core/api/chat-api.js';
import type { RetryOptions } from '../core/api/retry-policy.js';
import type { ChatStore } from '../core/state/chat-store.js';
import type { QuickReply } from '../quick-reply.js';

/** What the conversation feature uses of the panel. */
export interface ConversationHost {
  readonly store: ChatStore;
  /** The API client, or null while there is none (no base URL). */
  readonly api: ChatApi | null;
  /** The name of the operator the token is for, or null: it signs the messages they send. */
  readonly operatorName: string | null;
  /** Whose memories these are: the token's organization and operator ids (never the token), or null before a token. */
  readonly scope: string | null;
  /** Aborted when the panel stops (disconnect, new or expired token); a new one after that. */
  readonly signal: AbortSignal;
  /** Opens a chat (the store's open chat) and reads its messages. */
  openChat(chatId: number): Promise<void>;
  closeChat(): void;
  /** Reads the open chat's messages again (earlier chats too once they were loaded). */
  reloadMessages(): Promise<void>;
  /** Reads the open chat with the customer's earlier chats ("Show earlier chats"). */
  readChain(): Promise<void>;
  /** How a read the panel keeps up by itself is asked: repeated until answered, its trouble shown meanwhile. */
  keptRead(action: string): RetryOptions;
  /** Reports a failed call (an abort or a missing token is not reported); `chatId` names the chat. */
  fail(error: unknown, action: string, chatId?: number): void;
  /** The service answered again after failures. */
  healthy(): void;
  messageSent(chatId: number, messageId: number): void;
}

/** How the panel shows the open chat: what is not in the store. */
export interface ConversationView {
  readonly: boolean;
  /** The session expired: what is shown stays, dimmed, and nothing can be sent or changed. */
  paused: boolean;
  maxUploadBytes: number;
  locale: string;
  /** The "Open in full panel" link of a chat, or null. */
  deeplink: (chatId: number) => string | null;
  /** The element's `quickReplies` as the page set it: the feature keeps the usable entries. */
  quickReplies: readonly QuickReply[];
  /** The operator's name from the token, for `{operator}` in quick replies; null when it has none. */
  operatorName: string | null;
  /** Minutes after which a waiting customer's wait time is marked overdue; 0: never. */
  waitAlertMinutes: number;
}
