/**
 * The chat list as the filter tests see it: the rows shown, the list requests the reference API
 * logged, and waits for a request or for the rows a filter should leave.
 */
import { waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { requests, type LoggedRequest, type TestOrg } from './reference-api.js';
import { part, parts } from './panel.js';
import { longWait } from './waits.js';

export function rowIds(panel: OperatorChatPanel): number[] {
  return parts(panel, 'chat-item').map((row) => Number(row.dataset.chatId));
}

export function pressed(panel: OperatorChatPanel, name: string): string | null {
  return part(panel, name)?.getAttribute('aria-pressed') ?? null;
}

/** The chat list requests the API logged (since the last clearRequests). */
export async function listRequests(org: TestOrg): Promise<URLSearchParams[]> {
  const log: LoggedRequest[] = await requests(org);
  return log
    .filter((request) => request.method === 'GET' && request.path === '/api/chat/chats')
    .map((request) => new URLSearchParams(request.search));
}

/** Waits for a list request (page 1, a page of the list, not the unread total's) matching `check`. */
export async function waitForListRequest(org: TestOrg, check: (params: URLSearchParams) => boolean, what: string) {
  let found: URLSearchParams | undefined;
  await waitUntil(
    async () => {
      found = (await listRequests(org)).find((params) => params.get('per_page') !== '1' && check(params));
      return found !== undefined;
    },
    what,
    longWait,
  );
  return found!;
}

export async function rowsSettled(panel: OperatorChatPanel, expected: readonly number[], what: string): Promise<void> {
  await waitUntil(
    () => rowIds(panel).length === expected.length && expected.every((id) => rowIds(panel).includes(id)),
    what,
    longWait,
  );
}

export function idsOf(answer: { items: Array<Record<string, unknown>> }): number[] {
  return answer.items.map((item) => item.id as number);
}
