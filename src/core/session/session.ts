/**
 * The token clock. Knows whether the current token may be sent, and tells when it is about to
 * expire (once, 60 s before) and when it expired. A token stops being sent a little before its
 * `exp`, so no request carries it past its end; a 401 that comes within the 30 s of clock skew
 * around `exp` means the token ran out (the service's clock is ahead), not that it was refused.
 * No DOM, no fetch: timers and the clock are injected so tests can drive time.
 */
import { systemClock, type Clock } from '../clock.js';
import { decodeToken, expiryMarginMs, isExpired, type TokenClaims } from './jwt.js';

export type SessionState =
  | { kind: 'missing' }
  | { kind: 'malformed' }
  | { kind: 'rejected' }
  | { kind: 'valid'; claims: TokenClaims }
  | { kind: 'expired'; claims: TokenClaims };

export interface SessionEvents {
  onChange(state: SessionState): void;
  onExpiring(expiresAt: number): void;
  onExpired(expiresAt: number): void;
}

export const clockSkewMs = 30_000;
export const expiringNoticeMs = 60_000;
/** setTimeout misbehaves past 2^31-1 ms; re-check long expiries in steps. */
const maxTimerMs = 2_147_000_000;

export class Session {
  #token: string | null = null;
  #current: SessionState = { kind: 'missing' };
  #timer: unknown = null;
  #expiringSent = false;
  /** The first setToken must report even "missing", so the panel can say a token is needed. */
  #evaluated = false;

  readonly #events: SessionEvents;
  readonly #clock: Clock;

  constructor(events: SessionEvents, clock: Clock = systemClock) {
    this.#events = events;
    this.#clock = clock;
  }

  get state(): SessionState {
    return this.#current;
  }

  /** The token to put in `Authorization`, or null: nothing is ever sent with an expired one. */
  usableToken(): string | null {
    if (this.#current.kind !== 'valid') return null;
    if (this.#isExpired(this.#current.claims)) {
      this.#evaluate();
      return null;
    }
    return this.#token;
  }

  /** A new token (attribute, property or the script tag's attribute). */
  setToken(token: string | null | undefined): void {
    const next = token?.trim() || null;
    if (this.#evaluated && next === this.#token && this.#current.kind !== 'rejected') return;
    this.#evaluated = true;
    this.#token = next;
    this.#expiringSent = false;
    this.#evaluate();
  }

  /**
   * A 401 from the service. The token ran out when the answer says so (`saysExpired`), whatever
   * the local clock says, or near its end (within the clock skew): the expired state and its
   * event, as if the clock had said so. Otherwise the token is no good even though it has not
   * expired.
   */
  unauthorized(saysExpired = false): void {
    const state = this.#current;
    if (state.kind === 'rejected' || state.kind === 'expired') return;
    this.#stopTimer();
    const expiresAt = state.kind === 'valid' ? state.claims.expiresAt : null;
    const nearItsEnd = expiresAt !== null && this.#clock.now() >= expiresAt - clockSkewMs;
    if (state.kind === 'valid' && (saysExpired || nearItsEnd)) {
      this.#set({ kind: 'expired', claims: state.claims });
      // A token the service calls expired before its `exp` (or one without): it ended now.
      this.#events.onExpired(nearItsEnd ? expiresAt! : this.#clock.now());
      return;
    }
    this.#set({ kind: 'rejected' });
  }

  dispose(): void {
    this.#stopTimer();
  }

  /** After dispose() (the element is back in the page): the clock runs again from now. */
  resume(): void {
    if (this.#current.kind !== 'valid' || this.#timer !== null) return;
    if (this.#isExpired(this.#current.claims)) this.#evaluate();
    else this.#schedule(this.#current.claims);
  }

  #isExpired(claims: TokenClaims): boolean {
    return isExpired(claims, this.#clock.now());
  }

  #evaluate(): void {
    this.#stopTimer();
    if (!this.#token) return this.#set({ kind: 'missing' });
    const claims = decodeToken(this.#token);
    if (!claims) return this.#set({ kind: 'malformed' });
    if (this.#isExpired(claims)) {
      const wasExpired = this.#current.kind === 'expired';
      this.#set({ kind: 'expired', claims });
      if (!wasExpired) this.#events.onExpired(claims.expiresAt!);
      return;
    }
    this.#set({ kind: 'valid', claims });
    this.#schedule(claims);
  }

  #schedule(claims: TokenClaims): void {
    if (claims.expiresAt === null) return;
    const now = this.#clock.now();
    const expiringAt = claims.expiresAt - expiringNoticeMs;
    if (!this.#expiringSent && now >= expiringAt) {
      this.#expiringSent = true;
      this.#events.onExpiring(claims.expiresAt);
    }
    const nextCheck = this.#expiringSent ? claims.expiresAt - expiryMarginMs : expiringAt;
    const wait = Math.min(maxTimerMs, Math.max(0, nextCheck - now));
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.#evaluate();
    }, wait);
  }

  #stopTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(state: SessionState): void {
    this.#current = state;
    this.#events.onChange(state);
  }
}
