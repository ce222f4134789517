/**
 * How the client reads answers that are not what the spec says (contract §8: a malformed answer
 * shows an error and keeps what is on screen), against the reference chat API on this origin.
 */
import { expect } from '@open-wc/testing';
import { ApiError, saysTokenExpired } from '../../../src/core/api/api-error.js';
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { clearRequests, createOrg, requests, setFaults } from '../../support/reference-api.js';

const query = { page: 1, perPage: 20, statuses: [0, 1, 2, 3] };

async function thrownBy(act: () => Promise<unknown>): Promise<unknown> {
  try {
    await act();
  } catch (error) {
    return error;
  }
  return null;
}

describe('ChatApi: malformed answers', () => {
  it('takes an answer that is not JSON for a malformed one, with its HTTP status', async () => {
    // Arrange: the next chat list answers 200 with a truncated body.
    const org = await createOrg();
    await setFaults(org, { malformed: 1, paths: '/api/chat/chats$' });
    const api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token });
    // Act
    const error = await thrownBy(() => api.listChats(query));
    // Assert
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ code: 'malformed', status: 200, retryable: false });
    expect((await api.listChats(query)).items).to.have.length(20); // the next answer is read again
  });
});

describe('ChatApi: the chat list query', () => {
  it('sends the triage filters as the spec names them: isUnread, operatorId, starMark, source', async () => {
    const org = await createOrg();
    await clearRequests(org);
    const api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token });
    await api.listChats({ ...query, isUnread: true, operatorId: String(org.operatorId), starred: true, source: 0 });
    await api.listChats(query);
    const [filtered, plain] = (await requests(org)).map((request) => new URLSearchParams(request.search));
    expect(filtered.get('isUnread')).to.equal('true');
    expect(filtered.get('operatorId')).to.equal(String(org.operatorId));
    expect(filtered.get('starMark')).to.equal('true');
    expect(filtered.get('source')).to.equal('0');
    expect(filtered.get('per_page')).to.equal('20');
    for (const name of ['isUnread', 'operatorId', 'starMark', 'source']) expect(plain.has(name), name).to.equal(false);
  });
});

describe('ChatApi: a 401 says whether the token expired or was refused', () => {
  it('reads expiry from the answer of the reference API (body message and WWW-Authenticate)', async () => {
    const org = await createOrg();
    await setFaults(org, { expireToken: true });
    const api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token });
    const expired = await thrownBy(() => api.listChats(query));
    expect(expired).to.include({ code: 'unauthorized', status: 401, tokenExpired: true });
    const [head, payload] = org.token.split('.');
    const forged = new ChatApi({ baseUrl: location.origin, getToken: () => `${head}.${payload}.${'A'.repeat(43)}` });
    expect(await thrownBy(() => forged.listChats(query))).to.include({ code: 'unauthorized', tokenExpired: false });
  });

  it('finds expiry in WWW-Authenticate, in a JSON body or in a plain-text body, and nowhere else', () => {
    const bearer = (description: string) =>
      `Bearer realm="chat", error="invalid_token", error_description="${description}"`;
    expect(saysTokenExpired(bearer('The access token expired'), '')).to.equal(true);
    expect(saysTokenExpired(bearer('Signature invalid'), '')).to.equal(false);
    expect(saysTokenExpired(null, '{"message":"Token expired"}')).to.equal(true);
    expect(saysTokenExpired(null, '{"error":"invalid_token","error_description":"token has expired"}')).to.equal(true);
    expect(saysTokenExpired(null, '{"title":"Unauthorized","detail":"JWT expiration passed"}')).to.equal(true);
    expect(saysTokenExpired(null, 'Token expired')).to.equal(true);
    expect(saysTokenExpired(null, '{"message":"Invalid token"}')).to.equal(false);
    expect(saysTokenExpired(null, '{"message":{"text":"expired"}}')).to.equal(false);
    expect(saysTokenExpired(null, '')).to.equal(false);
    expect(saysTokenExpired(null, '<html>expired?</html>')).to.equal(true);
    expect(saysTokenExpired('Basic', '{"message":"Unexpiring tokens are refused"}')).to.equal(false);
  });
});
