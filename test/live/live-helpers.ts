/**
 * Helpers for live-update tests against the reference chat API mounted on the test origin:
 * an isolated organization per test, its control routes, and a polling `waitFor`.
 */
import { ChatApi } from '../../src/api/chat-api.js';

export interface TestOrg {
  organizationId: number;
  operatorId: number;
  token: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  status: number | string | null;
}

export interface CreatedMessage {
  id: number;
  chatId: number;
  text: string;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const createOrg = (preset = 'default') => control<TestOrg>('POST', '/__control/orgs', { preset });
export const setFaults = (org: TestOrg, faults: Record<string, unknown>) =>
  control<unknown>('POST', `/__control/orgs/${org.organizationId}/faults`, faults);
export const customerMessage = (org: TestOrg, body: { chatId?: number; text?: string; story?: boolean } = {}) =>
  control<{ id: number; chatId: number }>('POST', `/__control/orgs/${org.organizationId}/customer-message`, body);
export const typing = (org: TestOrg, chatId: number, end = false) =>
  control<unknown>('POST', `/__control/orgs/${org.organizationId}/typing`, { chatId, end });
export const queuedEvents = (org: TestOrg) => control<Record<string, unknown>[]>('GET', `/__control/orgs/${org.organizationId}/events`);
export const requestLog = (org: TestOrg) => control<LoggedRequest[]>('GET', `/__control/orgs/${org.organizationId}/requests`);
export const clearRequestLog = (org: TestOrg) => control<unknown>('DELETE', `/__control/orgs/${org.organizationId}/requests`);
export const createdMessages = (org: TestOrg) => control<CreatedMessage[]>('GET', `/__control/orgs/${org.organizationId}/created-messages`);

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

/** Empties the seeded queue and the request log so a test sees only what it causes. */
export async function drainQueue(org: TestOrg): Promise<void> {
  const api = apiFor(org);
  for (;;) {
    const page = await api.pollEvents(500);
    const guids = page.items.map((item) => (item as { event_guid?: string }).event_guid).filter((guid): guid is string => !!guid);
    if (guids.length === 0) break;
    await api.acknowledgeEvents(guids);
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
