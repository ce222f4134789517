/**
 * The operator's triage of the chat list (Unread, Mine, Starred toggles, one channel, tags), kept
 * per operator in sessionStorage so a reload finds the list as they left it. The key holds the
 * organization and operator ids the token names, never the token. The chosen tags are kept with
 * their names, so the list can name them before it has shown a chat carrying them.
 */
import type { FilterTag, ListFilter } from './store-state.js';
import { readJson, writeJson } from './session-storage.js';

export type ListTriage = Pick<ListFilter, 'unread' | 'mine' | 'starred' | 'channel' | 'tags'>;

export const noTriage: ListTriage = { unread: false, mine: false, starred: false, channel: null, tags: [] };

/** What storage may hold: an entry written before the panel had tags has none. */
type StoredTriage = Omit<ListTriage, 'tags'> & { tags?: readonly FilterTag[] };

function isTag(value: unknown): value is FilterTag {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return (
    typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 && typeof name === 'string' && name.trim() !== ''
  );
}

function isStoredTriage(value: unknown): value is StoredTriage {
  if (typeof value !== 'object' || value === null) return false;
  const { unread, mine, starred, channel, tags } = value as Record<string, unknown>;
  return (
    typeof unread === 'boolean' &&
    typeof mine === 'boolean' &&
    typeof starred === 'boolean' &&
    (channel === null || (typeof channel === 'number' && Number.isInteger(channel) && channel >= 0)) &&
    (tags === undefined || (Array.isArray(tags) && tags.every(isTag)))
  );
}

const key = (scope: string) => `ocp:list-triage:${scope}`;

/** The tags alone (no other field storage may have added), each id once, in the order chosen. */
function pickTags(tags: readonly FilterTag[]): FilterTag[] {
  const picked: FilterTag[] = [];
  for (const { id, name } of tags) if (!picked.some((tag) => tag.id === id)) picked.push({ id, name });
  return picked;
}

/** What the operator of `scope` had on; nothing on when storage holds nothing usable. */
export function readTriage(scope: string): ListTriage {
  const stored = readJson(key(scope), isStoredTriage);
  return stored ? pickTriage({ ...stored, tags: stored.tags ?? [] }) : noTriage;
}

/** Remembers the triage; all off removes the entry. */
export function saveTriage(scope: string, triage: ListTriage): void {
  writeJson(key(scope), hasTriage(triage) ? pickTriage(triage) : null);
}

export function pickTriage(filter: ListTriage): ListTriage {
  return {
    unread: filter.unread,
    mine: filter.mine,
    starred: filter.starred,
    channel: filter.channel,
    tags: pickTags(filter.tags),
  };
}

export function hasTriage(filter: ListTriage): boolean {
  return filter.unread || filter.mine || filter.starred || filter.channel !== null || filter.tags.length > 0;
}
