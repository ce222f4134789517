/** Why a call to the chat API failed, as the panel reacts to it. */
export type ApiErrorCode =
  | 'network' // no answer: offline, dropped connection, CORS
  | 'unauthorized' // 401: the token was rejected
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'bad-request' // other 4xx
  | 'not-found' // 404
  | 'malformed' // an answer that is not the documented shape
  | 'aborted' // the caller gave up (element removed, chat switched)
  | 'no-token'; // nothing was sent: the session has no usable token

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status?: number,
    /** From `Retry-After`, when the service sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth another try later with the same request: nothing was changed on the server. */
  get retryable(): boolean {
    return this.code === 'network' || this.code === 'rate-limited' || this.code === 'server';
  }
}

/**
 * Why reads are being retried, as the operator is told: the service cannot be reached
 * (`offline`), or it answers with server errors (`failing`).
 */
export type ConnectionTrouble = 'offline' | 'failing';

export function connectionTrouble(error: ApiError): ConnectionTrouble | null {
  return error.code === 'network' ? 'offline' : error.code === 'server' ? 'failing' : null;
}

export function isAbort(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.code === 'aborted') ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
