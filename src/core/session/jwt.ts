/**
 * Reads an operator JWT's payload. Nothing can be verified in the browser: this only tells the
 * panel who the token is for and when it expires, so it never sends an expired one.
 */

export interface TokenClaims {
  /** Epoch ms of expiry, from `exp` (seconds) or `expiresAt` (ISO 8601 or seconds); null if none. */
  expiresAt: number | null;
  operatorId: string | null;
  organizationId: string | null;
  /** The operator's display name (`operatorName`, `operator_name` or `name`), or null: quick replies' `{operator}`. */
  operatorName: string | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function expiryFrom(payload: Record<string, unknown>): number | null {
  if (typeof payload.exp === 'number' && Number.isFinite(payload.exp)) return payload.exp * 1000;
  const expiresAt = payload.expiresAt;
  if (typeof expiresAt === 'number' && Number.isFinite(expiresAt)) return expiresAt * 1000;
  if (typeof expiresAt === 'string') {
    if (/^\d+(\.\d+)?$/.test(expiresAt.trim())) return Number(expiresAt) * 1000;
    const parsed = Date.parse(expiresAt);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return null;
}

function nameFrom(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function idFrom(value: unknown): string | null {
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;
}

/** How long before `exp` a token is no longer sent: a request under way must not outlive it. */
export const expiryMarginMs = 5_000;

/** The token may no longer be sent at `now` (epoch ms). */
export function isExpired(claims: TokenClaims, now: number): boolean {
  return claims.expiresAt !== null && now >= claims.expiresAt - expiryMarginMs;
}

/** The token's claims, or null when it is not a JWT with a JSON object payload. */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[1] === '') return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as Record<string, unknown>;
  return {
    expiresAt: expiryFrom(claims),
    operatorId: idFrom(claims.operatorId ?? claims.operator_id ?? claims.sub),
    organizationId: idFrom(claims.organizationId ?? claims.organization_id),
    operatorName: nameFrom(claims.operatorName ?? claims.operator_name ?? claims.name),
  };
}

/**
 * Whose things these are (`organization:operator`, the token's ids, never the token): what the
 * panel keeps in storage for an operator (drafts, the list's triage, the open chat) is under it.
 */
export function scopeOf(claims: TokenClaims): string {
  return `${claims.organizationId ?? 'org'}:${claims.operatorId ?? 'op'}`;
}
