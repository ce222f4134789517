/**
 * The store's conversation slice: the open chat's messages and typing, the composer drafts and
 * the outbox. Its reducer travels in the conversation chunk, which adds it to the panel's store
 * (`ChatStore.addSlice`) when it loads: before that no chat is shown, so no message is held and
 * these actions change nothing. Pure, like the core reducer in chat-store.ts.
 */
import type { Message } from '../api/message-wire.js';
import { sameValue, type StoreAction } from './chat-store.js';
import { allowedReply, isEmptyDraft, type Draft } from './composer-draft.js';
import type { StoreBatch } from './store-batch.js';

/** Message ids of each loaded list, built when an action of the batch first needs them. */
const idsByBatch = new WeakMap<StoreBatch, Map<number, Set<number>>>();

function idsOf(batch: StoreBatch, chatId: number): Set<number> {
  let byChat = idsByBatch.get(batch);
  if (!byChat) idsByBatch.set(batch, (byChat = new Map()));
  let ids = byChat.get(chatId);
  if (!ids) byChat.set(chatId, (ids = new Set(batch.state.messages.get(chatId)?.map((message) => message.id))));
  return ids;
}

/** Where a message is: the loaded chat holding it, and its index (searched from the newest end). */
function find(batch: StoreBatch, messageId: number): { chatId: number; index: number } | null {
  for (const [chatId, list] of batch.state.messages) {
    if (!idsOf(batch, chatId).has(messageId)) continue;
    for (let index = list.length - 1; index >= 0; index--) if (list[index].id === messageId) return { chatId, index };
  }
  return null;
}

/** Where a message goes in a list sorted oldest first: searched from the end, where news lands. */
function insertionIndex(list: readonly Message[], message: Message): number {
  let index = list.length;
  while (
    index > 0 &&
    (list[index - 1].time > message.time || (list[index - 1].time === message.time && list[index - 1].id > message.id))
  ) {
    index -= 1;
  }
  return index;
}

function patchMessage(batch: StoreBatch, messageId: number, patch: (message: Message) => Message | null): void {
  const found = find(batch, messageId);
  if (!found) return;
  const current = batch.state.messages.get(found.chatId)![found.index];
  const patched = patch(current);
  if (patched === current) return;
  const list = batch.list(found.chatId);
  if (patched) list[found.index] = patched;
  else {
    list.splice(found.index, 1);
    idsOf(batch, found.chatId).delete(messageId);
  }
}

/** Server messages merged with what only we know yet (live arrivals newer than the fetch). */
function messagesLoaded(batch: StoreBatch, chatId: number, incoming: readonly Message[]): void {
  const known = batch.state.messages.get(chatId) ?? [];
  const ids = new Set(incoming.map((message) => message.id));
  const newest = incoming.length ? incoming[incoming.length - 1].time : 0;
  // A Story block only arrives by callback: keep it across refetches.
  const stories = new Map(known.filter((message) => message.story).map((message) => [message.id, message.story]));
  const knownById = new Map(known.map((message) => [message.id, message]));
  const merged = incoming.map((message) => {
    const story = stories.get(message.id);
    const next = story && !message.story ? { ...message, story } : message;
    // A refetch answers new objects for the same messages: keep the known ones, so what shows
    // them sees no change (the conversation does not render, nor measure, for nothing).
    const before = knownById.get(message.id);
    return before && sameValue(before, next) ? before : next;
  });
  for (const message of known) {
    if (!ids.has(message.id) && message.time >= newest) merged.splice(insertionIndex(merged, message), 0, message);
  }
  // A chat read with no messages yet still holds its (empty) list: what arrives live joins it.
  const unchanged = merged.length === known.length && merged.every((message, index) => message === known[index]);
  if (unchanged && batch.state.messages.has(chatId)) return;
  batch.messages().set(chatId, merged);
  idsByBatch.get(batch)?.delete(chatId);
}

