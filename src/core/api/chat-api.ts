/**
 * Typed client of the chat endpoints (spec §4.2, §4.5). Every request carries the operator JWT
 * only in `Authorization: Bearer` and only to `baseUrl`'s origin; no request is sent when the
 * session has no usable token. Every request is repeated by one retry policy (retry-policy.ts): a
 * 429 always, a network error or a 5xx only for a read the caller keeps up by itself; other
 * failures reach the caller as an ApiError, and no send is ever repeated after anything but a 429.
 */
import { ApiError, parseRetryAfter, saysTokenExpired } from './api-error.js';
import {
  AnswerDropped,
  chatListPath,
  fetchAnswer,
  type ChatListQuery,
  type EarlyAnswers,
  type Method,
  type ReadAnswer,
} from './chat-requests.js';
import { parseChatPage, type ChatPage } from './chat-wire.js';
import { RetryPolicy, type Backoff, type RetryOptions } from './retry-policy.js';
import type { Clock } from '../clock.js';

export type { ChatListQuery, EarlyAnswers, Method, ReadAnswer };

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
  /** Answers the script tag asked for before the panel's code was in (boot/early-answers.ts). */
  early?: EarlyAnswers | null;
}

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
    return parseChatPage(await this.request('GET', chatListPath(query), undefined, signal, retry));
  }

  /**
   * The page of the list the script tag asked for before the panel's code was in, when its answer
   * came already and is a page of chats: the rows it drew are then in the panel's first render.
   * Anything else (not asked, not come, a failure) is left to `listChats`.
   */
  listChatsArrived(query: ChatListQuery): ChatPage | null {
    const token = this.#getToken();
    const url = this.baseUrl + chatListPath(query);
    const authorization = `Bearer ${token}`;
    const answer = token ? this.#early?.arrived(url, authorization) : null;
    if (answer?.status !== 200) return null;
    let page: ChatPage;
    try {
      page = parseChatPage(JSON.parse(answer.text));
    } catch {
      return null; // malformed: `listChats` takes it and says so
    }
    void this.#early?.take(url, authorization);
    return page;
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
    const authorization = this.authorization();
    const url = this.baseUrl + path;
    const ask = () => fetchAnswer(url, method, authorization, body, signal);
    let answer: ReadAnswer;
    try {
      // The same question asked early with the same token: its answer, as if asked now. One that
      // failed on the way is asked again.
      const early = method === 'GET' ? this.#early?.take(url, authorization) : null;
      answer = await (early ? unlessAborted(early.catch(ask), signal) : ask());
    } catch (error) {
      if (error instanceof AnswerDropped) throw new ApiError('network', error.message);
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
