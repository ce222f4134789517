/**
 * The script tag asks the chat API for the panel's first questions while the panel's code loads
 * (contract §1, src/boot/early-answers.ts). It asks them as the panel would (the same
 * configuration, token rule, filter and query builders), sends the token as the panel would, and
 * each answer is taken once, for the same URL and token: a panel handed the answers asks nothing
 * again, whatever its attributes.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { askEarly, freshForMs } from '../../src/boot/early-answers.js';
import { handOver } from '../../src/boot/handover.js';
import { checkServiceUrl } from '../../src/panel/config.js';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import '../../src/operator-chat-panel.js';
import { parts } from '../support/panel.js';
import { createOrg, fakeJwt, requests, type TestOrg } from '../support/reference-api.js';
import { scriptTag, scriptUrl } from '../support/script-tag.js';
import { longWait } from '../support/waits.js';

const listUrl = `${location.origin}/api/chat/chats?page=1&per_page=20&status=0&status=1&status=2&status=3`;
const totalUrl = `${location.origin}/api/chat/chats?page=1&per_page=1`;

async function listRequests(org: TestOrg): Promise<string[]> {
  return (await requests(org)).filter((logged) => logged.path === '/api/chat/chats').map((logged) => logged.search);
}

describe('early answers: the first questions asked by the script tag', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('asks page 1 and the unread total once each, with the token, and gives each answer once', async () => {
    const early = askEarly(scriptTag({ token: org.token }), scriptUrl);
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
    const total = early!.take(totalUrl, authorization)!;
    expect((await total).status).to.equal(200);
    expect(early!.arrived(totalUrl, authorization), 'taken: nothing left to find').to.equal(null);
    expect((await listRequests(org)).sort()).to.deep.equal(
      ['?page=1&per_page=20&status=0&status=1&status=2&status=3', '?page=1&per_page=1'].sort(),
    );
  });

  it('says when an answer has come without taking it', async () => {
    const early = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
    const authorization = `Bearer ${org.token}`;
    await early.list;
    const arrived = early.arrived(listUrl, authorization);
    expect(arrived?.status).to.equal(200);
    expect(early.arrived(listUrl, 'Bearer another-token'), 'another token').to.equal(null);
    expect(await early.take(listUrl, authorization), 'still there to take').to.equal(arrived);
  });

  it('asks nothing where the panel would send nothing', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const cases: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['a token that is no JWT', { token: 'not-a-jwt' }],
      ['an expired token', { token: fakeJwt({ exp: past, operatorId: 1, organizationId: 1 }) }],
      ['base-url that is no URL', { token: org.token, 'base-url': 'chat.example' }],
      ['base-url over plain http elsewhere', { token: org.token, 'base-url': 'http://chat.example.com' }],
    ];
    for (const [what, attributes] of cases) expect(askEarly(scriptTag(attributes), scriptUrl), what).to.equal(null);
    expect(await listRequests(org)).to.deep.equal([]);
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
      const asked =
        askEarly(scriptTag({ token: org.token }), `${origin}/operator-chat-panel/widget-script.js`) !== null;
      expect(asked, origin).to.equal('url' in checkServiceUrl(origin));
    }
  });

  it('gives nothing once the answers are stale, unless the first screen shows them', async () => {
    const authorization = `Bearer ${org.token}`;
    const early = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
    await early.list;
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + freshForMs + 1000;
      expect(early.take(listUrl, authorization), 'stale: the panel asks again').to.equal(null);
      const shown = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
      Date.now = realNow;
      await shown.list;
      shown.shown();
      Date.now = () => realNow() + freshForMs + 1000;
      expect(shown.take(listUrl, authorization), 'on the first screen: taken whatever its age').to.not.equal(null);
    } finally {
      Date.now = realNow;
    }
  });

  describe('a panel handed the answers asks nothing again, whatever its attributes', () => {
    // The triage left on, as sessionStorage keeps it, and what the early list question then asks.
    const cases: Array<[string, Record<string, string>, Record<string, unknown> | null, string | null]> = [
      ['the defaults', {}, null, null],
      ['a status filter', { status: 'closed,new' }, null, null],
      ['a channel and an account', { source: '0', 'entity-id': '100' }, null, null],
      ['a page size', { 'per-page': '7' }, null, null],
      ['base-url written as the script’s own origin', { 'base-url': `${location.origin}/` }, null, null],
      ['the triage left on', {}, { unread: true, mine: true, starred: false, channel: 1 }, null],
      ['a triage kept before there were tags', {}, { unread: true, mine: false, starred: false, channel: null }, null],
      [
        'a tag choice left on',
        {},
        {
          unread: false,
          mine: false,
          starred: true,
          channel: null,
          tags: [
            { id: 7, name: 'Returning' },
            { id: 1, name: 'VIP' },
          ],
        },
        'starMark=true&tagIds=7&tagIds=1',
      ],
    ];
    for (const [what, attributes, triage, asks] of cases)
      it(what, async () => {
        if (triage)
          sessionStorage.setItem(`ocp:list-triage:${org.organizationId}:${org.operatorId}`, JSON.stringify(triage));
        const all = { token: org.token, events: 'off', ...attributes };
        const early = askEarly(scriptTag(all), scriptUrl)!;
        expect(early, 'asked').to.not.equal(null);
        await Promise.all([early.list, early.unreadTotal]);
        const asked = (await listRequests(org)).length;
        if (asks)
          expect(await listRequests(org), 'the early list question').to.include(
            `?page=1&per_page=20&status=0&status=1&status=2&status=3&${asks}`,
          );
        const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
        const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
        for (const [name, value] of Object.entries(all)) panel.setAttribute(name, value);
        panel.style.height = '600px';
        handOver(panel, { answers: early, drawn: false, chosenChatId: null, drawing: null, filter: null });
        wrapper.append(panel);
        await panel.updateComplete;
        await waitUntil(
          () => parts(panel, 'chat-item').length > 0 || panel.shadowRoot!.textContent!.includes('No chats'),
          'the list',
          longWait,
        );
        // Its first render held what the answer said: no request of its own for the same questions.
        expect(await listRequests(org), 'asked once, by the script tag').to.have.length(asked);
        panel.remove();
      });
  });
});
