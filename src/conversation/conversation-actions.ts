/**
 * What only an open conversation does with the data: send (the outbox: Retry and Discard of a
 * failed message), keep composer drafts, change a chat's status, delete a chat. It travels in
 * the conversation chunk; the feature (conversation-feature.ts) makes one per operator scope,
 * with the panel's store, requests' lifetime and error reporting (the ConversationHost).
 */
import { ApiError, isAbort } from '../api/api-error.js';
import type { OutgoingAttachment } from '../api/chat-api.js';
import { deleteChat, sendMessage, sendWithAttachment, setChatStatus } from '../api/conversation-api.js';
import { AuthorMessage } from '../api/message-enums.js';
import type { MessageRef } from '../api/message-wire.js';
import { apiErrorText } from '../i18n/error-text.js';
import { ComposerDrafts } from '../state/composer-drafts.js';
import { Outbox } from '../state/outbox.js';
import type { ConversationHost } from '../panel/conversation-port.js';

export class ConversationActions {
  readonly outbox: Outbox;
  readonly drafts: ComposerDrafts;

  constructor(
    private readonly host: ConversationHost,
    scope: string,
  ) {
    this.outbox = new Outbox(scope);
    this.drafts = new ComposerDrafts(scope);
  }

  /** Queues a message and sends it once. A failure keeps it in the outbox for Retry or Discard. */
  async send(
    chatId: number,
    text: string,
    isInternal: boolean,
    replyTo: MessageRef | null,
    attachment: OutgoingAttachment | null,
  ): Promise<boolean> {
    const entry = this.outbox.add(
      chatId,
      { text, isInternal, replyToMessageId: replyTo?.id ?? null },
      replyTo,
      attachment,
      Date.now(),
    );
    return this.deliver(entry.localId);
  }

  /** Only ever called for an entry the operator asked to retry, or a brand-new one. */
  async retry(localId: string): Promise<boolean> {
    const entry = this.outbox.get(localId);
    // A message whose file a reload lost would go without it: it can only be discarded.
    if (!entry || entry.state === 'sending' || entry.fileLost !== null) return false;
    return this.deliver(localId);
  }

  discard(localId: string): void {
    this.outbox.remove(localId);
  }

  private async deliver(localId: string): Promise<boolean> {
    const { outbox, host } = this;
    const entry = outbox.get(localId);
    const api = host.api;
    if (!entry || !api) return false;
    outbox.update(localId, { state: 'sending', error: null, progress: entry.attachment ? 0 : null });
    try {
      const sent = entry.attachment
        ? await sendWithAttachment(
            api,
            entry.chatId,
            entry.message,
            entry.attachment,
            (progress) => outbox.update(localId, { progress }),
            host.signal,
          )
        : await sendMessage(api, entry.chatId, entry.message, host.signal);
      outbox.remove(localId);
      host.store.dispatch({
        type: 'message-added',
        countsAsUnread: false,
        message: {
          id: sent.id,
          chatId: entry.chatId,
          text: entry.message.text,
          translation: null,
          author: AuthorMessage.Operator,
          status: sent.status,
          time: Date.now(),
          isInternal: entry.message.isInternal,
          media: entry.attachment
            ? {
                name: entry.attachment.name,
                format: entry.attachment.format,
                type: entry.attachment.mediaType,
                uri: null,
                length: entry.attachment.file.size,
              }
            : null,
          replyTo: entry.replyTo,
          postId: null,
          story: null,
          operatorName: null,
        },
      });
      host.messageSent(entry.chatId, sent.id);
      // The stored media has a server URL only after a refetch.
      if (entry.attachment && host.store.state.openChatId === entry.chatId) void host.reloadMessages();
      return true;
    } catch (error) {
      const reason = apiErrorText(error instanceof ApiError ? error.code : null, 'send');
      outbox.update(localId, { state: 'failed', error: reason, progress: null });
      if (!isAbort(error)) host.fail(error, 'send');
      return false;
    }
  }

  async setStatus(chatId: number, status: number): Promise<void> {
    const { api, store } = this.host;
    if (!api) return;
    const before = store.state.chats.get(chatId)?.status;
    store.dispatch({ type: 'chat-status-changed', chatId, status });
    try {
      const updated = await setChatStatus(api, chatId, status, this.host.signal);
      if (updated) store.dispatch({ type: 'chat-updated', chat: updated });
    } catch (error) {
      if (before !== undefined) store.dispatch({ type: 'chat-status-changed', chatId, status: before });
      this.host.fail(error, 'set-status');
    }
  }

  async deleteChat(chatId: number): Promise<boolean> {
    const { api, store } = this.host;
    if (!api) return false;
    try {
      await deleteChat(api, chatId, this.host.signal);
      if (store.state.openChatId === chatId) this.host.closeChat();
      store.dispatch({ type: 'chat-removed', chatId });
      return true;
    } catch (error) {
      this.host.fail(error, 'delete-chat');
      return false;
    }
  }
}
