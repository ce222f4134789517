/**
 * What only an open conversation does with the data: send (through the store's outbox: Retry and
 * Discard of a failed message), keep composer drafts, change a chat's status, delete a chat. It
 * comes with the conversation feature, given the panel's store, requests' lifetime and error
 * reporting (the ConversationHost).
 */
import { ApiError, isAbort } from '../core/api/api-error.js';
import type { OutgoingAttachment } from '../core/api/chat-api.js';
import { deleteChat, sendMessage, sendWithAttachment, setChatStatus } from '../core/api/conversation-api.js';
import { AuthorMessage } from '../core/api/message-enums.js';
import type { MessageRef } from '../core/api/message-wire.js';
import { apiErrorText } from '../i18n/error-text.js';
import { emptyDraft, type Draft } from '../core/state/composer-draft.js';
import { outboxSeries, type OutboxEntry } from '../core/state/outbox-entry.js';
import type { ConversationHost } from './conversation-host.js';

export class ConversationActions {
  readonly #host: ConversationHost;

  constructor(host: ConversationHost) {
    this.#host = host;
  }

  /** Changes a chat's draft: only that chat's, whichever chat is open now. */
  editDraft(chatId: number, patch: Partial<Draft>): void {
    const { store } = this.#host;
    const draft = { ...(store.state.drafts.get(chatId) ?? emptyDraft), ...patch };
    store.dispatch({ type: 'draft-changed', chatId, draft });
  }

  clearDraft(chatId: number): void {
    this.#host.store.dispatch({ type: 'draft-changed', chatId, draft: emptyDraft });
  }

