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
    /** A 401 whose answer says the token expired (rather than that it is no good). */
    readonly tokenExpired = false,
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

const expiryWords = /\bexpir(?:ed|es|y|ation)\b/i;

/**
 * Whether a 401's answer says the token expired: the `error_description` of `WWW-Authenticate`
 * (RFC 6750), or the body's `message` (or `error_description`, `error`, `detail`, `title`), or a
 * plain-text body. Unreadable answers say nothing.
 */
export function saysTokenExpired(wwwAuthenticate: string | null, body: string): boolean {
  const description = wwwAuthenticate?.match(/error_description\s*=\s*"([^"]*)"/i)?.[1];
  if (description && expiryWords.test(description)) return true;
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // plain text
  }
  if (typeof parsed === 'string') return expiryWords.test(parsed);
  if (typeof parsed !== 'object' || parsed === null) return false;
  const fields = parsed as Record<string, unknown>;
  return ['message', 'error_description', 'error', 'detail', 'title'].some(
    (key) => typeof fields[key] === 'string' && expiryWords.test(fields[key]),
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
