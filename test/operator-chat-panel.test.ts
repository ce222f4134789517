import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import {
  clearRequests,
  createOrg,
  fakeJwt,
  issueToken,
  listChats,
  requests,
  customerMessage,
  setFaults,
  type TestOrg,
} from './support/reference-api.js';
import {
  chatRowsToWriteIn,
  mountPanel,
  openChatByClick,
  part,
  parts,
  typeInComposer,
  waitForPart,
} from './support/panel.js';
import { watchPageRequests } from './support/page-requests.js';
import { captureWarnings } from './support/console.js';
import { longWait, settled } from './support/waits.js';
import { FakeClock, runPanelOn } from './support/fake-clock.js';
import type { SeededOrg } from './support/seeded-chat.js';

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

describe('operator-chat-panel: session and configuration', () => {
  it('lists the chats the token may see, with per_page and ocp-ready', async () => {
    // Arrange
    const org = await createOrg();
    // Act
    const panel = await mountPanel({ token: org.token, 'base-url': location.origin });
    await oneEvent(panel, 'ocp-ready');
    // Assert
    const expected = await listChats(org, '&status=0&status=1&status=2&status=3');
    const rows = parts(panel, 'chat-item');
    expect(rows.length).to.equal(20);
    expect(rows.map((row) => row.dataset.chatId)).to.deep.equal(
      expected.items.slice(0, 20).map((chat) => String(chat.id)),
    );
    // The list's request (the unread total asks the same endpoint for one chat, at the same time).
    const list = (await requests(org)).find(
      (request) => request.path === '/api/chat/chats' && new URLSearchParams(request.search).get('per_page') !== '1',
    );
    expect(list?.search).to.contain('per_page=20');
    expect(list?.authorization).to.equal('bearer');
    expect(list?.tokenInUrl).to.equal(false);
  });

  it('shows sign-in required and fires ocp-token-invalid "missing" without a token', async () => {
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    const invalid = oneEvent(panel, 'ocp-token-invalid');
    document.body.append(panel);
    expect((await invalid).detail).to.deep.equal({ reason: 'missing' });
    await panel.updateComplete;
    expect(part(panel, 'banner')?.dataset.kind).to.equal('auth');
    expect(parts(panel, 'chat-item')).to.have.length(0);
    panel.remove();
  });

  it('treats an undecodable token as malformed and sends nothing', async () => {
    // Arrange: its calls would go to the default base-url (this origin) with a token no
    // organization owns, so no organization's log could hold them: watch every request instead.
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('token', 'not-a-jwt');
    const reasons: string[] = [];
    panel.addEventListener('ocp-token-invalid', (event) => reasons.push(event.detail.reason));
    const sent = watchPageRequests();
    // Act
    document.body.append(panel);
    await waitUntil(() => reasons.length > 0, 'ocp-token-invalid', longWait);
    await settled(panel);
    // Assert: a list request, had the panel sent one as it started, would have ended by now.
    expect(await sent.apiCalls(), 'chat API calls the page made').to.deep.equal([]);
    // A call of an earlier test's panel may still land now: it carries its organization's token.
    const received = (await sent.globalLog())
      .filter((request) => request.organizationId === null)
      .map((request) => `${request.method} ${request.path}${request.search}`);
    expect(received, 'calls the chat API received').to.deep.equal([]);
    expect(reasons).to.deep.equal(['malformed']);
    expect(part(panel, 'banner')?.dataset.kind).to.equal('auth');
    sent.stop();
    panel.remove();
  });

  it('never sends an expired token: expired banner and ocp-token-expired', async () => {
    const org = await createOrg();
    const { token } = await issueToken(org, -3600);
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('token', token);
    const expired = oneEvent(panel, 'ocp-token-expired');
    document.body.append(panel);
    const event = await expired;
    expect(Date.parse(event.detail.expiresAt)).to.be.below(Date.now());
    await panel.updateComplete;
    expect(part(panel, 'banner')?.dataset.kind).to.equal('expired');
    expect(await requests(org)).to.have.length(0);
    panel.remove();
  });

  it('fires ocp-token-expiring once when the token has under 60 s left', async () => {
    const token = fakeJwt({ exp: nowSeconds() + 45, operatorId: 1, organizationId: 999999 });
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('base-url', 'https://chat.invalid');
    panel.setAttribute('token', token);
    let count = 0;
    panel.addEventListener('ocp-token-expiring', () => (count += 1));
    document.body.append(panel);
    await waitUntil(() => count === 1, 'expiring fired', longWait);
    await settled(panel);
    expect(count).to.equal(1);
    panel.remove();
  });

  it('refuses a non-loopback http base-url with a config banner and sends nothing', async () => {
    // Arrange: its calls would go to chat.example.com, which neither this origin's API nor its
    // logs ever see: watch every request the page makes, to any host.
    const org = await createOrg();
    const sent = watchPageRequests();
    // Act
    const panel = await mountPanel({ token: org.token, 'base-url': 'http://chat.example.com' });
    await waitUntil(() => part(panel, 'banner')?.dataset.kind === 'config', 'the config banner', longWait);
    await settled(panel);
    // Assert: a request to that host would fail at once in the test browser: it would be seen.
    expect(await sent.apiCalls(), 'chat API calls the page made').to.deep.equal([]);
    sent.stop();
  });

  it('stops everything while base-url is changed to a refused one, and resumes when it is right again', async () => {
    // The panel's polls and retries run on a clock the test moves: ten poll intervals pass at once.
    const clock = new FakeClock(Date.now());
    const restoreClock = runPanelOn(clock);
    try {
      const org = await createOrg();
      const panel = await mountPanel({ token: org.token, 'base-url': location.origin, 'poll-interval': '1000' });
      await waitForPart(panel, 'chat-item');
      // Polling, once the list is in (each look moves the panel's time on by a poll interval).
      await waitUntil(
        async () => {
          await clock.advanceAsync(1000);
          return (await requests(org)).some((request) => request.path === '/api/chat/callback-events');
        },
        'polling',
        longWait,
      );
      panel.setAttribute('base-url', 'http://chat.example.com');
      await waitUntil(() => part(panel, 'banner')?.dataset.kind === 'config', 'the config banner', longWait);
      expect(parts(panel, 'chat-item')).to.have.length(0);
      // A request already under way ends.
      await waitUntil(
        async () => (await requests(org)).every((request) => request.status !== null),
        'answered',
        longWait,
      );
      // Calls to the refused host would never reach this origin's logs: watch every request.
      const sent = watchPageRequests();
      await clock.advanceAsync(10_000);
      window.dispatchEvent(new Event('online')); // what wakes a live panel at once
      await settled(panel);
      expect(await sent.apiCalls(), 'chat API calls the page made').to.deep.equal([]);
      sent.stop();
      panel.setAttribute('base-url', location.origin);
      await waitForPart(panel, 'chat-item');
      expect(part(panel, 'banner')).to.equal(null);
      panel.remove();
    } finally {
      restoreClock();
    }
  });

  it('warns once naming a bad optional attribute and keeps working with its default', async () => {
    const org = await createOrg();
    const { warnings, restore } = captureWarnings();
    try {
      const panel = await mountPanel({ token: org.token, 'per-page': 'lots', theme: 'purple' });
      await waitForPart(panel, 'chat-item');
      // The sentences come from a chunk of their own, a moment after the render.
      await waitUntil(() => warnings.some((warning) => warning.includes('theme')), 'the warnings', longWait);
      panel.setAttribute('poll-interval', '5000'); // the configuration is resolved again
      await settled(panel);
      expect(warnings.filter((warning) => warning.includes('per-page="lots" is not a whole number'))).to.have.length(1);
      expect(warnings.filter((warning) => warning.includes('theme'))).to.have.length(1);
      expect(parts(panel, 'chat-item')).to.have.length(20);
    } finally {
      restore();
    }
  });

  it('resumes without a reload when a new token is set after a rejection', async () => {
    const org = await createOrg();
    const [head, payload] = org.token.split('.');
    const panel = await mountPanel({ token: `${head}.${payload}.${'A'.repeat(43)}` }); // a bad signature
    await waitUntil(() => part(panel, 'banner')?.dataset.kind === 'auth', 'rejected banner', longWait);
    const { token } = await issueToken(org, 3600);
    panel.token = token;
    await waitForPart(panel, 'chat-item');
    expect(part(panel, 'banner')).to.equal(null);
  });
});

