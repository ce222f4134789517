import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('operator token on chat endpoints', () => {
  test('a missing token is 401 with the error body', async () => {
    const res = await call(server.base, '/api/chat/chats');
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'Unauthorized');
    assert.equal(res.json.status, 401);
    assert.equal(typeof res.json.message, 'string');
    assert.match(
      res.headers.get('www-authenticate') ?? '',
      /^Bearer error="invalid_token", error_description="[^"]+"$/,
    );
  });

  test('malformed, wrong-signature, non-bearer and company tokens are 401; the operator token works', async () => {
    const org = await createOrg(server.base);
    const [head, payload] = org.token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    for (const token of ['not-a-jwt', forged, org.companyToken]) {
      const res = await call(server.base, '/api/chat/chats', { token });
      assert.equal(res.status, 401, `token ${token.slice(0, 12)}`);
    }
    const basic = await call(server.base, '/api/chat/chats', { headers: { Authorization: `Basic ${org.token}` } });
    assert.equal(basic.status, 401);
    const ok = await call(server.base, '/api/chat/chats', { token: org.token });
    assert.equal(ok.status, 200);
  });

  test('an expired token is 401', async () => {
    const org = await createOrg(server.base);
    const expired = await org.control('token', { expiresInSeconds: -60 });
    const res = await call(server.base, '/api/chat/chats', { token: expired.json.token });
    assert.equal(res.status, 401);
    assert.match(res.json.message, /expired/i);
    assert.equal(
      res.headers.get('www-authenticate'),
      'Bearer error="invalid_token", error_description="Token expired"',
    );
  });

  // The server checks a token's signature once and remembers it (demo/server/jwt.js): its expiry
  // is still read at every request. The server's clock (Date) moves on, not the test's time.
  test('a token that worked is refused once it has expired', async (t) => {
    const org = await createOrg(server.base);
    const { token } = (await org.control('token', { expiresInSeconds: 60 })).json;
    assert.equal((await call(server.base, '/api/chat/chats', { token })).status, 200);
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    t.mock.timers.tick(61_000);
    const res = await call(server.base, '/api/chat/chats', { token });
    assert.equal(res.status, 401);
    assert.match(res.json.message, /expired/i);
  });

  test('operator token payload has exp, expiresAt, operatorId, organizationId and sub', async () => {
    const org = await createOrg(server.base);
    const payload = JSON.parse(Buffer.from(org.token.split('.')[1], 'base64url').toString());
    assert.equal(typeof payload.exp, 'number');
    assert.equal(new Date(payload.expiresAt).getTime(), payload.exp * 1000);
    assert.equal(payload.operatorId, org.operatorId);
    assert.equal(payload.organizationId, org.organizationId);
    assert.equal(payload.sub, String(org.operatorId));
  });
});

describe('company flow', () => {
  test('get-token, organization, operators, synchronize, operator token, validate-token', async () => {
    const bad = await call(server.base, '/api/company/get-token', {
      method: 'POST',
      body: { login: 'demo', password: 'nope' },
    });
    assert.equal(bad.status, 401);
    const login = await call(server.base, '/api/company/get-token', {
      method: 'POST',
      body: { login: 'demo', password: 'demo' },
    });
    assert.equal(login.status, 200);
    const companyToken = login.json;
    assert.equal(typeof companyToken, 'string');

    const orgs = await call(server.base, '/api/company/organization', { token: companyToken });
    assert.deepEqual(orgs.json, [{ id: server.api.defaultOrgId, name: 'Acme Demo' }]);
    const orgId = orgs.json[0].id;

    const operators = await call(server.base, `/api/operator?organizationId=${orgId}`, { token: companyToken });
    assert.equal(operators.status, 200);
    assert.ok(operators.json.length >= 3);
    assert.deepEqual(Object.keys(operators.json[0]).sort(), ['id', 'name', 'organization', 'status']);
    assert.deepEqual(operators.json[0].organization, { id: orgId, name: 'Acme Demo' });

    const synced = await call(server.base, '/api/operator/synchronize', {
      method: 'POST',
      token: companyToken,
      body: [
        { organizationId: orgId, name: 'New Person' },
        { organizationId: orgId, name: operators.json[0].name },
      ],
    });
    assert.equal(synced.status, 200);
    assert.equal(synced.json[1].id, operators.json[0].id, 'existing operator is found, not duplicated');
    assert.deepEqual(Object.keys(synced.json[0]).sort(), ['id', 'name', 'status']);
    const again = await call(server.base, '/api/operator/synchronize', {
      method: 'POST',
      token: companyToken,
      body: [{ organizationId: orgId, name: 'New Person' }],
    });
    assert.equal(again.json[0].id, synced.json[0].id);

    const expiresAt = new Date(Date.now() + 15 * 60 * 1000).toISOString();
    const opToken = await call(server.base, '/api/operator/get-token', {
      method: 'POST',
      token: companyToken,
      body: { id: synced.json[0].id, expiresAt },
    });
    assert.equal(opToken.status, 200);
    const payload = JSON.parse(Buffer.from(opToken.json.split('.')[1], 'base64url').toString());
    assert.equal(payload.operatorId, synced.json[0].id);
    assert.equal(payload.exp, Math.floor(Date.parse(expiresAt) / 1000));

    const chats = await call(server.base, '/api/chat/chats', { token: opToken.json });
    assert.equal(chats.status, 200);

    const valid = await call(server.base, '/api/operator/validate-token', {
      method: 'POST',
      token: companyToken,
      body: opToken.json,
    });
    assert.deepEqual(valid.json, {
      isValid: true,
      operatorId: synced.json[0].id,
      clientId: orgId,
      expiresAt: payload.expiresAt,
      error: null,
    });
    const invalid = await call(server.base, '/api/operator/validate-token', {
      method: 'POST',
      token: companyToken,
      body: 'garbage',
    });
    assert.deepEqual(invalid.json, { isValid: false, error: 'Invalid token' });
    const noCompany = await call(server.base, '/api/operator/validate-token', {
      method: 'POST',
      token: opToken.json,
      body: opToken.json,
    });
    assert.equal(noCompany.status, 401, 'validate-token needs a company token');
  });

  test('company endpoints refuse operator tokens and the companies are isolated', async () => {
    const org = await createOrg(server.base);
    const res = await call(server.base, '/api/company/organization', { token: org.token });
    assert.equal(res.status, 401);
    const mine = await call(server.base, '/api/company/organization', { token: org.companyToken });
    assert.deepEqual(
      mine.json.map((/** @type {any} */ o) => o.id),
      [org.organizationId],
    );
    const other = await call(server.base, `/api/operator?organizationId=${server.api.defaultOrgId}`, {
      token: org.companyToken,
    });
    assert.equal(other.status, 400);
    const byLogin = await call(server.base, '/api/company/get-token', { method: 'POST', body: org.companyLogin });
    assert.equal(byLogin.status, 200);
  });
});
