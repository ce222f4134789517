/**
 * The conversation slice's drafts and outbox across a reload (contract §8), in sessionStorage
 * under the operator's scope (organization and operator ids from the token's payload, never the
 * token): a draft's text, reply target and note flag per chat; the outbox's messages, which come
 * back as failed, never as sending, so nothing is sent again unasked. A chosen file cannot be
 * stored: it lives in memory only, and a restored message says which file it lost.
 */
import type { MessageRef } from '../api/message-wire.js';
import type { ChatStore } from './chat-store.js';
import { emptyDraft, isEmptyDraft, type Draft } from './composer-draft.js';
import type { OutboxEntry } from './outbox-entry.js';
import { readJson, writeJson } from './session-storage.js';

type StoredDraft = Omit<Draft, 'attachment'>;

type StoredEntry = Omit<OutboxEntry, 'attachment' | 'progress' | 'fileLost'> & {
  /** The attachment's name, so a restored entry says which file it lost. */
  fileName?: string | null;
};

const draftPrefix = (scope: string) => `ocp:draft:${scope}:`;
const outboxKey = (scope: string) => `ocp:outbox:${scope}`;

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

/**
 * The keys that start with `prefix` (none when storage is unavailable). Only drafts, one key per
 * chat, are found by listing; so the listing is here, with the conversation, and not in the
 * first screen's session-storage.ts (-64 B gzip there).
 */
function keysStartingWith(prefix: string): string[] {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return [];
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** The drafts storage kept for this scope, by chat; what cannot be read is left out. */
export function readDrafts(scope: string): Map<number, Draft> {
  const prefix = draftPrefix(scope);
  const drafts = new Map<number, Draft>();
  for (const key of keysStartingWith(prefix)) {
    const chatId = Number(key.slice(prefix.length));
    const stored = Number.isInteger(chatId) ? readJson(key, isStoredDraft) : null;
    if (stored) drafts.set(chatId, { ...stored, attachment: null });
  }
  return drafts;
}

/** The outbox storage kept for this scope: every message failed, since nothing is in flight after a reload. */
export function readOutbox(scope: string): OutboxEntry[] {
  const stored = readJson(outboxKey(scope), isStoredEntries) ?? [];
  return stored.map(({ fileName, ...entry }) => ({
    ...entry,
    attachment: null,
    progress: null,
    state: 'failed',
    error: entry.error ?? 'Not sent before the page was reloaded',
    fileLost: fileName ?? null,
  }));
}

/** What storage can keep of a draft (not its file): nothing once that part is empty. */
function writeDraft(scope: string, chatId: number, { attachment: _file, ...stored }: Draft): void {
  writeJson(`${draftPrefix(scope)}${chatId}`, isEmptyDraft({ ...stored, attachment: null }) ? null : stored);
}

/** What the outbox keeps in storage: no file and no upload progress, only the file's name. */
function storedOutbox(outbox: readonly OutboxEntry[]): StoredEntry[] | null {
  if (outbox.length === 0) return null;
  return outbox.map(({ attachment, progress: _progress, fileLost, ...rest }) => ({
    ...rest,
    fileName: attachment?.name ?? fileLost,
  }));
}

/**
 * Puts what storage kept for this operator into the store (replacing another operator's), then
 * writes every change of a draft or the outbox back. Answers the unbinding (a new scope).
 */
export function keepConversation(store: ChatStore, scope: string): () => void {
  let written: string | null = null;
  store.dispatch(
    { type: 'drafts-restored', drafts: readDrafts(scope) },
    { type: 'outbox-restored', entries: readOutbox(scope) },
  );
  return store.subscribe(({ drafts, outbox }, previous) => {
    if (drafts !== previous.drafts) {
      for (const chatId of new Set([...drafts.keys(), ...previous.drafts.keys()])) {
        const draft = drafts.get(chatId) ?? emptyDraft;
        if (draft !== (previous.drafts.get(chatId) ?? emptyDraft)) writeDraft(scope, chatId, draft);
      }
    }
    if (outbox !== previous.outbox) {
      // Upload progress alone changes nothing stored: no write for each step of it.
      const stored = storedOutbox(outbox);
      const text = JSON.stringify(stored);
      if (text !== written) writeJson(outboxKey(scope), stored);
      written = text;
    }
  });
}
