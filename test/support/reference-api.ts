/**
 * Test access to the reference chat API that the test runner serves on the page's own origin.
 * Each test makes its own organization, so tests running at the same time never share data,
 * queues, faults or rate limits.
 */
import type { SeededOrg } from './seeded-chat.js';

export interface TestOrg {
  organizationId: number;
  operatorId: number;
  /** The operator's name, as their token's `operatorName` claim says it. */
  operatorName: string;
  token: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  authorization: 'bearer' | 'none' | 'other';
  tokenInUrl: boolean;
  contentType: string | null;
  jsonBody?: unknown;
  formFields?: string[];
  formValues?: Record<string, unknown>;
  /** HTTP status, or 'dropped' for a connection the fault switch destroyed. */
  status: number | string | null;
  /** When the server received it (ISO 8601). */
  at?: string;
}

export interface CreatedMessage {
  id: number;
  chatId: number;
  text: string;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__control${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function createOrg(preset: 'default' | 'empty' | 'bench' = 'default'): Promise<TestOrg> {
  return control('POST', '/orgs', { preset });
}

/**
 * The default seed's chat with a message of every media kind (Anna Schmidt's, the newest: the
 * list's first row), which the control API names among the organization's fixtures.
 */
export function mediaChatId(org: TestOrg): number {
  return (org as SeededOrg).fixtures.chats.allMedia;
}

export function issueToken(org: TestOrg, expiresInSeconds: number): Promise<{ token: string; expiresAt: string }> {
  return control('POST', `/orgs/${org.organizationId}/token`, { expiresInSeconds });
}

/**
 * How many GETs to drop for a client to hear of some. The browser resends a GET dropped on a
 * kept-alive connection by itself, and the client never hears of it: up to one drop for each idle
 * connection it holds to the host, at most six (Chromium's limit per host; a full run's browser
 * context, used by the files before, held four). Of `drops` the client hears `heardAtLeast` or more.
 */
export const droppedGets = { drops: 10, heardAtLeast: 4 } as const;

export function setFaults(org: TestOrg, faults: Record<string, unknown>): Promise<unknown> {
  return control('POST', `/orgs/${org.organizationId}/faults`, faults);
}

/**
 * A picture of `width`×`height` the reference API answers only once `letGo()` is called: a photo
 * loading late, for as long as the test needs to look at the page meanwhile.
 */
export function heldPicture(width: number, height: number): { url: string; letGo: () => Promise<unknown> } {
  const name = `picture-${crypto.randomUUID()}`;
  return {
    url: `${location.origin}/media/held/${name}/${width}x${height}.png`,
    letGo: () => control('POST', `/held-media/${name}`),
  };
}

export function requests(org: TestOrg): Promise<LoggedRequest[]> {
  return control('GET', `/orgs/${org.organizationId}/requests`);
}

export function customerMessage(org: TestOrg, body: Record<string, unknown>): Promise<{ id: number; chatId: number }> {
  return control('POST', `/orgs/${org.organizationId}/customer-message`, body);
}

export interface SeedMessage {
  text?: string;
  media?: { name?: string; url?: string; type?: number; format?: string };
  /** Default: the customer's. */
  author?: 'customer' | 'operator';
  /** An internal note (operator messages only). */
  isInternal?: boolean;
  /** Quotes the message at this index of the same seed. */
  replyTo?: number;
  /** Dated this many minutes ago (default: now). */
  minutesAgo?: number;
  /** Served as the message's `messageTranslation`. */
  translation?: string;
}

export interface SeedChatBody {
  chatId?: number;
  name?: string;
  photo?: string;
  phone?: string;
  read?: boolean;
  source?: number;
  status?: number;
  /** Photo network: the customer's handle. */
  handle?: string;
  /** A new chat of the customer of this chat (same `client` and `photoUser`). */
  sameClientAs?: number;
  /** Chat fields served exactly as given (`tags`, `rate`, `lang`, ... in any shape). */
  details?: Record<string, unknown>;
  /** Chat fields left out of the record. */
  omit?: string[];
  messages: SeedMessage[];
}

/**
 * Adds messages to a chat (`chatId`) or to a new one (named `name`, with the avatar URL `photo`); answers their ids. The
 * customer's messages are unread unless `read` (history the operator has seen).
 */
export function seedChat(
  org: TestOrg,
  body: SeedChatBody,
): Promise<{ chat: { id: number } & Record<string, unknown>; messageIds: number[] }> {
  return control('POST', `/orgs/${org.organizationId}/seed-chat`, body);
}

export function typing(org: TestOrg, chatId: number, end = false): Promise<unknown> {
  return control('POST', `/orgs/${org.organizationId}/typing`, { chatId, end });
}

export function queuedEvents(org: TestOrg): Promise<Record<string, unknown>[]> {
  return control('GET', `/orgs/${org.organizationId}/events`);
}

export function clearRequests(org: TestOrg): Promise<unknown> {
  return control('DELETE', `/orgs/${org.organizationId}/requests`);
}

export function createdMessages(org: TestOrg): Promise<CreatedMessage[]> {
  return control('GET', `/orgs/${org.organizationId}/created-messages`);
}

export function rawMessages(org: TestOrg, chatId: number): Promise<Array<Record<string, unknown>>> {
  return control('GET', `/orgs/${org.organizationId}/chats/${chatId}/messages`);
}

/** The org's chats as the operator sees them through the API (first page of 100). */
export async function listChats(
  org: TestOrg,
  query = '',
): Promise<{ total: number; newMessagesCount: number; items: Array<Record<string, unknown>> }> {
  const response = await fetch(`/api/chat/chats?per_page=100${query}`, {
    headers: { Authorization: `Bearer ${org.token}` },
  });
  return (await response.json()) as { total: number; newMessagesCount: number; items: Array<Record<string, unknown>> };
}

/** An unsigned JWT with the given payload: the panel only decodes it. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}
