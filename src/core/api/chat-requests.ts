/**
 * How a request to the chat API is made, in one place: its paths and its fetch. The API client
 * (chat-api.ts) sends every request through here, and the script tag asks its first questions the
 * same way before the panel's code is in (boot/early-answers.ts); the client then takes those
 * answers instead of asking again, which works only if both ask to the letter alike. No imports:
 * the script tag's first chunk holds this module.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An HTTP answer read whole: what the client judges an answer by. */
export interface ReadAnswer {
  status: number;
  header(name: string): string | null;
  text: string;
}

/** The answer broke off while it was read (the request itself had reached the service). */
export class AnswerDropped extends Error {}

/**
 * Sends one request and reads its answer whole. The token goes only in `Authorization`, with no
 * cookies, no cache and no referrer. Rejects as `fetch` does (a network failure, an abort), or
 * with AnswerDropped.
 */
export async function fetchAnswer(
  url: string,
  method: Method,
  authorization: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ReadAnswer> {
  const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  const text = await response.text().catch(() => {
    throw new AnswerDropped('The connection dropped while reading the answer');
  });
  return { status: response.status, header: (name) => response.headers.get(name), text };
}

/**
 * Answers to reads asked before the panel's code was in (boot/early-answers.ts): the client takes
 * one in place of sending the same request, once.
 */
export interface EarlyAnswers {
  /** The answer to `GET url` sent with `authorization`, once; null when it was not asked early. */
  take(url: string, authorization: string): Promise<ReadAnswer> | null;
  /** The answer `take` would give, when it has come already (without taking it). */
  arrived(url: string, authorization: string): ReadAnswer | null;
}

/** The chat list's query (spec §4.2), besides what the client adds (the token, the host). */
export interface ChatListQuery {
  page: number;
  perPage: number;
  statuses: readonly number[];
  source?: number;
  entityId?: number;
  search?: string;
  phone?: string;
  /** The customer's chats (spec §4.2 `clientId`): a chat's record when the list does not show it. */
  clientId?: number;
  /** The photo network's customer's chats (spec §4.2 `photo_user_id`). */
  photoUserId?: number;
  isUnread?: boolean;
  /** Chats assigned to this operator (spec §4.2 `operatorId`). */
  operatorId?: string;
  /** Starred chats only (`starMark=true`). */
  starred?: boolean;
  /** Chats carrying any of these tags (spec §4.2 `tagIds`, repeated: one parameter per tag). */
  tagIds?: readonly number[];
}

/** `GET /api/chat/chats?…`: `per_page` in snake case, on this endpoint only. */
export function chatListPath(query: ChatListQuery): string {
  const params = new URLSearchParams();
  params.set('page', String(query.page));
  params.set('per_page', String(query.perPage));
  for (const status of query.statuses) params.append('status', String(status));
  if (query.source !== undefined) {
    params.set('source', String(query.source));
    if (query.entityId !== undefined) params.set('entityId', String(query.entityId));
  }
  if (query.search) params.set('search', query.search);
  if (query.phone) params.set('phone', query.phone);
  if (query.clientId !== undefined) params.set('clientId', String(query.clientId));
  if (query.photoUserId !== undefined) params.set('photo_user_id', String(query.photoUserId));
  if (query.isUnread) params.set('isUnread', 'true');
  if (query.operatorId !== undefined) params.set('operatorId', query.operatorId);
  if (query.starred) params.set('starMark', 'true');
  for (const tagId of query.tagIds ?? []) params.append('tagIds', String(tagId));
  return `/api/chat/chats?${params}`;
}

/** `GET /api/chat/chats/{id}/messages`, with the customer's earlier chats for `isChain`. */
export function chatMessagesPath(chatId: number, isChain: boolean): string {
  return `/api/chat/chats/${chatId}/messages${isChain ? '?isChain=true' : ''}`;
}
