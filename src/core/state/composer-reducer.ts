/**
 * What changes the composer drafts (one per chat) and the outbox (messages sent but not yet
 * confirmed): pure functions over a StoreBatch, called by the store's one reducer (chat-store.ts).
 */
import type { OutgoingAttachment } from '../api/chat-api.js';
import { allowedReply, isEmptyDraft, type Draft, type DraftFile } from './composer-draft.js';
import type { OutboxEntry } from './outbox-entry.js';
import type { StoreBatch } from './store-batch.js';

/** A draft for the customer holds no note as its reply target, whoever changed it. */
function customerSafe(draft: Draft): Draft {
  const replyTo = allowedReply(draft.isInternal, draft.replyTo);
  return replyTo === draft.replyTo ? draft : { ...draft, replyTo };
}

/** The operator's drafts as storage kept them (a token for another operator replaces them). */
export function draftsRestored(batch: StoreBatch, drafts: ReadonlyMap<number, Draft>): void {
  batch.set('drafts', new Map([...drafts].map(([chatId, draft]) => [chatId, customerSafe(draft)])));
}

export function draftChanged(batch: StoreBatch, chatId: number, changed: Draft): void {
  const { drafts } = batch.state;
  if (drafts.get(chatId) === changed) return;
  const draft = customerSafe(changed);
  const empty = isEmptyDraft(draft);
  if (empty && !drafts.has(chatId)) return;
  const next = new Map(drafts);
  if (empty) next.delete(chatId);
  else next.set(chatId, draft);
  batch.set('drafts', next);
}

/** A draft's file read back after a reload (null: the browser did not keep it), in its place among the others. */
export function draftFileRestored(
  batch: StoreBatch,
  chatId: number,
  fileId: string,
  attachment: OutgoingAttachment | null,
): void {
  // Only into the draft that still waits for that file (the operator may have removed it), or
  // that named it as lost when storage was too slow to answer and now brings it after all.
  const draft = batch.state.drafts.get(chatId);
  const waiting = draft?.files.find((file) => file.id === fileId);
  if (!draft || !waiting || !(waiting.state === 'restoring' || (waiting.state === 'lost' && attachment))) return;
  const restored: DraftFile = attachment
    ? { id: fileId, state: 'ready', attachment }
    : { id: fileId, state: 'lost', name: waiting.name };
  const files = draft.files.map((file) => (file === waiting ? restored : file));
  const drafts = new Map(batch.state.drafts);
  drafts.set(chatId, { ...draft, files });
  batch.set('drafts', drafts);
}

/** Replaces (or, answering null, removes) the entry with this local id, when the outbox holds it. */
function changeEntry(batch: StoreBatch, localId: string, change: (entry: OutboxEntry) => OutboxEntry | null): void {
  const { outbox } = batch.state;
  const index = outbox.findIndex((entry) => entry.localId === localId);
  if (index < 0) return;
  const changed = change(outbox[index]);
  if (changed === outbox[index]) return;
  const next = outbox.slice();
  if (changed) next[index] = changed;
  else next.splice(index, 1);
  batch.set('outbox', next);
}

export function outboxFileRestored(batch: StoreBatch, localId: string, attachment: OutgoingAttachment): void {
  changeEntry(batch, localId, (entry) => (entry.fileLost === null ? entry : { ...entry, attachment, fileLost: null }));
}

export function outboxAdded(batch: StoreBatch, entry: OutboxEntry): void {
  batch.set('outbox', [...batch.state.outbox, entry]);
}

export function outboxChanged(
  batch: StoreBatch,
  localId: string,
  patch: Partial<Pick<OutboxEntry, 'state' | 'error' | 'progress'>>,
): void {
  changeEntry(batch, localId, (entry) => ({ ...entry, ...patch }));
}

export function outboxRemoved(batch: StoreBatch, localId: string): void {
  changeEntry(batch, localId, () => null);
}
