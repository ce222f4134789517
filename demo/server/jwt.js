/**
 * Operator and company JWTs (HS256, one random secret per process).
 * Each token carries a sequence number `tsn` so the "expireToken" fault can reject every
 * token issued before the switch was turned on.
 */
import { SignJWT, compactVerify } from 'jose';
import { randomBytes } from 'node:crypto';

const secret = randomBytes(32);
let sequence = 0;

/** @returns {number} the sequence number of the newest token issued so far */
export function currentTokenSequence() {
  return sequence;
}

/**
 * @typedef {object} OperatorClaims
 * @property {'operator'} kind
 * @property {number} operatorId
 * @property {number} organizationId
 * @property {string} operatorName
 * @property {string} expiresAt ISO
 * @property {number} exp seconds
 * @property {number} tsn
 */

/**
 * @param {{ operatorId: number, organizationId: number, operatorName: string, expiresAtMs: number }} input
 * @returns {Promise<string>}
 */
export async function signOperatorToken({ operatorId, organizationId, operatorName, expiresAtMs }) {
  sequence += 1;
  return new SignJWT({
    kind: 'operator',
    operatorId,
    organizationId,
    operatorName,
    expiresAt: new Date(expiresAtMs).toISOString(),
    tsn: sequence,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(operatorId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(secret);
}

/**
 * A company token is scoped to the organizations of one company.
 * @param {{ companyId: number, organizationIds: number[], expiresAtMs?: number }} input
 * @returns {Promise<string>}
 */
export async function signCompanyToken({ companyId, organizationIds, expiresAtMs }) {
  sequence += 1;
  const expires = expiresAtMs ?? Date.now() + 24 * 3600 * 1000;
  return new SignJWT({
    kind: 'company',
    companyId,
    organizationIds,
    organizationId: organizationIds[0],
    expiresAt: new Date(expires).toISOString(),
    tsn: sequence,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`company:${companyId}`)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expires / 1000))
    .sign(secret);
}

/**
 * Checks the signature only; expiry is reported, not enforced, so faults and logs can still
 * attribute an expired token to its organization.
 * @param {string | undefined | null} token
 * @returns {Promise<{ payload: Record<string, any>, expired: boolean } | null>}
 */
export async function inspectToken(token) {
  if (!token || typeof token !== 'string') return null;
  const claims = verifiedClaims.get(token) ?? (await verifiedOnce(token));
  if (!claims) return null;
  const expired = typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now();
  return { payload: claims, expired };
}

/**
 * Tokens whose signature checked out, and their claims: a panel sends the same token with every
 * request, and checking its HMAC each time cost the test runs' servers more CPU than answering
 * the requests did. Expiry is still read at each request; the oldest go first past the bound.
 * @type {Map<string, Record<string, any>>}
 */
const verifiedClaims = new Map();
const verifiedClaimsBound = 2000;

/**
 * @param {string} token
 * @returns {Promise<Record<string, any> | null>} its claims when its signature is ours
 */
async function verifiedOnce(token) {
  try {
    const { payload } = await compactVerify(token, secret, { algorithms: ['HS256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload));
    if (!claims || typeof claims !== 'object') return null;
    Object.freeze(claims); // one object for every request of the token: none may change it
    if (verifiedClaims.size >= verifiedClaimsBound) verifiedClaims.delete(verifiedClaims.keys().next().value);
    verifiedClaims.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}
