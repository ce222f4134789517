/**
 * Typed client of the chat endpoints (spec §4.2, §4.5). Every request carries the operator JWT
 * only in `Authorization: Bearer` and only to `baseUrl`'s origin; no request is sent when the
 * session has no usable token. Every request is repeated by one retry policy (retry-policy.ts): a
 * 429 always, a network error or a 5xx only for a read the caller keeps up by itself; other
 * failures reach the caller as an ApiError, and no send is ever repeated after anything but a 429.
 */
import { ApiError, parseRetryAfter, saysTokenExpired } from './api-error.js';
import { parseChatPage, type ChatPage } from './chat-wire.js';
import { RetryPolicy, type Backoff, type RetryOptions } from './retry-policy.js';
import type { Clock } from '../clock.js';

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
}

export interface OutgoingMessage {
  text: string;
  isInternal: boolean;
  replyToMessageId: number | null;
}

export interface OutgoingAttachment {
  file: Blob;
  name: string;
  format: string;
  mediaType: number;
}

/** An HTTP answer read whole: what the client judges an answer by. */
export interface ReadAnswer {
  status: number;
  header(name: string): string | null;
  text: string;
}

/**
 * Answers to questions asked before the panel's code was in (the script tag asks the first list,
 * src/early-answers.ts): the client takes one in place of sending the same request. They come
 * read whole: a body still to read would cost a task, and so a frame of the shell without rows.
 */
export interface EarlyAnswers {
  /** The answer to `GET url` sent with `authorization`, once; null when it was not asked early. */
  take(url: string, authorization: string): Promise<ReadAnswer> | null;
}

export interface ChatApiOptions {
  baseUrl: string;
  /** The token to send, or null when the session has none it may use (missing, expired). */
  getToken: () => string | null;
  /** Time and timers of the waits between attempts; default the browser's. */
  clock?: Clock;
  /** The jitter of those waits; default Math.random. */
  random?: () => number;
  /** Their steps; default 1 s doubling to a 30 s cap. */
  backoff?: Backoff;
  /** Answers the script tag asked for before the panel's code was in (src/early-answers.ts). */
  early?: EarlyAnswers | null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class ChatApi {
  readonly baseUrl: string;
  /** Repeats every request of this client: the one place retries and their waits are decided. */
  readonly retries: RetryPolicy;
  readonly #getToken: () => string | null;
  readonly #early: EarlyAnswers | null;

  constructor(options: ChatApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#getToken = options.getToken;
    this.retries = new RetryPolicy(options);
    this.#early = options.early ?? null;
  }

  async listChats(query: ChatListQuery, signal?: AbortSignal, retry?: RetryOptions): Promise<ChatPage> {
    const params = new URLSearchParams();
    params.set('page', String(query.page));
    params.set('per_page', String(query.perPage)); // snake case on this endpoint only
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
    return parseChatPage(await this.request('GET', `/api/chat/chats?${params}`, undefined, signal, retry));
  }

  /** The header value; throws (sending nothing) when the session has no usable token. */
  authorization(): string {
    const token = this.#getToken();
    if (!token) throw new ApiError('no-token', 'No usable operator token: nothing was sent');
    return `Bearer ${token}`;
  }

  /**
   * One JSON call to the chat API, repeated as `retry` says (a 429 only, by default); the
   * conversation's and the event queue's calls (conversation-api.ts, event-queue-api.ts) go through it too.
   */
  request(method: Method, path: string, body: unknown, signal?: AbortSignal, retry?: RetryOptions): Promise<unknown> {
    return this.retries.run(() => this.#fetchOnce(method, path, body, signal), signal, retry);
  }

  async #fetchOnce(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: this.authorization(), Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const url = this.baseUrl + path;
    const ask = async (): Promise<ReadAnswer> => {
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
        throw new ApiError('network', 'The connection dropped while reading the answer');
      });
      return { status: response.status, header: (name) => response.headers.get(name), text };
    };
    let answer: ReadAnswer;
    try {
      // The same question asked early with the same token: its answer, as if asked now. One that
      // failed on the way is asked again.
      const early = method === 'GET' ? this.#early?.take(url, headers.Authorization) : null;
      answer = await (early ? unlessAborted(early.catch(ask), signal) : ask());
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw new ApiError('aborted', 'Request aborted');
      throw new ApiError('network', `The chat API could not be reached (${(error as Error).message})`);
    }
    const { status, text } = answer;
    if (status < 200 || status > 299) throw errorFromAnswer(status, answer.header, text);
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError('malformed', 'Unexpected answer from the chat API: not JSON', status);
    }
  }
}

/** The error a failed answer stands for; `header` reads the answer's headers, `body` is its text. */
export function errorFromAnswer(status: number, header: (name: string) => string | null, body: string): ApiError {
  if (status === 401) {
    return saysTokenExpired(header('WWW-Authenticate'), body)
      ? new ApiError('unauthorized', 'The chat API says the operator token expired', status, undefined, true)
      : new ApiError('unauthorized', 'The chat API rejected the operator token', status);
  }
  if (status === 429) {
    return new ApiError(
      'rate-limited',
      'Too many requests to the chat API',
      status,
      parseRetryAfter(header('Retry-After'), Date.now()),
    );
  }
  if (status === 404) return new ApiError('not-found', 'Not found in the chat API', status);
  if (status >= 500) return new ApiError('server', `The chat API failed (HTTP ${status})`, status);
  return new ApiError('bad-request', `The chat API refused the request (HTTP ${status})`, status);
}

/** `answer`, or a rejection as soon as `signal` aborts (an early answer has no signal of the caller's). */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
