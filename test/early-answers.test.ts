/**
 * The script tag asks the chat API for the first list while the panel's code loads (contract §1,
 * src/early-answers.ts). It asks only where it can tell the panel would ask the same, sends the
 * token as the panel would, and each answer is taken once, for the same URL and token.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { EarlyAnswers, ReadAnswer } from '../src/core/api/chat-api.js';
import { askEarly, earlyAnswersKey } from '../src/early-answers.js';
import { checkServiceUrl } from '../src/panel/config.js';
import { earlyAnswersKey as panelKey } from '../src/panel/script-tag-handover.js';
import { parts } from './support/panel.js';
import { createOrg, requests, type TestOrg } from './support/reference-api.js';

const scriptUrl = `${location.origin}/operator-chat-panel/widget-script.js`;
const listUrl = `${location.origin}/api/chat/chats?page=1&per_page=20&status=0&status=1&status=2&status=3`;
const totalUrl = `${location.origin}/api/chat/chats?page=1&per_page=1`;

function tag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

/** A JWT-shaped token (unsigned: only its payload matters here). */
function tokenWith(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

async function chatRequests(org: TestOrg): Promise<string[]> {
  return (await requests(org)).filter((logged) => logged.path === '/api/chat/chats').map((logged) => logged.search);
}

describe('early answers: the first list asked by the script tag', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('hands the panel its answers under the key the panel reads', () => {
    expect(earlyAnswersKey).to.equal(panelKey);
  });

  it('asks page 1 and the unread total once each, with the token, and gives each answer once', async () => {
    const early = askEarly(tag({ token: org.token }), scriptUrl);
    expect(early, 'asked').to.not.equal(null);
    const authorization = `Bearer ${org.token}`;
    expect(early!.take(listUrl, 'Bearer another-token'), 'another token').to.equal(null);
    const list = early!.take(listUrl, authorization);
    expect(list, 'the list page').to.not.equal(null);
    expect(early!.take(listUrl, authorization), 'taken twice').to.equal(null);
    const answer = await list!;
    expect(answer.status).to.equal(200);
    expect((JSON.parse(answer.text) as { items: unknown[] }).items.length).to.be.greaterThan(0);
    expect(answer.header('Content-Type')).to.match(/json/);
    expect(await early!.take(totalUrl, authorization)!.then((response) => response.status)).to.equal(200);
    expect((await chatRequests(org)).sort()).to.deep.equal(
      ['?page=1&per_page=20&status=0&status=1&status=2&status=3', '?page=1&per_page=1'].sort(),
    );
  });

  it('asks nothing where the panel would ask something else, or nothing', async () => {
    const soon = Math.floor(Date.now() / 1000) + 30;
    const cases: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['a token that is no JWT', { token: 'not-a-jwt' }],
      ['a token that expires within a minute', { token: tokenWith({ exp: soon, operatorId: 1 }) }],
      ['a token without exp', { token: tokenWith({ operatorId: 1 }) }],
      ['base-url of another origin', { token: org.token, 'base-url': 'https://chat.example.com' }],
      ['base-url over plain http elsewhere', { token: org.token, 'base-url': 'http://chat.example.com' }],
      ['a status filter', { token: org.token, status: 'closed' }],
      ['a channel', { token: org.token, source: '3' }],
      ['an account', { token: org.token, 'entity-id': '100' }],
      ['a page size', { token: org.token, 'per-page': '50' }],
    ];
    for (const [what, attributes] of cases) expect(askEarly(tag(attributes), scriptUrl), what).to.equal(null);
    sessionStorage.setItem(
      'ocp:list-triage:1:2',
      JSON.stringify({ unread: true, mine: false, starred: false, channel: null }),
    );
    expect(askEarly(tag({ token: org.token }), scriptUrl), 'a triage toggle remembered').to.equal(null);
    expect(await chatRequests(org)).to.deep.equal([]);
  });

  it('never sends the token in clear: a script served over http from another machine asks nothing', () => {
    // The panel would refuse that origin as its base-url (contract §3); the tag must not send first.
    const origins = [
      'http://shop.example.com',
      'http://10.0.0.5:8080',
      'http://localhost.example.com',
      'http://127.0.0.1:9',
      'http://app.localhost:9',
      'https://chat.example.invalid',
    ];
    for (const origin of origins) {
      const asked = askEarly(tag({ token: org.token }), `${origin}/operator-chat-panel/widget-script.js`) !== null;
      expect(asked, origin).to.equal('url' in checkServiceUrl(origin));
    }
    expect(askEarly(tag({ token: org.token }), 'http://shop.example.com/widget-script.js'), 'plain http').to.equal(
      null,
    );
  });

  it('takes base-url written as the script’s own origin as the default', () => {
    expect(askEarly(tag({ token: org.token, 'base-url': `${location.origin}/` }), scriptUrl)).to.not.equal(null);
  });

  it('gives nothing once the answers are stale: the panel asks again', () => {
    const early = askEarly(tag({ token: org.token }), scriptUrl, Date.now() - 60_000);
    // Asked "a minute ago" with a token that still has its hour: too old to be the first list now.
    expect(early!.take(listUrl, `Bearer ${org.token}`)).to.equal(null);
  });

  it('lets a panel mounted once the answers are in show its rows in its first frame, asking nothing again', async () => {
    const authorization = `Bearer ${org.token}`;
    const asked = askEarly(tag({ token: org.token }), scriptUrl)!;
    // Both answers read whole, as they are when the panel's code arrives after them on a slow network.
    const answers = new Map<string, ReadAnswer>();
    for (const url of [listUrl, totalUrl]) answers.set(url, await asked.take(url, authorization)!);
    const early: EarlyAnswers = {
      take(url, sent) {
        const answer = sent === authorization ? answers.get(url) : undefined;
        answers.delete(url);
        return answer ? Promise.resolve(answer) : null;
      },
    };
    const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
    const panel = document.createElement('operator-chat-panel');
    panel.setAttribute('token', org.token);
    panel.setAttribute('events', 'off');
    panel.style.height = '600px';
    Object.defineProperty(panel, earlyAnswersKey, { value: early, configurable: true });
    wrapper.append(panel);
    // The first frame after the panel joined the page: what it paints is what the operator sees first.
    await new Promise(requestAnimationFrame);
    const rows = parts(panel, 'chat-item');
    expect(rows.length, 'rows in the first frame').to.be.greaterThan(0);
    const box = panel.getBoundingClientRect();
    const first = rows[0].getBoundingClientRect();
    expect(first.height, 'the first row has a size').to.be.greaterThan(0);
    expect(first.top >= box.top && first.bottom <= box.bottom, 'the first row inside the panel').to.equal(true);
    expect(answers.size, 'both answers taken').to.equal(0);
    expect((await chatRequests(org)).length, 'nothing asked again').to.equal(2);
  });
});
