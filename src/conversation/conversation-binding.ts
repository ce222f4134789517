/**
 * The panel's open chat: `<ocp-conversation>` bound to the panel's data, and its events turned
 * into the data layer's actions. It comes with the conversation feature and the element it
 * renders (conversation-feature.ts).
 */
import { html, type TemplateResult } from 'lit';
import type { ConversationHost, ConversationView } from './conversation-host.js';
import type { ConversationActions } from './conversation-actions.js';
import type { Chat } from '../core/api/chat-wire.js';
import type { Message } from '../core/api/message-wire.js';
import { emptyDraft } from '../core/state/composer-draft.js';
import type { OutboxEntry } from '../core/state/outbox-entry.js';
import type { ComposeSendDetail, DraftChangeDetail } from './composer/composer.js';
import type { QuickReply } from '../quick-reply.js';
import type { LoadCustomerChats } from './customer-details/customer-chats.js';

const noMessages: readonly Message[] = [];

/** What the feature derives from the state and the view, each the same value while unchanged. */
export interface ConversationInputs {
  /** The chat records the open conversation shows (its own, its customer's earlier chats). */
  records: ReadonlyMap<number, Chat>;
  /** The open chat's unconfirmed messages. */
  outbox: readonly OutboxEntry[];
  quickReplies: readonly QuickReply[];
  /** The customer details' request for the customer's other chats. */
  loadCustomerChats: LoadCustomerChats;
}

export function renderConversation(
  host: ConversationHost,
  actions: ConversationActions,
  view: ConversationView,
  { records, outbox, quickReplies, loadCustomerChats }: ConversationInputs,
): TemplateResult {
  const state = host.store.state;
  const chatId = state.openChatId;
  const messages = chatId === null ? noMessages : (state.messages.get(chatId) ?? noMessages);
  // "Loading…" shows only while there is nothing else to show (`.loading` below): a refetch in
  // the background changes nothing on screen, so it does not render the conversation.
  // Each draft names its chat: it is kept, and sent, for that chat only.
  const handleSend = (event: CustomEvent<ComposeSendDetail>) => {
    const { chatId: target, text, isInternal, replyTo, attachments } = event.detail;
    actions.clearDraft(target);
    void actions.send(target, text, isInternal, replyTo, attachments);
  };
  const handleDraftChange = (event: CustomEvent<DraftChangeDetail>) => {
    const { chatId: target, patch } = event.detail;
    actions.editDraft(target, patch);
  };
  // Deleted, the chat leaves with the control that had the focus: the panel puts the focus on the
  // row that was next in the list (`ocp-conv-deleted`), found before the chat leaves the order.
  const handleDelete = async (event: Event) => {
    if (chatId === null) return;
    const conversation = event.currentTarget as Element;
    const { order } = host.store.state;
    const index = order.indexOf(chatId);
    const next = index < 0 ? null : (order[index + 1] ?? order[index - 1] ?? null);
    if (await actions.deleteChat(chatId))
      conversation.dispatchEvent(new CustomEvent('ocp-conv-deleted', { detail: { next }, bubbles: true }));
  };
  // One of the customer's other chats, chosen in the details: opened whatever the list's filters
  // show, its record kept beside the list's (as a deeplinked chat's is).
  const handleDetailsOpen = (event: CustomEvent<{ chat: Chat }>) => {
    host.store.dispatch({ type: 'chats-found', chats: [event.detail.chat] });
    void host.openChat(event.detail.chat.id);
  };
  return html`<ocp-conversation
    class="panel__conversation"
    .chatId=${chatId}
    .chat=${chatId === null ? null : (state.chats.get(chatId) ?? null)}
    .chatUnknown=${state.openChatUnknown}
    .chatRecords=${records}
    .messages=${messages}
    .outbox=${outbox}
    .typing=${chatId === null ? null : (state.typing.get(chatId) ?? null)}
    .draft=${(chatId !== null && state.drafts.get(chatId)) || emptyDraft}
    .deeplink=${chatId === null ? null : view.deeplink(chatId)}
    .readonly=${view.readonly}
    .paused=${view.paused}
    .loading=${state.conversationLoading && messages.length === 0}
    .chainLoaded=${state.chainLoaded}
    .showBack=${true}
    .maxUploadBytes=${view.maxUploadBytes}
    .locale=${view.locale}
    .quickReplies=${quickReplies}
    .operatorName=${view.operatorName ?? ''}
    .detailsScope=${host.scope}
    .loadCustomerChats=${loadCustomerChats}
    .waitAlertMinutes=${view.waitAlertMinutes}
    @ocp-details-open=${handleDetailsOpen}
    @ocp-conv-chain=${() => chatId !== null && void host.readChain()}
    @ocp-conv-status=${(event: CustomEvent<{ status: number }>) => chatId !== null && void actions.setStatus(chatId, event.detail.status)}
    @ocp-conv-delete=${(event: Event) => void handleDelete(event)}
    @ocp-draft-change=${handleDraftChange}
    @ocp-compose-send=${handleSend}
    @ocp-outbox-retry=${(event: CustomEvent<{ localId: string }>) => void actions.retry(event.detail.localId)}
    @ocp-outbox-discard=${(event: CustomEvent<{ localId: string }>) => actions.discard(event.detail.localId)}
  ></ocp-conversation>`;
}
