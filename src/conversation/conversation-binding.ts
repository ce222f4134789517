/**
 * The panel's open chat: `<ocp-conversation>` bound to the panel's data, and its events turned
 * into the data layer's actions. It travels in the conversation chunk with the element it
 * renders; until that chunk is loaded the panel shows no conversation pane.
 */
import { html, type TemplateResult } from 'lit';
import type { ChatDataController } from '../controllers/chat-data-controller.js';
import { emptyDraft } from '../state/composer-draft.js';
import type { ComposeSendDetail, DraftChangeDetail } from './composer/composer.js';

export interface ConversationBinding {
  data: ChatDataController;
  readonly: boolean;
  /** The session expired: what is shown stays, dimmed, and nothing can be sent or changed. */
  paused: boolean;
  maxUploadBytes: number;
  now: number;
  locale: string;
  /** The "Open in full panel" link of a chat, or null. */
  deeplink: (chatId: number) => string | null;
  /** The panel renders again (a draft changed: drafts are not in the store). */
  requestUpdate: () => void;
}

export function renderConversation(view: ConversationBinding): TemplateResult {
  const { data } = view;
  const actions = data.actions;
  const state = data.store.state;
  const chatId = data.openChatId;
  // Each draft names its chat: it is kept, and sent, for that chat only.
  const handleSend = (event: CustomEvent<ComposeSendDetail>) => {
    const { chatId: target, text, isInternal, replyTo, attachment } = event.detail;
    actions?.drafts.clear(target);
    view.requestUpdate();
    void actions?.send(target, text, isInternal, replyTo, attachment);
  };
  const handleDraftChange = (event: CustomEvent<DraftChangeDetail>) => {
    const { chatId: target, patch } = event.detail;
    actions?.drafts.save(target, { ...actions.drafts.load(target), ...patch });
    view.requestUpdate();
  };
  return html`<ocp-conversation
    class="panel__conversation"
    .chatId=${chatId}
    .chat=${chatId === null ? null : (state.chats.get(chatId) ?? null)}
    .chatUnknown=${state.openChatUnknown}
    .chatRecords=${state.chats}
    .messages=${chatId === null ? [] : (state.messages.get(chatId) ?? [])}
    .outbox=${chatId === null ? [] : (actions?.outbox.forChat(chatId) ?? [])}
    .typing=${chatId === null ? null : (state.typing.get(chatId) ?? null)}
    .draft=${chatId === null ? emptyDraft : (actions?.drafts.load(chatId) ?? emptyDraft)}
    .deeplink=${chatId === null ? null : view.deeplink(chatId)}
    .readonly=${view.readonly}
    .paused=${view.paused}
    .loading=${data.conversationLoading}
    .chainLoaded=${data.chainLoaded}
    .showBack=${true}
    .maxUploadBytes=${view.maxUploadBytes}
    .now=${view.now}
    .locale=${view.locale}
    @ocp-conv-back=${() => data.closeChat()}
    @ocp-conv-chain=${() => void data.loadMessages(true)}
    @ocp-conv-status=${(event: CustomEvent<{ status: number }>) => chatId !== null && void actions?.setStatus(chatId, event.detail.status)}
    @ocp-conv-delete=${() => chatId !== null && void actions?.deleteChat(chatId)}
    @ocp-draft-change=${handleDraftChange}
    @ocp-compose-send=${handleSend}
    @ocp-outbox-retry=${(event: CustomEvent<{ localId: string }>) => void actions?.retry(event.detail.localId)}
    @ocp-outbox-discard=${(event: CustomEvent<{ localId: string }>) => actions?.discard(event.detail.localId)}
  ></ocp-conversation>`;
}
