/**
 * Helpers for live-update tests against the reference chat API mounted on the test origin:
 * an isolated organization per test, its control routes, and a polling `waitFor`.
 */
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { eventQueue, type EventQueue } from '../../../src/core/api/event-queue-api.js';

import {
  clearRequests as clearRequestLog,
  createOrg,
  createdMessages,
  customerMessage,
  queuedEvents,
  requests as requestLog,
  setFaults,
  typing,
  type LoggedRequest,
  type TestOrg,
} from '../../support/reference-api.js';

// One control client for every test: the live tests use the shared one under their own names.
export { clearRequestLog, createOrg, createdMessages, customerMessage, queuedEvents, requestLog, setFaults, typing };
export type { LoggedRequest, TestOrg };

/** Requests to the event endpoints only (poll and acknowledgement). */
export async function eventRequests(org: TestOrg): Promise<LoggedRequest[]> {
  return (await requestLog(org)).filter((entry) => entry.path.startsWith('/api/chat/callback-events'));
}

export function isPoll(entry: LoggedRequest): boolean {
  return entry.method === 'GET' && entry.path === '/api/chat/callback-events';
}

export function isAck(entry: LoggedRequest): boolean {
  return entry.method === 'POST' && entry.path === '/api/chat/callback-events/processed';
}

/** A client that leaves every retry to the poller, so the tests see the poller's backoff. */
export function apiFor(org: TestOrg, token: string = org.token): ChatApi {
  return new ChatApi({ baseUrl: location.origin, getToken: () => token, maxRateLimitRetries: 0, random: () => 0 });
}

/** The event queue as the poller reads it, through such a client. */
export function queueFor(org: TestOrg, token: string = org.token): EventQueue {
  return eventQueue(apiFor(org, token));
}

/** Empties the seeded queue and the request log so a test sees only what it causes. */
export async function drainQueue(org: TestOrg): Promise<void> {
  const queue = queueFor(org);
  for (;;) {
    const page = await queue.pollEvents(500);
    const guids = page.items
      .map((item) => (item as { event_guid?: string }).event_guid)
      .filter((guid): guid is string => !!guid);
    if (guids.length === 0) break;
    await queue.acknowledgeEvents(guids);
  }
  await clearRequestLog(org);
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await delay(25);
  }
}

/** Random scope per test so elections in parallel tests never meet. */
export const uniqueScope = () => `test-${Math.random().toString(36).slice(2)}`;

/** Whether a request for the leader lock of `scope` waits in the browser's lock manager. */
export async function lockRequestQueued(scope: string): Promise<boolean> {
  const { pending = [] } = await navigator.locks.query();
  return pending.some((lock) => lock.name?.includes(scope));
}