describe('operator-chat-panel: reading and answering', () => {
  let org: TestOrg;
  let panel: OperatorChatPanel;
  let chatId: number;

  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '0', events: 'off' });
    const [row] = await chatRowsToWriteIn(panel, org);
    chatId = Number(row.dataset.chatId);
  });

  /** The page reloaded: a new panel on the same chat, from what the browser kept. */
  async function reloaded(): Promise<OperatorChatPanel> {
    panel.remove();
    const again = await mountPanel({
      token: org.token,
      'poll-interval': '0',
      events: 'off',
      'chat-id': String(chatId),
    });
    await waitForPart(again, 'message');
    return again;
  }

  it('names each message’s author and status as the contract does, undocumented codes as unknown', async () => {
    // The seed's chats with a bot, a messenger account, author 4, status 10, a rejected message and notes
    const seeded = org as SeededOrg;
    const authors = ['operator', 'client', 'bot', 'account'];
    const statuses = [
      'new',
      'success',
      'rejected',
      'read',
      'unknown',
      'processing',
      'delivered',
      'blocked_by_user',
      'user_not_found',
    ];
    const { chats, messages: fixtures } = seeded.fixtures;
    const seen = new Set<string>();
    for (const chat of [chats.unknownEnums, chats.bot, chats.notes, chats.allMedia]) {
      panel.setAttribute('chat-id', String(chat));
      // What the service holds, read again until the rows agree: opening marks the customer's messages read.
      let served: Array<{ id: number; author: number; status: number }> = [];
      const row = (id: number) => parts(panel, 'message').find((element) => element.dataset.messageId === String(id));
      const agrees = (message: (typeof served)[number]) =>
        row(message.id)?.dataset.author === (authors[message.author] ?? 'unknown') &&
        row(message.id)?.dataset.status === (statuses[message.status] ?? 'unknown');
      await waitUntil(
        async () => {
          const answer = await fetch(`/api/chat/chats/${chat}/messages`, {
            headers: { Authorization: `Bearer ${org.token}` },
          });
          served = (await answer.json()) as typeof served;
          return served.length > 0 && served.every(agrees);
        },
        `the rows of chat ${chat} as the service has them`,
        { timeout: 8000, interval: 200 },
      ).catch(() => undefined); // the assertions below name what differs
      for (const message of served) {
        const author = authors[message.author] ?? 'unknown';
        const status = statuses[message.status] ?? 'unknown';
        expect(row(message.id)?.dataset.author, `author ${message.author} of message ${message.id}`).to.equal(author);
        expect(row(message.id)?.dataset.status, `status ${message.status} of message ${message.id}`).to.equal(status);
        seen.add(`${author}/${status}`);
      }
    }
    const byId = (id: number) => parts(panel, 'message').find((row) => row.dataset.messageId === String(id));
    panel.setAttribute('chat-id', String(chats.unknownEnums));
    await waitUntil(() => byId(fixtures.author4) && byId(fixtures.status10), 'the odd codes', longWait);
    expect(byId(fixtures.author4)!.dataset.author, 'author 4').to.equal('unknown');
    expect(byId(fixtures.status10)!.dataset.status, 'status 10').to.equal('unknown');
    expect(byId(fixtures.account)!.dataset.author, 'the messenger account').to.equal('account');
    expect(byId(fixtures.rejected)!.dataset.status, 'a rejected message').to.equal('rejected');
    expect(
      [...seen].some((pair) => pair.startsWith('bot/')),
      'a bot message',
    ).to.equal(true);
  });

  it('opens a chat: messages carry author, status and id, and client messages are marked read', async () => {
    const opened = oneEvent(panel, 'ocp-chat-open');
    await openChatByClick(panel, chatId);
    expect((await opened).detail).to.deep.equal({ chatId });
    const messages = parts(panel, 'message');
    for (const message of messages) {
      expect(message.dataset.messageId).to.match(/^\d+$/);
      expect(['operator', 'client', 'bot', 'account', 'unknown']).to.include(message.dataset.author);
      expect(message.dataset.status).to.match(/^[a-z_]+$/);
    }
    await waitUntil(
      async () => (await requests(org)).some((request) => request.path === '/api/chat/messages/status'),
      'read receipt sent',
      longWait,
    );
    const read = (await requests(org)).find((request) => request.path === '/api/chat/messages/status')!;
    expect((read.jsonBody as { status: number }).status).to.equal(3);
  });

  it('sends with Enter as SendChatMessageDTO and fires ocp-message-sent', async () => {
    await openChatByClick(panel, chatId);
    const input = part(panel, 'composer-input') as HTMLTextAreaElement;
    input.value = 'Hello from the test';
    input.dispatchEvent(new Event('input'));
    const sent = oneEvent(panel, 'ocp-message-sent');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const { detail } = await sent;
    expect(detail.chatId).to.equal(chatId);
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`,
    )!;
    expect(post.jsonBody).to.deep.include({ author: 0, textMessage: 'Hello from the test', isInternal: false });
    await waitUntil(() =>
      parts(panel, 'message').some((message) => message.dataset.messageId === String(detail.messageId)),
    );
  });

  it('keeps a failed send with Retry and Discard and never resends it unasked', async () => {
    await openChatByClick(panel, chatId);
    await setFaults(org, { fail500: 1, paths: '/message$' });
    await typeInComposer(panel, 'Will fail once');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const failed = await waitForPart(panel, 'message--failed');
    expect(failed[0].dataset.status).to.equal('failed');
    await settled(panel);
    const posts = () =>
      requests(org).then((list) =>
        list.filter((request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`),
      );
    expect(await posts()).to.have.length(1);
    failed[0].querySelector<HTMLButtonElement>('[data-action="retry"]')!.click();
    await waitUntil(() => parts(panel, 'message--failed').length === 0, 'retried', longWait);
    // The mark goes when the retry starts; the second POST reaches the server a moment later.
    await waitUntil(async () => (await posts()).length >= 2, 'the retry reached the service', longWait);
    expect(await posts()).to.have.length(2);
  });

  it('discards a failed send on Discard: gone from the conversation and never sent', async () => {
    // Arrange: a reply that failed
    await openChatByClick(panel, chatId);
    await setFaults(org, { fail500: 1, paths: '/message$' });
    await typeInComposer(panel, 'Wrong chat, do not send');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const failed = await waitForPart(panel, 'message--failed');

    // Act
    failed[0].querySelector<HTMLButtonElement>('[data-action="discard"]')!.click();

    // Assert: the row goes, nothing more is posted, and it does not come back after a reload
    await waitUntil(() => parts(panel, 'message--failed').length === 0, 'discarded', longWait);
    await settled(panel);
    const posts = (await requests(org)).filter(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`,
    );
    expect(posts, 'only the send that failed').to.have.length(1);
    const again = await reloaded();
    expect(
      parts(again, 'message').some((message) => message.textContent!.includes('Wrong chat, do not send')),
      'the discarded message after a reload',
    ).to.equal(false);
    again.remove();
  });

  it('clears the chat’s draft on a successful send: a reload finds the composer empty', async () => {
    // Arrange: a reply typed in the open chat
    await openChatByClick(panel, chatId);
    await typeInComposer(panel, 'Sent, so no longer a draft');
    const sent = oneEvent(panel, 'ocp-message-sent');

    // Act
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;

    // Assert
    const again = await reloaded();
    await waitForPart(again, 'composer-input');
    expect((part(again, 'composer-input') as HTMLTextAreaElement).value).to.equal('');
    again.remove();
  });

  it('sends an internal note marked as such', async () => {
    await openChatByClick(panel, chatId);
    (part(panel, 'note-toggle') as HTMLButtonElement).click();
    await panel.updateComplete;
    await typeInComposer(panel, 'Only for operators');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const { detail } = await sent;
    const note = await waitForPart(panel, 'message', (messages) =>
      messages.some((message) => message.dataset.messageId === String(detail.messageId)),
    );
    const element = note.find((message) => message.dataset.messageId === String(detail.messageId))!;
    expect(element.hasAttribute('data-internal')).to.equal(true);
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`,
    )!;
    expect((post.jsonBody as { isInternal: boolean }).isInternal).to.equal(true);
  });

  it('keeps the draft in sessionStorage across a remount', async () => {
    await openChatByClick(panel, chatId);
    const input = part(panel, 'composer-input') as HTMLTextAreaElement;
    input.value = 'half-written answer';
    input.dispatchEvent(new Event('input'));
    panel.remove();
    const again = await mountPanel({ token: org.token, 'chat-id': String(chatId), events: 'off' });
    await waitForPart(again, 'composer-input');
    expect((part(again, 'composer-input') as HTMLTextAreaElement).value).to.equal('half-written answer');
  });

  it('changes the chat status through the status select', async () => {
    await openChatByClick(panel, chatId);
    const select = part(panel, 'status-select') as HTMLSelectElement;
    select.value = '2';
    select.dispatchEvent(new Event('change'));
    await waitUntil(
      async () =>
        (await requests(org)).some((request) => request.method === 'PUT' && request.path === '/api/chat/status'),
      'the status sent',
      longWait,
    );
    const put = (await requests(org)).find((request) => request.path === '/api/chat/status')!;
    expect(put.jsonBody).to.deep.equal({ id: chatId, status: 2 });
  });

  it('deletes a chat only after confirmation', async () => {
    await openChatByClick(panel, chatId);
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__delete')!.click();
    const dialog = panel.shadowRoot!.querySelector<HTMLDialogElement>('.conversation__confirm')!;
    expect(dialog.open).to.equal(true);
    expect((await requests(org)).some((request) => request.method === 'DELETE')).to.equal(false);
    dialog.querySelector<HTMLButtonElement>('button[value="delete"]')!.click();
    await waitUntil(
      () => !parts(panel, 'chat-item').some((row) => row.dataset.chatId === String(chatId)),
      'row removed',
      longWait,
    );
    expect(
      (await requests(org)).some(
        (request) => request.method === 'DELETE' && request.path === `/api/chat/chats/${chatId}`,
      ),
    ).to.equal(true);
  });

  it('shows the offline banner while a read cannot reach the service, keeps the list, and recovers by itself', async () => {
    // Dropped until we say so: Chrome silently retries a GET whose reused connection dropped.
    await setFaults(org, { drop: 100000, paths: '/api/chat/chats$' });
    const before = parts(panel, 'chat-item').length;
    void panel.refresh();
    await waitUntil(
      () => parts(panel, 'banner').some((banner) => banner.dataset.kind === 'offline'),
      'the offline banner',
      longWait,
    );
    expect(parts(panel, 'banner').map((banner) => banner.dataset.kind)).to.not.include('error');
    expect(parts(panel, 'chat-item').length).to.equal(before);
    await setFaults(org, { drop: 0 });
    window.dispatchEvent(new Event('online')); // the browser says the network is back: read again now
    await waitUntil(() => parts(panel, 'banner').length === 0, 'read again', longWait);
    expect(parts(panel, 'chat-item').length).to.equal(before);
  });
});

