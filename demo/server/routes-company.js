/**
 * Company and operator endpoints (spec 4.1): company login, organizations, operators,
 * synchronization, operator tokens and token validation.
 */
import { HttpError, isPlainObject, route, sendJson } from './http-util.js';
import { inspectToken, signCompanyToken, signOperatorToken } from './jwt.js';

/**
 * @typedef {object} ApiRequest
 * @property {import('./chat-api.js').ChatApiInternals} api
 * @property {import('./org.js').Org} org organization of the token
 * @property {Record<string, any>} claims
 * @property {Record<string, string>} params
 * @property {() => unknown} json parsed body (400 when malformed)
 * @property {import('./multipart.js').ParsedForm | null} form
 * @property {string} origin
 */

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
async function getCompanyToken(ctx, req) {
  const body = req.json();
  if (!isPlainObject(body)) throw new HttpError(400, 'Expected {login, password}');
  const { login, password } = /** @type {Record<string, unknown>} */ (body);
  if (typeof login !== 'string' || typeof password !== 'string')
    throw new HttpError(400, 'login and password must be strings');
  // `demo`/`demo` is the company of the default organization; `org<N>`/`demo` the company of organization N.
  const orgId = login === 'demo' ? req.api.defaultOrgId : /^org(\d+)$/.exec(login) ? Number(login.slice(3)) : NaN;
  const org = req.api.orgs.get(orgId);
  if (!org || password !== 'demo') throw new HttpError(401, 'Wrong login or password');
  const token = await signCompanyToken({
    companyId: org.companyId,
    organizationIds: companyOrgIds(req.api, org.companyId),
  });
  sendJson(ctx, 200, token);
}

/**
 * @param {import('./chat-api.js').ChatApiInternals} api
 * @param {number} companyId
 */
function companyOrgIds(api, companyId) {
  return [...api.orgs.values()].filter((org) => org.companyId === companyId).map((org) => org.id);
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function listOrganizations(ctx, req) {
  const orgs = [...req.api.orgs.values()].filter((org) => org.companyId === req.claims.companyId);
  sendJson(
    ctx,
    200,
    orgs.map((org) => ({ id: org.id, name: org.name })),
  );
}

/**
 * @param {ApiRequest} req
 * @param {unknown} organizationId
 */
function companyOrg(req, organizationId) {
  const org = req.api.orgs.get(Number(organizationId));
  if (!org || org.companyId !== req.claims.companyId)
    throw new HttpError(400, `Unknown organization ${organizationId}`);
  return org;
}

/**
 * @param {import('./org.js').Org} org
 * @param {import('./org.js').OperatorRecord} operator
 */
const operatorDto = (org, operator) => ({
  id: operator.id,
  name: operator.name,
  status: operator.status,
  organization: { id: org.id, name: org.name },
});

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function listOperators(ctx, req) {
  const param = ctx.URL.searchParams.get('organizationId');
  const orgs = param
    ? [companyOrg(req, param)]
    : [...req.api.orgs.values()].filter((org) => org.companyId === req.claims.companyId);
  sendJson(
    ctx,
    200,
    orgs.flatMap((org) => org.operators.map((operator) => operatorDto(org, operator))),
  );
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
function synchronizeOperators(ctx, req) {
  const body = req.json();
  if (!Array.isArray(body)) throw new HttpError(400, 'Expected an array of {organizationId, name}');
  const out = body.map((item) => {
    if (
      !isPlainObject(item) ||
      !Number.isInteger(item.organizationId) ||
      typeof item.name !== 'string' ||
      !item.name.trim()
    ) {
      throw new HttpError(400, 'Each item needs an integer organizationId and a name');
    }
    const org = companyOrg(req, item.organizationId);
    let operator = org.operators.find((candidate) => candidate.name === item.name);
    if (!operator) {
      operator = { id: org.id * 100 + org.operators.length + 1, name: item.name, status: 0, photo: null };
      org.operators.push(operator);
    }
    return { id: operator.id, status: operator.status, name: operator.name };
  });
  sendJson(ctx, 200, out);
}

/**
 * @param {ApiRequest} req
 * @param {number} operatorId
 */
function findCompanyOperator(req, operatorId) {
  for (const org of req.api.orgs.values()) {
    if (org.companyId !== req.claims.companyId) continue;
    const operator = org.operatorById(operatorId);
    if (operator) return { org, operator };
  }
  throw new HttpError(400, `Unknown operator ${operatorId}`);
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
async function getOperatorToken(ctx, req) {
  const body = req.json();
  if (!isPlainObject(body) || !Number.isInteger(body.id))
    throw new HttpError(400, 'Expected {id: int, expiresAt: timestamp}');
  const { org, operator } = findCompanyOperator(req, body.id);
  let expiresAtMs = Date.now() + 3600 * 1000;
  if (body.expiresAt !== undefined && body.expiresAt !== null) {
    expiresAtMs = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : NaN;
    if (Number.isNaN(expiresAtMs)) throw new HttpError(400, 'expiresAt must be an ISO 8601 timestamp');
  }
  const token = await signOperatorToken({
    operatorId: operator.id,
    organizationId: org.id,
    operatorName: operator.name,
    expiresAtMs,
  });
  sendJson(ctx, 200, token);
}

/**
 * @param {import('koa').Context} ctx
 * @param {ApiRequest} req
 */
async function validateToken(ctx, req) {
  const body = req.json();
  if (typeof body !== 'string') throw new HttpError(400, 'Expected a JSON string holding the token');
  const inspected = await inspectToken(body);
  const claims = inspected?.payload;
  if (!inspected || inspected.expired || claims?.kind !== 'operator') {
    sendJson(ctx, 200, { isValid: false, error: 'Invalid token' });
    return;
  }
  const org = req.api.orgs.get(claims.organizationId);
  if (!org || org.companyId !== req.claims.companyId || org.faults.isTokenForcedExpired(claims)) {
    sendJson(ctx, 200, { isValid: false, error: 'Invalid token' });
    return;
  }
  sendJson(ctx, 200, {
    isValid: true,
    operatorId: claims.operatorId,
    clientId: claims.organizationId,
    expiresAt: claims.expiresAt,
    error: null,
  });
}

/** Each route: [method, path, handler, auth] with auth 'none' | 'company' | 'operator'. */
export const companyRoutes = [
  { ...route('POST', '/api/company/get-token', getCompanyToken), auth: 'none' },
  { ...route('GET', '/api/company/organization', listOrganizations), auth: 'company' },
  { ...route('GET', '/api/operator', listOperators), auth: 'company' },
  { ...route('POST', '/api/operator/synchronize', synchronizeOperators), auth: 'company' },
  { ...route('POST', '/api/operator/get-token', getOperatorToken), auth: 'company' },
  { ...route('POST', '/api/operator/validate-token', validateToken), auth: 'company' },
];
