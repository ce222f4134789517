/**
 * Helpers for live-update tests against the reference chat API mounted on the test origin:
 * an isolated organization per test, its control routes, and a polling `waitFor`.
 */
import type { CallbackEvent } from '../../../src/core/api/callback-events.js';
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { eventQueue, type EventQueue } from '../../../src/core/api/event-queue-api.js';
import type { PollerHealth } from '../../../src/core/live/event-poller.js';
import { GuidMemory } from '../../../src/core/live/guid-memory.js';
import { reduceEvents } from '../../../src/core/live/reduce-event.js';
import { longWait } from '../../support/waits.js';

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

/**
 * A client whose waits between retries are short: these tests are about what is retried and
 * what the operator is told meanwhile; how long the waits are is tested on a fake clock
 * (test/core/api/retry-policy.test.ts).
 */
export function apiFor(org: TestOrg, token: string = org.token): ChatApi {
  return new ChatApi({
    baseUrl: location.origin,
    getToken: () => token,
    backoff: { firstStepMs: 40, capMs: 400 },
    random: () => 0.5,
  });
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

/** An organization whose queue and request log start empty. */
export async function freshOrg(): Promise<TestOrg> {
  const org = await createOrg();
  await drainQueue(org);
  return org;
}

/** `count` customer messages, one after another; their ids. */
export async function sendCustomerMessages(org: TestOrg, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) ids.push((await customerMessage(org, { text: `hello ${index}` })).id);
  return ids;
}

/** What a panel would do with the events: reduce with dedupe, and count what was applied. */
export class Sink {
  readonly memory = new GuidMemory();
  readonly added = new Map<number, number>();
  readonly received: number[] = [];
  readonly health: PollerHealth[] = [];
  pages = 0;

  readonly onEvents = (events: CallbackEvent[]) => {
    this.pages += 1;
    const result = reduceEvents(events, {
      openChatId: null,
      knownChatIds: new Set(),
      now: Date.now(),
      dedupe: this.memory,
    });
    for (const action of result.actions) {
      if (action.type === 'message-added')
        this.added.set(action.message.id, (this.added.get(action.message.id) ?? 0) + 1);
    }
    this.received.push(...result.received.map((entry) => entry.messageId));
  };

  readonly onHealth = (health: PollerHealth) => {
    this.health.push(health);
  };
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for `check` to hold, asking every 25 ms. The limit only says when to give up (the suite
 * runs beside other work on 2 cores): a test whose claim is a time bound asserts it itself.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = longWait.timeout,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
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
