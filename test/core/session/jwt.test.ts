/**
 * Reading an operator JWT's payload (contract §3): the expiry from `exp` (seconds) or
 * `expiresAt` (ISO 8601 or seconds), who it is for, and null for anything that is not a JWT
 * with a JSON object payload. Nothing is verified: the signature is not read.
 */
import { expect } from '@open-wc/testing';
import { decodeToken } from '../../../src/core/session/jwt.js';

/** base64url of UTF-8 bytes, without padding, as JWTs are written. */
function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

function jwtWithPayload(payload: string | Uint8Array): string {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  return `${base64Url(new TextEncoder().encode('{"alg":"HS256","typ":"JWT"}'))}.${base64Url(bytes)}.c2ln`;
}

const jwt = (claims: unknown) => jwtWithPayload(JSON.stringify(claims));

describe('decodeToken: when the token expires', () => {
  it('reads exp in seconds since the epoch', () => {
    expect(decodeToken(jwt({ exp: 1767268800 }))?.expiresAt).to.equal(1767268800_000);
  });

  it('reads expiresAt as ISO 8601, or as seconds in a number or a string', () => {
    expect(decodeToken(jwt({ expiresAt: '2026-01-01T12:00:00Z' }))?.expiresAt).to.equal(Date.UTC(2026, 0, 1, 12, 0, 0));
    expect(decodeToken(jwt({ expiresAt: '2026-01-01T14:00:00+02:00' }))?.expiresAt).to.equal(
      Date.UTC(2026, 0, 1, 12, 0, 0),
    );
    expect(decodeToken(jwt({ expiresAt: 1767268800 }))?.expiresAt).to.equal(1767268800_000);
    expect(decodeToken(jwt({ expiresAt: ' 1767268800 ' }))?.expiresAt).to.equal(1767268800_000);
    expect(decodeToken(jwt({ expiresAt: '1767268800.5' }))?.expiresAt).to.equal(1767268800_500);
  });

  it('prefers exp when both are there', () => {
    expect(decodeToken(jwt({ exp: 1767268800, expiresAt: '2030-01-01T00:00:00Z' }))?.expiresAt).to.equal(
      1767268800_000,
    );
  });

  it('has no expiry (null) when neither is a usable time, and is still a token', () => {
    for (const claims of [{}, { exp: 'soon' }, { exp: null }, { expiresAt: 'tomorrow' }, { expiresAt: true }]) {
      expect(decodeToken(jwt(claims)), JSON.stringify(claims)).to.deep.equal({
        expiresAt: null,
        operatorId: null,
        organizationId: null,
        operatorName: null,
      });
    }
  });
});

describe('decodeToken: who the token is for', () => {
  it('reads operatorId and organizationId as strings, from numbers or strings', () => {
    expect(decodeToken(jwt({ operatorId: 101, organizationId: '1' }))).to.include({
      operatorId: '101',
      organizationId: '1',
    });
  });

  it('falls back to operator_id, then sub, and to organization_id', () => {
    expect(decodeToken(jwt({ operator_id: 5, organization_id: 9 }))).to.include({
      operatorId: '5',
      organizationId: '9',
    });
    expect(decodeToken(jwt({ sub: 'op-7' }))?.operatorId).to.equal('op-7');
    expect(decodeToken(jwt({ operatorId: 1, sub: 'op-7' }))?.operatorId).to.equal('1');
  });

  it('takes empty strings, objects and booleans for no id', () => {
    expect(decodeToken(jwt({ operatorId: '', organizationId: { id: 1 } }))).to.include({
      operatorId: null,
      organizationId: null,
    });
    expect(decodeToken(jwt({ operatorId: true }))?.operatorId).to.equal(null);
  });

  it('reads the operator’s name from operatorName, then operator_name, then name (for quick replies)', () => {
    expect(decodeToken(jwt({ operatorName: ' Olivia Operator ', name: 'Other' }))?.operatorName).to.equal(
      'Olivia Operator',
    );
    expect(decodeToken(jwt({ operator_name: 'Ólafur' }))?.operatorName).to.equal('Ólafur');
    expect(decodeToken(jwt({ name: 'Nadia' }))?.operatorName).to.equal('Nadia');
    for (const operatorName of ['', '  ', 42, { first: 'A' }])
      expect(decodeToken(jwt({ operatorName }))?.operatorName, JSON.stringify(operatorName)).to.equal(null);
  });
});

describe('decodeToken: what is not a token', () => {
  it('refuses anything but three dot-separated parts with a payload', () => {
    for (const token of ['not-a-jwt', '', 'a.b', 'a.b.c.d', `${jwt({ exp: 1 })}.extra`, 'header..signature']) {
      expect(decodeToken(token), token).to.equal(null);
    }
  });

  it('refuses a payload that is not base64url, not UTF-8, not JSON, or not a JSON object', () => {
    const payloads = {
      'not base64': 'header.eyJ!!!.signature',
      // JSON but for one byte that is no UTF-8: read leniently it would be a token for "\uFFFD".
      'invalid UTF-8': jwtWithPayload(new Uint8Array([...new TextEncoder().encode('{"sub":"'), 0xff, 0x22, 0x7d])),
      'not JSON': jwtWithPayload('{exp: 1}'),
      'a JSON array': jwt([{ exp: 1 }]),
      'JSON null': jwt(null),
      'a JSON number': jwt(1767268800),
      'a JSON string': jwt('{"exp":1}'),
    };
    for (const [what, token] of Object.entries(payloads)) {
      expect(decodeToken(token), what).to.equal(null);
    }
  });
});

describe('decodeToken: what it tolerates', () => {
  it('reads base64url (- and _) without padding, and UTF-8 beyond ASCII', () => {
    // "ÿÿ>" encodes with "+" and "/" in plain base64, so its base64url has "-" and "_".
    const claims = { exp: 1767268800, operatorId: 'Ólafur ÿÿ> 🙂', organizationId: 3 };
    const token = jwt(claims);
    expect(token.split('.')[1]).to.match(/[-_]/);
    expect(decodeToken(token)).to.deep.equal({
      expiresAt: 1767268800_000,
      operatorId: 'Ólafur ÿÿ> 🙂',
      organizationId: '3',
      operatorName: null,
    });
  });

  it('ignores whitespace around the token and never reads the signature', () => {
    const token = jwt({ exp: 1767268800 });
    const [header, payload] = token.split('.');
    expect(decodeToken(`  ${token}\n`)?.expiresAt).to.equal(1767268800_000);
    expect(decodeToken(`${header}.${payload}.`)?.expiresAt).to.equal(1767268800_000);
    expect(decodeToken(`${header}.${payload}.not-a-signature!`)?.expiresAt).to.equal(1767268800_000);
  });
});
