/**
 * Messages the operator sent that the service has not confirmed: sending, or failed and waiting
 * for Retry or Discard. A failed message is never sent again unless the operator asks. Text
 * messages persist in sessionStorage (they survive a reload and an expired token); attachments
 * cannot be stored there and live in memory only.
 */
import type { OutgoingAttachment, OutgoingMessage } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';
import { readJson, writeJson } from './session-storage.js';

export type OutboxState = 'sending' | 'failed';

export interface OutboxEntry {
  localId: string;
  chatId: number;
  message: OutgoingMessage;
  replyTo: MessageRef | null;
  attachment: OutgoingAttachment | null;
  state: OutboxState;
  /** Why the last try failed, shown beside Retry. */
  error: string | null;
  /** Upload progress 0..1 while an attachment is sending. */
  progress: number | null;
  createdAt: number;
  /**
   * The name of the file this message carried, when a reload lost the file itself (storage
   * cannot hold it): the message cannot be sent again as it was, only discarded.
   */
  fileLost: string | null;
}

type StoredEntry = Omit<OutboxEntry, 'attachment' | 'progress' | 'fileLost'> & {
  /** The attachment's name, so a restored entry says which file it lost. */
  fileName?: string | null;
};

function isStoredEntries(value: unknown): value is StoredEntry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as StoredEntry).localId === 'string' &&
        typeof (entry as StoredEntry).chatId === 'number' &&
        typeof (entry as StoredEntry).message?.text === 'string',
    )
  );
}

let counter = 0;

export class Outbox {
  private entries: OutboxEntry[] = [];
  /** failedChats(), until the entries change. */
  private failed: ReadonlySet<number> | null = null;
  /** forChat() answers, until the entries change: the same array while nothing changed. */
  private readonly byChat = new Map<number, readonly OutboxEntry[]>();
  private readonly listeners = new Set<() => void>();
  private readonly key: string;

  constructor(scope: string) {
    this.key = `ocp:outbox:${scope}`;
    // After a reload nothing is in flight any more: whatever was sending is shown as failed,
    // so the operator decides; it is never re-sent on its own.
    const stored = readJson(this.key, isStoredEntries) ?? [];
    this.entries = stored.map(({ fileName, ...entry }) => ({
      ...entry,
      attachment: null,
      progress: null,
      state: 'failed',
      error: entry.error ?? 'Not sent before the page was reloaded',
      fileLost: fileName ?? null,
    }));
  }

  /** The chat's entries: the same array until one of the outbox's entries changes. */
  forChat(chatId: number): readonly OutboxEntry[] {
    let entries = this.byChat.get(chatId);
    if (!entries) {
      entries = this.entries.filter((entry) => entry.chatId === chatId);
      this.byChat.set(chatId, entries);
    }
    return entries;
  }

  /** Chats with a message that failed and waits for Retry or Discard: the chat list marks them. */
  failedChats(): ReadonlySet<number> {
    this.failed ??= new Set(this.entries.filter((entry) => entry.state === 'failed').map((entry) => entry.chatId));
    return this.failed;
  }

  get(localId: string): OutboxEntry | undefined {
    return this.entries.find((entry) => entry.localId === localId);
  }

  add(
    chatId: number,
    message: OutgoingMessage,
    replyTo: MessageRef | null,
    attachment: OutgoingAttachment | null,
    now: number,
  ): OutboxEntry {
    counter += 1;
    const entry: OutboxEntry = {
      localId: `local-${now.toString(36)}-${counter}`,
      chatId,
      message,
      replyTo,
      attachment,
      state: 'sending',
      error: null,
      progress: attachment ? 0 : null,
      createdAt: now,
      fileLost: null,
    };
    this.entries = [...this.entries, entry];
    this.changed();
    return entry;
  }

  update(localId: string, patch: Partial<Pick<OutboxEntry, 'state' | 'error' | 'progress'>>): void {
    this.entries = this.entries.map((entry) => (entry.localId === localId ? { ...entry, ...patch } : entry));
    this.changed(patch.progress !== undefined && patch.state === undefined);
  }

  remove(localId: string): void {
    this.entries = this.entries.filter((entry) => entry.localId !== localId);
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(progressOnly = false): void {
    this.failed = null;
    this.byChat.clear();
    if (!progressOnly) {
      const stored: StoredEntry[] = this.entries.map(({ attachment, progress: _progress, fileLost, ...rest }) => ({
        ...rest,
        fileName: attachment?.name ?? fileLost,
      }));
      writeJson(this.key, stored.length ? stored : null);
    }
    for (const listener of this.listeners) listener();
  }
}
