/**
 * The conversation slice's drafts and outbox across a reload (contract §8), in sessionStorage
 * under the operator's scope (organization and operator ids from the token's payload, never the
 * token): a draft's text, reply target, note flag and its files' ids and names, in order, per
 * chat; the outbox's messages, which come back as failed (or waiting behind an earlier one of
 * their series), never as sending, so nothing is sent again unasked. The files themselves are
 * kept in IndexedDB (kept-files.ts) and read back after the text: until then the draft names each
 * file as restoring, and where the browser did not keep it, as lost.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import type { MessageRef } from '../api/message-wire.js';
import { systemClock, type Clock } from '../clock.js';
import type { ChatStore } from './chat-store.js';
import { draftFileName, emptyDraft, isEmptyDraft, type Draft, type DraftFile } from './composer-draft.js';
import { draftFileKey, forgetFile, keepFile, keptFile, legacyDraftFileId, outboxFileKey } from './kept-files.js';
import type { OutboxEntry } from './outbox-entry.js';
import { readJson, writeJson } from './session-storage.js';

/** A draft's file as sessionStorage keeps it: the file itself is kept apart in IndexedDB, under its id. */
interface StoredFile {
  id: string;
  name: string;
}

interface StoredDraft extends Omit<Draft, 'files'> {
  /** The draft's files, in order. */
  files?: StoredFile[];
  /** The one file's name, as a draft of the one-file composer kept it (read, never written). */
  fileName?: string | null;
}

type StoredEntry = Omit<OutboxEntry, 'attachment' | 'progress' | 'fileLost'> & {
  /** The attachment's name: its file is read back from IndexedDB, or the entry says it lost it. */
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
    (reply === null || (typeof reply === 'object' && typeof reply?.text === 'string')) &&
    (draft.fileName === undefined || draft.fileName === null || typeof draft.fileName === 'string') &&
    (draft.files === undefined ||
      (Array.isArray(draft.files) &&
        draft.files.every(
          (file: Partial<StoredFile> | null) => typeof file?.id === 'string' && typeof file.name === 'string',
        )))
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
        typeof (entry as StoredEntry).message?.text === 'string' &&
        ((entry as StoredEntry).series == null || typeof (entry as StoredEntry).series === 'string'),
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
    if (!stored) continue;
    const { fileName, text, isInternal, replyTo } = stored;
    const kept = stored.files ?? (fileName ? [{ id: legacyDraftFileId, name: fileName }] : []);
    const files = kept.map(({ id, name }): DraftFile => ({ id, name, state: 'restoring' }));
    drafts.set(chatId, { text, isInternal, replyTo, files });
  }
  return drafts;
}

/**
 * The outbox storage kept for this scope. Nothing is in flight after a reload: the first message
 * left of each series (or one sent alone) is failed, to be retried or discarded; the later ones
 * of a series wait for it, as they did.
 */
export function readOutbox(scope: string): OutboxEntry[] {
  const stored = readJson(outboxKey(scope), isStoredEntries) ?? [];
  const seriesSeen = new Set<string>();
  return stored.map(({ fileName, ...entry }) => {
    const series = entry.series ?? null;
    const waits = series !== null && seriesSeen.has(series);
    if (series !== null) seriesSeen.add(series);
    return {
      ...entry,
      series,
      attachment: null,
      progress: null,
      state: waits ? 'waiting' : 'failed',
      error: waits ? null : (entry.error ?? 'Not sent before the page was reloaded'),
      fileLost: fileName ?? null,
    };
  });
}

/** What sessionStorage keeps of a draft: its files by id and name only; nothing once the draft is empty. */
function writeDraft(scope: string, chatId: number, draft: Draft): void {
  const { text, isInternal, replyTo } = draft;
  const files = draft.files.map((file) => ({ id: file.id, name: draftFileName(file) }));
  const stored: StoredDraft = { text, isInternal, replyTo, files };
  writeJson(`${draftPrefix(scope)}${chatId}`, isEmptyDraft(draft) ? null : stored);
}

/** Keeps or forgets the file of what changed: an unsent message's. */
function keepFileOf(key: string, now: OutboxEntry['attachment'], before: OutboxEntry['attachment']): void {
  if (now === before) return;
  if (now) void keepFile(key, now);
  else void forgetFile(key);
}

