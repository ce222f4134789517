/**
 * While the operator points at the chat list (or moves through it by keyboard), its rows hold
 * their order: a chat that gets a message moves to the top, and under a resting pointer the row
 * below it would change, so a click would open the wrong chat. Counters and previews still update
 * in place; chats that would move up or join at the top are only counted ("N updated chats ↑")
 * until the rows are let go. Rows of later pages, loaded below, join as they come. Pure: no DOM.
 */
import type { Chat } from '../core/api/chat-wire.js';

/** The chat ids in the order the rows had when the list began to hold it (the list takes it). */
export interface HeldOrder {
  readonly ids: readonly number[];
}

export interface HeldRows {
  /** The rows to show: the held ones that are still listed, then those of later pages. */
  chats: Chat[];
  /** Chats with news the held order does not show: moved up, or new above the held rows. */
  updated: number;
}

export function arrangeHeld(held: HeldOrder, chats: readonly Chat[]): HeldRows {
  const byId = new Map(chats.map((chat) => [chat.id, chat]));
  const heldIds = new Set(held.ids);
  const shownIds = held.ids.filter((id) => byId.has(id));
  let lastHeld = -1;
  chats.forEach((chat, index) => {
    if (heldIds.has(chat.id)) lastHeld = index;
  });
  const later = chats.filter((chat, index) => index > lastHeld && !heldIds.has(chat.id));
  const newAbove = chats.filter((chat, index) => index < lastHeld && !heldIds.has(chat.id)).length;
  // Held rows that now stand higher among themselves than where they are held.
  const heldRank = new Map(shownIds.map((id, rank) => [id, rank]));
  let movedUp = 0;
  let liveRank = 0;
  for (const chat of chats) {
    if (!heldRank.has(chat.id)) continue;
    if (liveRank < heldRank.get(chat.id)!) movedUp += 1;
    liveRank += 1;
  }
  return { chats: [...shownIds.map((id) => byId.get(id)!), ...later], updated: newAbove + movedUp };
}