describe('operator-chat-panel: a read of the list that fails', () => {
  // Every status: the list's answer carries the unread total, so a refresh asks /chats once. With
  // the default statuses the total is asked of the same path at the same time, and whichever
  // request came first took the fault (the total's failure is silent by design).
  const everyStatus = '0,1,2,3,4';

  it('says the service fails (not that the connection is lost) while a read answers 500, and recovers by itself', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off', status: everyStatus });
    await waitForPart(panel, 'chat-item');
    await setFaults(org, { fail500: 1, paths: '/api/chat/chats$' });
    const before = parts(panel, 'chat-item').length;
    const error = oneEvent(panel, 'ocp-error');
    void panel.refresh();
    const { detail } = await error;
    expect(detail.status).to.equal(500);
    expect(detail.message, 'a message a page can log').to.be.a('string').and.not.equal('');
    await panel.updateComplete;
    const banners = parts(panel, 'banner');
    expect(banners.map((banner) => banner.dataset.kind)).to.deep.equal(['error']);
    expect(banners[0].textContent).to.match(/retrying/i);
    expect(banners[0].textContent).to.not.match(/connection/i);
    expect(parts(panel, 'chat-item').length).to.equal(before);
    await waitUntil(() => parts(panel, 'banner').length === 0, 'retried after backoff', longWait);
    expect(parts(panel, 'chat-item').length).to.equal(before);
  });

  it('keeps reading the list while the service answers 429, with no banner, and catches up', async () => {
    // The retries' waits run on a clock the test moves: three 429s in a row are waited out at once.
    const clock = new FakeClock(Date.now());
    const restoreClock = runPanelOn(clock);
    try {
      // Arrange: a customer writes while every read of the list is refused with 429 for a while
      const org = await createOrg();
      const panel = await mountPanel({ token: org.token, events: 'off', status: everyStatus });
      await waitForPart(panel, 'chat-item');
      const chatId = Number(parts(panel, 'chat-item').at(-1)!.dataset.chatId);
      await setFaults(org, { fail429: 3, retryAfter: null, paths: '/api/chat/chats$' });
      const banners = new Set<string>();
      const seeBanners = new MutationObserver(() => {
        for (const banner of parts(panel, 'banner')) banners.add(banner.dataset.kind ?? '');
      });
      seeBanners.observe(panel.shadowRoot!, { subtree: true, childList: true, attributes: true });
      await customerMessage(org, { chatId, text: 'Is anyone reading this?' });

      // Act
      void panel.refresh();
      await clock.passWaitsUntil(() => parts(panel, 'chat-item')[0]?.dataset.chatId === String(chatId));

      // Assert: the list caught up by itself after doubling waits, with no banner at any time
      seeBanners.disconnect();
      expect(parts(panel, 'chat-item')[0].textContent).to.contain('Is anyone reading this?');
      expect([...banners], 'a 429 is waited out: no banner at any time').to.deep.equal([]);
      const waits = clock.waits.filter((ms) => ms >= 250);
      expect(waits.length, `three waits out of ${clock.waits.join(', ')}`).to.be.at.least(3);
      panel.remove();
    } finally {
      restoreClock();
    }
  });

  it('shows an error banner for an answer that is not JSON and keeps what is on screen', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off', status: everyStatus });
    await waitForPart(panel, 'chat-item');
    const before = parts(panel, 'chat-item').map((row) => row.dataset.chatId);
    await clearRequests(org);
    await setFaults(org, { malformed: 1, paths: '/api/chat/chats$' });
    const error = oneEvent(panel, 'ocp-error');
    void panel.refresh();
    const { detail } = await error;
    expect(detail.code).to.equal('malformed');
    expect(detail.message, 'a message a page can log').to.be.a('string').and.not.equal('');
    await panel.updateComplete;
    expect(parts(panel, 'banner').map((banner) => banner.dataset.kind)).to.include('error');
    expect(parts(panel, 'chat-item').map((row) => row.dataset.chatId)).to.deep.equal(before);
    const reads = (await requests(org)).filter((request) => request.path === '/api/chat/chats');
    expect(reads, 'one read of the list, which took the malformed answer').to.have.length(1);
  });
});