/** Keeps each file a draft took or got back, and forgets each it let go. */
function keepDraftFiles(scope: string, chatId: number, now: readonly DraftFile[], before: readonly DraftFile[]): void {
  if (now === before) return;
  const gone = new Map(before.map((file) => [file.id, file]));
  for (const file of now) {
    const was = gone.get(file.id);
    gone.delete(file.id);
    if (file.state === 'ready' && (was?.state !== 'ready' || was.attachment !== file.attachment))
      void keepFile(draftFileKey(scope, chatId, file.id), file.attachment);
  }
  for (const file of gone.values()) void forgetFile(draftFileKey(scope, chatId, file.id));
}

/**
 * How long a draft's file may show as restoring, which holds the draft from being sent. IndexedDB
 * may not answer for long: WebKit's has hung on open, and another tab may hold the store. The file
 * is then named as not kept, and still comes back if the answer brings it later.
 */
const restoreLimitMs = 5000;

/** The answer, or `null` with the answer still to come when the limit passes first. */
function answerWithin<T>(answer: Promise<T>, limitMs: number, clock: Clock): Promise<{ value: T } | null> {
  return new Promise((resolve) => {
    const timer = clock.setTimeout(() => resolve(null), limitMs);
    void answer.then((value) => {
      clock.clearTimeout(timer);
      resolve({ value });
    });
  });
}

/** Reads back the files of restored drafts and messages; what the browser did not keep is named as lost. */
async function restoreFiles(store: ChatStore, scope: string, clock: Clock): Promise<void> {
  const { drafts, outbox } = store.state;
  const draftFiles = [...drafts].flatMap(([chatId, { files }]) =>
    files.map(async ({ id, state }) => {
      if (state !== 'restoring') return;
      const restored = (attachment: OutgoingAttachment | null) =>
        store.dispatch({ type: 'draft-file-restored', chatId, fileId: id, attachment });
      const reading = keptFile(draftFileKey(scope, chatId, id));
      const inTime = await answerWithin(reading, restoreLimitMs, clock);
      if (inTime) return restored(inTime.value);
      restored(null);
      const late = await reading;
      if (late) restored(late);
    }),
  );
  const outboxFiles = outbox.map(async ({ localId, fileLost }) => {
    if (fileLost === null) return;
    const attachment = await keptFile(outboxFileKey(scope, localId));
    if (attachment) store.dispatch({ type: 'outbox-file-restored', localId, attachment });
  });
  await Promise.all([...draftFiles, ...outboxFiles]);
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
export function keepConversation(store: ChatStore, scope: string, clock: Clock = systemClock): () => void {
  let written: string | null = null;
  store.dispatch(
    { type: 'drafts-restored', drafts: readDrafts(scope) },
    { type: 'outbox-restored', entries: readOutbox(scope) },
  );
  const unsubscribe = store.subscribe(({ drafts, outbox }, previous) => {
    if (drafts !== previous.drafts) {
      for (const chatId of new Set([...drafts.keys(), ...previous.drafts.keys()])) {
        const draft = drafts.get(chatId) ?? emptyDraft;
        const before = previous.drafts.get(chatId) ?? emptyDraft;
        if (draft === before) continue;
        writeDraft(scope, chatId, draft);
        keepDraftFiles(scope, chatId, draft.files, before.files);
      }
    }
    if (outbox !== previous.outbox) {
      const beforeById = new Map(previous.outbox.map((entry) => [entry.localId, entry]));
      for (const entry of outbox) {
        keepFileOf(
          outboxFileKey(scope, entry.localId),
          entry.attachment,
          beforeById.get(entry.localId)?.attachment ?? null,
        );
        beforeById.delete(entry.localId);
      }
      for (const gone of beforeById.values()) if (gone.attachment) void forgetFile(outboxFileKey(scope, gone.localId));
      // Upload progress alone changes nothing stored: no write for each step of it.
      const stored = storedOutbox(outbox);
      const text = JSON.stringify(stored);
      if (text !== written) writeJson(outboxKey(scope), stored);
      written = text;
    }
  });
  void restoreFiles(store, scope, clock);
  return unsubscribe;
}
