/**
 * Composer drafts per chat, kept in sessionStorage so they survive a reload (contract §8): text,
 * reply target and note flag. A chosen attachment stays with its chat in memory until it is sent
 * or discarded. Keys carry the organization and operator ids from the token's payload, never the
 * token.
 */
import type { MessageRef } from '../api/message-wire.js';
import { emptyDraft, type Draft } from './composer-draft.js';
import { keysStartingWith, readJson, writeJson } from './session-storage.js';

type StoredDraft = Omit<Draft, 'attachment'>;

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<StoredDraft>;
  const reply = draft.replyTo as Partial<MessageRef> | null | undefined;
  return (
    typeof draft.text === 'string' &&
    typeof draft.isInternal === 'boolean' &&
    (reply === null || (typeof reply === 'object' && typeof reply?.text === 'string'))
  );
}

export class ComposerDrafts {
  /** The panel reads the open chat's draft on every render: storage is read once per chat. */
  private readonly cache = new Map<number, Draft>();
  /** What each chat's draft says, for the chat list; a new map whenever one changes. */
  private previews: ReadonlyMap<number, string> | null = null;

  private readonly listeners = new Set<() => void>();

  constructor(private readonly scope: string) {}

  /** Called after every change of a draft; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private key(chatId: number): string {
    return `${this.prefix()}${chatId}`;
  }

  private prefix(): string {
    return `ocp:draft:${this.scope}:`;
  }

  /** Chats with something written or attached, and what: the chat list marks them. */
  withContent(): ReadonlyMap<number, string> {
    if (!this.previews) {
      const previews = new Map<number, string>();
      const ids = new Set(keysStartingWith(this.prefix()).map((key) => Number(key.slice(this.prefix().length))));
      for (const id of this.cache.keys()) ids.add(id);
      for (const id of ids) {
        if (!Number.isInteger(id)) continue;
        const draft = this.load(id);
        const preview = draft.text.trim() || draft.attachment?.name || '';
        if (preview) previews.set(id, preview);
      }
      this.previews = previews;
    }
    return this.previews;
  }

  load(chatId: number): Draft {
    let draft = this.cache.get(chatId);
    if (!draft) {
      const stored = readJson(this.key(chatId), isStoredDraft);
      draft = stored ? { ...stored, attachment: null } : emptyDraft;
      this.cache.set(chatId, draft);
    }
    return draft;
  }

  save(chatId: number, draft: Draft): void {
    const { attachment, ...stored } = draft;
    const empty = stored.text === '' && !stored.isInternal && stored.replyTo === null;
    this.cache.set(chatId, empty && attachment === null ? emptyDraft : draft);
    writeJson(this.key(chatId), empty ? null : stored);
    this.previews = null;
    for (const listener of this.listeners) listener();
  }

  clear(chatId: number): void {
    this.save(chatId, emptyDraft);
  }
}
