/**
 * The conversation feature as the panel sees it: reading the open chat, marking it read, finding
 * a chat by phone, and the `<ocp-conversation>` bound to the store and the operator's actions.
 * Made once per panel (panel/chat-data.ts), which is its host (conversation-host.ts).
 */
import type { TemplateResult } from 'lit';
import type { ConversationHost, ConversationView } from './conversation-host.js';
import './conversation.js';
import { chatOutboxSelector, conversationRecordsSelector } from '../core/state/conversation-selectors.js';
import { ConversationActions } from './conversation-actions.js';
import { renderConversation } from './conversation-binding.js';
import { markRead, openByPhone, readMessages } from './conversation-reads.js';
import type { QuickReply } from '../quick-reply.js';
import { readQuickReplies } from './quick-replies/quick-reply-list.js';
import type { LoadCustomerChats } from './customer-details/customer-chats.js';
import { ApiError } from '../core/api/api-error.js';

export class ConversationFeature {
  readonly #actions: ConversationActions;
  readonly #records = conversationRecordsSelector();
  readonly #chatOutbox = chatOutboxSelector();
  /** The page's `quickReplies` as last seen, the usable ones, and the warnings already given. */
  #quickRepliesSet: unknown = undefined;
  #quickReplies: readonly QuickReply[] = [];
  readonly #warned = new Set<string>();
  /** The customer's chats over every status (no `status` filter), for the details pane; it shows a failure itself. */
  readonly #loadCustomerChats: LoadCustomerChats = async (key, signal) => {
    const api = this.#host.api;
    if (!api) throw new ApiError('no-token', 'Nothing to ask the chat API with');
    return (await api.listChats({ page: 1, perPage: 50, statuses: [], ...key }, signal)).items;
  };

  readonly #host: ConversationHost;

  constructor(host: ConversationHost) {
    this.#host = host;
    this.#actions = new ConversationActions(host);
  }

  readMessages(chatId: number, isChain: boolean, signal: AbortSignal): Promise<void> {
    return readMessages(this.#host, chatId, isChain, signal);
  }

  markRead(chatId: number): Promise<void> {
    return markRead(this.#host, chatId, this.#host.store.state.messages.get(chatId) ?? []);
  }

  openByPhone(phone: string, narrow: { from?: string | null; source?: number | null }): Promise<number | null> {
    return openByPhone(this.#host, phone, narrow);
  }

  render(view: ConversationView): TemplateResult {
    const { state } = this.#host.store;
    return renderConversation(this.#host, this.#actions, view, {
      records: this.#records(state),
      outbox: this.#chatOutbox(state, state.openChatId),
      quickReplies: this.#usableQuickReplies(view.quickReplies),
      loadCustomerChats: this.#loadCustomerChats,
    });
  }

  /** Read again only when the page sets another array; each kind of mistake is said once. */
  #usableQuickReplies(value: unknown): readonly QuickReply[] {
    if (value === this.#quickRepliesSet) return this.#quickReplies;
    this.#quickRepliesSet = value;
    const { replies, warning } = readQuickReplies(value);
    this.#quickReplies = replies;
    if (warning && !this.#warned.has(warning)) {
      this.#warned.add(warning);
      console.warn(warning);
    }
    return replies;
  }
}
