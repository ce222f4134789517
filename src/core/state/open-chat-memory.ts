/**
 * The chat the operator has open, kept per operator in sessionStorage: a reload of the tab opens
 * it again, as it finds their filters and drafts. The key holds the organization and operator ids
 * the token names, never the token.
 */
import { readJson, writeJson } from './session-storage.js';

const key = (scope: string) => `ocp:open-chat:${scope}`;

const isChatId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The chat the operator of `scope` had open, or null. */
export function readOpenChat(scope: string): number | null {
  return readJson(key(scope), isChatId);
}

/** Remembers the open chat; null (back to the list) forgets it. */
export function saveOpenChat(scope: string, chatId: number | null): void {
  writeJson(key(scope), chatId);
}