  #entry(localId: string): OutboxEntry | undefined {
    return this.#host.store.state.outbox.find((entry) => entry.localId === localId);
  }

  #changeEntry(localId: string, patch: Partial<Pick<OutboxEntry, 'state' | 'error' | 'progress'>>): void {
    this.#host.store.dispatch({ type: 'outbox-changed', localId, patch });
  }

  /**
   * Queues what the composer sent, one message per file in the order chosen (the text and the
   * reply target with the first), and sends them one after another, each once. A failure keeps
   * that message in the outbox for Retry or Discard, and the later ones of the series wait for it.
   */
  async send(
    chatId: number,
    text: string,
    isInternal: boolean,
    replyTo: MessageRef | null,
    attachments: readonly OutgoingAttachment[],
  ): Promise<boolean> {
    const message = { text, isInternal, replyToMessageId: replyTo?.id ?? null };
    const entries = outboxSeries(chatId, message, replyTo, attachments, Date.now());
    this.#host.store.dispatch(...entries.map((entry) => ({ type: 'outbox-added' as const, entry })));
    return this.#deliverFrom(entries[0].localId);
  }

  /** Only ever called for an entry the operator asked to retry; the ones waiting behind it follow. */
  async retry(localId: string): Promise<boolean> {
    const entry = this.#entry(localId);
    // A message whose file a reload lost would go without it: it can only be discarded. One
    // waiting behind another of its series goes after it, never before.
    if (!entry || entry.state !== 'failed' || entry.fileLost !== null) return false;
    return this.#deliverFrom(localId);
  }

  /** The message leaves the outbox unsent; a failed one lets the next of its series go. */
  discard(localId: string): void {
    const entry = this.#entry(localId);
    if (!entry || entry.state === 'sending') return;
    this.#host.store.dispatch({ type: 'outbox-removed', localId });
    const next = entry.state === 'failed' ? this.#waitingNext(entry.series) : undefined;
    if (next) void this.#deliverFrom(next.localId);
  }

  /**
   * The message of a series to send now that the ones before it are delivered or discarded: its
   * first one left, when it waits. One whose file a reload lost cannot go: it stops the series,
   * failed, to be discarded (or retried once its file is read back).
   */
  #waitingNext(series: string | null): OutboxEntry | undefined {
    const next = series === null ? undefined : this.#host.store.state.outbox.find((entry) => entry.series === series);
    if (next?.state !== 'waiting') return undefined;
    if (next.fileLost === null) return next;
    this.#changeEntry(next.localId, { state: 'failed', error: null });
    return undefined;
  }

  /**
   * Sends the entry, then each one of its series waiting behind it, in order, until one fails:
   * the customer sees the files in the order chosen. Answers whether the entry itself went.
   */
  async #deliverFrom(localId: string): Promise<boolean> {
    const first = this.#entry(localId);
    if (!first) return false;
    let entry: OutboxEntry | undefined = first;
    let firstDelivered = false;
    let withFile = false;
    while (entry) {
      if (!(await this.#deliver(entry.localId))) break;
      firstDelivered ||= entry === first;
      withFile ||= entry.attachment !== null;
      entry = this.#waitingNext(first.series);
    }
    // The stored media has a server URL only after a refetch: once, for the whole series.
    if (withFile && this.#host.store.state.openChatId === first.chatId) void this.#host.reloadMessages();
    return firstDelivered;
  }

  /**
   * A message for the customer never replies to an internal note, whatever path brought it here
   * (a draft, a retry, an outbox kept across a reload): the service would quote the note to the
   * customer. Whether the target is a note: as the chat's messages say, else as the reply was
   * made; not knowing (a message kept by an earlier version, the chat's messages not loaded yet)
   * drops the target all the same.
   */
  #withoutNoteReply(entry: OutboxEntry): OutboxEntry {
    const id = entry.message.replyToMessageId;
    if (entry.message.isInternal || id === null) return entry;
    const replied = this.#host.store.state.messages.get(entry.chatId)?.find((message) => message.id === id);
    const note = replied?.isInternal ?? entry.replyTo?.isInternal ?? true;
    return note ? { ...entry, message: { ...entry.message, replyToMessageId: null }, replyTo: null } : entry;
  }

  async #deliver(localId: string): Promise<boolean> {
    const host = this.#host;
    const kept = this.#entry(localId);
    const api = host.api;
    if (!kept || !api) return false;
    const entry = this.#withoutNoteReply(kept);
    this.#changeEntry(localId, { state: 'sending', error: null, progress: entry.attachment ? 0 : null });
    try {
      const sent = entry.attachment
        ? await sendWithAttachment(
            api,
            entry.chatId,
            entry.message,
            entry.attachment,
            (progress) => this.#changeEntry(localId, { progress }),
            host.signal,
          )
        : await sendMessage(api, entry.chatId, entry.message, host.signal);
      // Confirmed: it leaves the outbox and joins the chat's messages in one change, after every
      // message shown, as the service places it; this machine's clock may be behind the service's.
      const shown = host.store.state.messages.get(entry.chatId);
      const time = Math.max(Date.now(), (shown?.at(-1)?.time ?? 0) + 1);
      host.store.dispatch(
        { type: 'outbox-removed', localId },
        {
          type: 'message-added',
          countsAsUnread: false,
          message: {
            id: sent.id,
            chatId: entry.chatId,
            text: entry.message.text,
            translation: null,
            author: AuthorMessage.Operator,
            status: sent.status,
            time,
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
            operatorName: host.operatorName,
          },
        },
      );
      host.messageSent(entry.chatId, sent.id);
      return true;
    } catch (error) {
      const reason = apiErrorText(error instanceof ApiError ? error.code : null, 'send');
      this.#changeEntry(localId, { state: 'failed', error: reason, progress: null });
      if (!isAbort(error)) host.fail(error, 'send');
      return false;
    }
  }

  async setStatus(chatId: number, status: number): Promise<void> {
    const { api, store } = this.#host;
    if (!api) return;
    const before = store.state.chats.get(chatId)?.status;
    store.dispatch({ type: 'chat-status-changed', chatId, status });
    try {
      const updated = await setChatStatus(api, chatId, status, this.#host.signal);
      if (updated) store.dispatch({ type: 'chat-updated', chat: updated });
    } catch (error) {
      if (before !== undefined) store.dispatch({ type: 'chat-status-changed', chatId, status: before });
      this.#host.fail(error, 'set-status');
    }
  }

  async deleteChat(chatId: number): Promise<boolean> {
    const { api, store } = this.#host;
    if (!api) return false;
    try {
      await deleteChat(api, chatId, this.#host.signal);
      if (store.state.openChatId === chatId) this.#host.closeChat();
      store.dispatch({ type: 'chat-removed', chatId });
      return true;
    } catch (error) {
      this.#host.fail(error, 'delete-chat');
      return false;
    }
  }
}