/** The message joins its chat's loaded list; answers true when the list already holds it. */
function messageAdded(batch: StoreBatch, message: Message): boolean {
  if (!batch.state.messages.has(message.chatId)) return false;
  const ids = idsOf(batch, message.chatId);
  if (ids.has(message.id)) {
    // The same message from another path (3 and 11, our own send): fill gaps, never duplicate.
    if (message.story) {
      const list = batch.state.messages.get(message.chatId)!;
      const index = list.findIndex((candidate) => candidate.id === message.id);
      if (!list[index].story) batch.list(message.chatId)[index] = { ...list[index], story: message.story };
    }
    return true;
  }
  const list = batch.list(message.chatId);
  list.splice(insertionIndex(list, message), 0, message);
  ids.add(message.id);
  return false;
}

/** A draft for the customer holds no note as its reply target, whoever changed it. */
function customerSafe(draft: Draft): Draft {
  const replyTo = allowedReply(draft.isInternal, draft.replyTo);
  return replyTo === draft.replyTo ? draft : { ...draft, replyTo };
}

/**
 * Applies an action to the slice. Runs before the core reducer; answers true when the action
 * repeats what the state already holds (a message that came by another path), which the core
 * must then not count again.
 */
export function reduceConversation(batch: StoreBatch, action: StoreAction): boolean | void {
  const { state } = batch;
  switch (action.type) {
    case 'messages-loaded':
      return messagesLoaded(batch, action.chatId, action.messages);
    case 'message-added':
      return messageAdded(batch, action.message);
    case 'message-status-changed':
      return patchMessage(batch, action.messageId, (message) =>
        message.status === action.status ? message : { ...message, status: action.status },
      );
    case 'message-edited':
      return patchMessage(batch, action.messageId, (message) =>
        message.text === action.text ? message : { ...message, text: action.text },
      );
    case 'message-deleted':
      return patchMessage(batch, action.messageId, () => null);
    case 'messages-forgotten':
      for (const chatId of state.messages.keys())
        if (!action.keepChatIds.includes(chatId)) batch.messages().delete(chatId);
      return;
    case 'typing-changed':
      if (action.typing) batch.typing().set(action.chatId, action.typing);
      else if (state.typing.has(action.chatId)) batch.typing().delete(action.chatId);
      return;
    case 'drafts-restored':
      batch.set('drafts', new Map([...action.drafts].map(([chatId, draft]) => [chatId, customerSafe(draft)])));
      return;
    case 'draft-changed': {
      if (state.drafts.get(action.chatId) === action.draft) return;
      const draft = customerSafe(action.draft);
      const empty = isEmptyDraft(draft);
      if (empty && !state.drafts.has(action.chatId)) return;
      const drafts = new Map(state.drafts);
      if (empty) drafts.delete(action.chatId);
      else drafts.set(action.chatId, draft);
      batch.set('drafts', drafts);
      return;
    }
    case 'draft-file-restored': {
      // Only into the draft that still waits for that file: the operator may have chosen another.
      const draft = state.drafts.get(action.chatId);
      if (draft?.missingFile?.state !== 'restoring' || draft.missingFile.name !== action.name) return;
      const drafts = new Map(state.drafts);
      drafts.set(
        action.chatId,
        action.attachment
          ? { ...draft, attachment: action.attachment, missingFile: null }
          : { ...draft, missingFile: { name: action.name, state: 'lost' } },
      );
      batch.set('drafts', drafts);
      return;
    }
    case 'outbox-file-restored':
      if (!state.outbox.some((entry) => entry.localId === action.localId && entry.fileLost !== null)) return;
      batch.set(
        'outbox',
        state.outbox.map((entry) =>
          entry.localId === action.localId ? { ...entry, attachment: action.attachment, fileLost: null } : entry,
        ),
      );
      return;
    case 'outbox-restored':
      batch.set('outbox', action.entries);
      return;
    case 'outbox-added':
      batch.set('outbox', [...state.outbox, action.entry]);
      return;
    case 'outbox-changed':
      if (!state.outbox.some((entry) => entry.localId === action.localId)) return;
      batch.set(
        'outbox',
        state.outbox.map((entry) => (entry.localId === action.localId ? { ...entry, ...action.patch } : entry)),
      );
      return;
    case 'outbox-removed':
      if (!state.outbox.some((entry) => entry.localId === action.localId)) return;
      batch.set(
        'outbox',
        state.outbox.filter((entry) => entry.localId !== action.localId),
      );
      return;
  }
}
