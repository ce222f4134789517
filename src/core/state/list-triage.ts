/**
 * The operator's triage toggles of the chat list (Unread, Mine, Starred, one channel), kept per
 * operator in sessionStorage so a reload finds the list as they left it. The key holds the
 * organization and operator ids the token names, never the token.
 */
import type { ListFilter } from './store-state.js';
import { readJson, writeJson } from './session-storage.js';

export type ListTriage = Pick<ListFilter, 'unread' | 'mine' | 'starred' | 'channel'>;

export const noTriage: ListTriage = { unread: false, mine: false, starred: false, channel: null };

function isTriage(value: unknown): value is ListTriage {
  if (typeof value !== 'object' || value === null) return false;
  const { unread, mine, starred, channel } = value as Record<string, unknown>;
  return (
    typeof unread === 'boolean' &&
    typeof mine === 'boolean' &&
    typeof starred === 'boolean' &&
    (channel === null || (typeof channel === 'number' && Number.isInteger(channel) && channel >= 0))
  );
}

const key = (scope: string) => `ocp:list-triage:${scope}`;

/** What the operator of `scope` had on; nothing on when storage holds nothing usable. */
export function readTriage(scope: string): ListTriage {
  const stored = readJson(key(scope), isTriage);
  return stored
    ? { unread: stored.unread, mine: stored.mine, starred: stored.starred, channel: stored.channel }
    : noTriage;
}

/** Remembers the toggles; all off removes the entry. */
export function saveTriage(scope: string, triage: ListTriage): void {
  writeJson(key(scope), hasTriage(triage) ? { ...pickTriage(triage) } : null);
}

export function pickTriage(filter: ListTriage): ListTriage {
  return { unread: filter.unread, mine: filter.mine, starred: filter.starred, channel: filter.channel };
}

export function hasTriage(filter: ListTriage): boolean {
  return filter.unread || filter.mine || filter.starred || filter.channel !== null;
}
