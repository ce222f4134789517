/**
 * Composer drafts per chat, kept in sessionStorage so they survive a reload (contract §8).
 * Keys carry the organization and operator ids from the token's payload, never the token.
 */
import type { MessageRef } from '../api/wire.js';
import { emptyDraft, type Draft } from './drafts.js';
import { readJson, writeJson } from './session-storage.js';

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<Draft>;
  const reply = draft.replyTo as Partial<MessageRef> | null | undefined;
  return (
    typeof draft.text === 'string' &&
    typeof draft.isInternal === 'boolean' &&
    (reply === null || (typeof reply === 'object' && typeof reply?.text === 'string'))
  );
}

export class DraftStore {
  /** The panel reads the open chat's draft on every render: storage is read once per chat. */
  private readonly cache = new Map<number, Draft>();

  constructor(private readonly scope: string) {}

  private key(chatId: number): string {
    return `ocp:draft:${this.scope}:${chatId}`;
  }

  load(chatId: number): Draft {
    let draft = this.cache.get(chatId);
    if (!draft) {
      draft = readJson(this.key(chatId), isDraft) ?? emptyDraft;
      this.cache.set(chatId, draft);
    }
    return draft;
  }

  save(chatId: number, draft: Draft): void {
    const empty = draft.text === '' && !draft.isInternal && draft.replyTo === null;
    this.cache.set(chatId, empty ? emptyDraft : draft);
    writeJson(this.key(chatId), empty ? null : draft);
  }

  clear(chatId: number): void {
    this.save(chatId, emptyDraft);
  }
}
