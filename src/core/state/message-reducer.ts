/**
 * What changes the messages of the chats the panel holds (the open one, with its customer's
 * earlier chats) and who is typing: pure functions over a StoreBatch, called by the store's one
 * reducer (chat-store.ts).
 */
import type { Message } from '../api/message-wire.js';
import { sameValue } from './list-reducer.js';
import type { StoreBatch } from './store-batch.js';
import type { Typing } from './store-state.js';

/**
 * The message ids of each list the store holds, built when an action first needs them and carried
 * to the list's copy when a batch writes it: a live message in a chat of 10,000 does not rebuild
 * a set of 10,000 ids. The list before the write loses them, as the batch changes them in place.
 */
const idsOfList = new WeakMap<readonly Message[], Set<number>>();

function idsOf(list: readonly Message[]): Set<number> {
  let ids = idsOfList.get(list);
  if (!ids) idsOfList.set(list, (ids = new Set(list.map((message) => message.id))));
  return ids;
}

/** The chat's list, writable in this batch, and its ids (the chat must have a loaded list). */
function writable(batch: StoreBatch, chatId: number): { list: Message[]; ids: Set<number> } {
  const before = batch.state.messages.get(chatId)!;
  const ids = idsOf(before);
  const list = batch.list(chatId);
  if (list !== before) {
    idsOfList.delete(before);
    idsOfList.set(list, ids);
  }
  return { list, ids };
}

/** Where a message is: the loaded chat holding it, and its index (searched from the newest end). */
function find(batch: StoreBatch, messageId: number): { chatId: number; index: number } | null {
  for (const [chatId, list] of batch.state.messages) {
    if (!idsOf(list).has(messageId)) continue;
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

export function patchMessage(batch: StoreBatch, messageId: number, patch: (message: Message) => Message | null): void {
  const found = find(batch, messageId);
  if (!found) return;
  const current = batch.state.messages.get(found.chatId)![found.index];
  const patched = patch(current);
  if (patched === current) return;
  const { list, ids } = writable(batch, found.chatId);
  if (patched) list[found.index] = patched;
  else {
    list.splice(found.index, 1);
    ids.delete(messageId);
  }
}

/** Server messages merged with what only we know yet (live arrivals newer than the fetch). */
export function messagesLoaded(batch: StoreBatch, chatId: number, incoming: readonly Message[]): void {
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
  // The ids are at hand now: the first live message of a chat of 10,000 does not collect them again.
  for (const message of merged) ids.add(message.id);
  idsOfList.set(merged, ids);
  batch.messages().set(chatId, merged);
}

/** The message joins its chat's loaded list; answers true when the list already holds it. */
export function messageAdded(batch: StoreBatch, message: Message): boolean {
  const loaded = batch.state.messages.get(message.chatId);
  if (!loaded) return false;
  const ids = idsOf(loaded);
  if (ids.has(message.id)) {
    // The same message from another path (3 and 11, our own send): fill gaps, never duplicate.
    if (message.story) {
      const index = loaded.findIndex((candidate) => candidate.id === message.id);
      if (!loaded[index].story)
        writable(batch, message.chatId).list[index] = { ...loaded[index], story: message.story };
    }
    return true;
  }
  const { list } = writable(batch, message.chatId);
  list.splice(insertionIndex(list, message), 0, message);
  ids.add(message.id);
  return false;
}

/** Only the open chat keeps its messages in memory: the others are fetched again when opened. */
export function messagesForgotten(batch: StoreBatch, keepChatIds: readonly number[]): void {
  for (const chatId of batch.state.messages.keys()) if (!keepChatIds.includes(chatId)) batch.messages().delete(chatId);
}

export function typingChanged(batch: StoreBatch, chatId: number, typing: Typing | null): void {
  if (typing) batch.typing().set(chatId, typing);
  else if (batch.state.typing.has(chatId)) batch.typing().delete(chatId);
}
