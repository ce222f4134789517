/**
 * Privacy and trust (issue 16, items 1 to 4): a reply to an internal note stays internal; a token
 * that runs out mid-session is expired (not "rejected"), sends nothing past its end and keeps what
 * was on screen; the open chat keeps its header whatever the list shows; the unread total is the
 * whole inbox's, whatever the search or filter.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import {
  createOrg,
  customerMessage,
  issueToken,
  listChats,
  rawMessages,
  requests,
  setFaults,
  type TestOrg,
} from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, seenInPanel, typeInComposer, waitForPart } from './support/panel.js';
import { longWait, settled } from './support/waits.js';
import { FakeClock, runPanelOn } from './support/fake-clock.js';
import { expiryMarginMs } from '../src/core/session/jwt.js';

interface SeededOrg extends TestOrg {
  fixtures: { chats: Record<string, number>; messages: Record<string, number> };
}

function header(panel: OperatorChatPanel): { name: string; channel: string; status: string | null } {
  const root = panel.shadowRoot!;
  return {
    name: root.querySelector('.conversation__name')?.textContent?.trim() ?? '',
    channel: root.querySelector('.conversation__channel')?.textContent?.trim() ?? '',
    status: (part(panel, 'status-select') as HTMLSelectElement | null)?.value ?? null,
  };
}

/** Types a search; the list asks once typing pauses: callers wait for the rows it leaves. */
function search(panel: OperatorChatPanel, text: string): void {
  const input = part(panel, 'search-input') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
}

/**
 * After a 401 the screen stays: the banner of `kind` shows, and behind it the list and the open
 * chat, read-only and dimmed.
 */
function expectKeptBehind(panel: OperatorChatPanel, kind: string): void {
  const banner = part(panel, 'banner')!;
  expect(banner.dataset.kind).to.equal(kind);
  expect(seenInPanel(panel, banner)).to.equal(true);
  expect(parts(panel, 'chat-item').some((row) => seenInPanel(panel, row))).to.equal(true);
  expect(parts(panel, 'message').some((message) => seenInPanel(panel, message))).to.equal(true);
  expect(getComputedStyle(panel.shadowRoot!.querySelector('.panel__panes')!).filter).to.contain('grayscale');
  expect((part(panel, 'composer-input') as HTMLTextAreaElement).readOnly).to.equal(true);
  expect((part(panel, 'send-button') as HTMLButtonElement).disabled).to.equal(true);
  expect((part(panel, 'search-input') as HTMLInputElement).disabled).to.equal(true);
}

describe('operator-chat-panel: privacy and trust', function () {
  it('makes a reply to an internal note a note, visibly, and sends it as one', async () => {
    const org = (await createOrg()) as SeededOrg;
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, org.fixtures.chats.notes);
    const note = parts(panel, 'message').find((message) => message.hasAttribute('data-internal'))!;
    const reply = Array.from(note.querySelectorAll('button')).find((button) => button.textContent!.trim() === 'Reply')!;
    reply.click();
    await waitUntil(() => part(panel, 'note-toggle')!.getAttribute('aria-pressed') === 'true', 'note mode', longWait);
    expect(part(panel, 'composer')!.getAttribute('part')).to.contain('composer--note');
    expect(panel.shadowRoot!.querySelector('.composer__reply-label')!.textContent).to.match(/internal note/i);
    await typeInComposer(panel, 'Agreed, check the warehouse first');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path.endsWith('/message'),
    )!;
    expect(post.jsonBody).to.deep.include({ isInternal: true, replyToMessageId: Number(note.dataset.messageId) });
  });

  it('drops the reply target, visibly, when a reply to a note is switched to the customer: the note is never quoted', async () => {
    const org = (await createOrg()) as SeededOrg;
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, org.fixtures.chats.notes);
    const note = parts(panel, 'message').find((message) => message.hasAttribute('data-internal'))!;
    Array.from(note.querySelectorAll('button'))
      .find((button) => button.textContent!.trim() === 'Reply')!
      .click();
    await waitUntil(() => part(panel, 'note-toggle')!.getAttribute('aria-pressed') === 'true', 'note mode', longWait);
    part(panel, 'note-toggle')!.click();
    await waitUntil(
      () => part(panel, 'note-toggle')!.getAttribute('aria-pressed') === 'false',
      'customer mode',
      longWait,
    );
    const root = panel.shadowRoot!;
    await waitUntil(() => root.querySelector('.composer__reply') === null, 'the reply target gone', longWait);
    const notice = root.querySelector<HTMLElement>('.composer__notice');
    expect(notice?.textContent?.trim()).to.equal("Reply removed: customers can't see notes");
    expect(notice!.getAttribute('role')).to.equal('status');
    expect(seenInPanel(panel, notice)).to.equal(true);
    // Back to note mode does not bring the target back either: it was dropped, not hidden.
    part(panel, 'note-toggle')!.click();
    await waitUntil(
      () => part(panel, 'note-toggle')!.getAttribute('aria-pressed') === 'true',
      'note mode again',
      longWait,
    );
    expect(root.querySelector('.composer__reply')).to.equal(null);
    part(panel, 'note-toggle')!.click();
    await typeInComposer(panel, 'For you, about our note');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path.endsWith('/message'),
    )!;
    expect(post.jsonBody).to.deep.include({ isInternal: false, replyToMessageId: null });
    // The service quotes nothing: the message it stored replies to nothing.
    const stored = await rawMessages(org, org.fixtures.chats.notes);
    const mine = stored.find((message) => message.message === 'For you, about our note')!;
    expect(mine.replyTo ?? null).to.equal(null);
  });

  it('never sends a customer message kept in the outbox as a reply to a note, also on Retry after a reload', async () => {
    const org = (await createOrg()) as SeededOrg;
    const noteId = org.fixtures.messages.note;
    // An outbox an earlier version kept: a customer-visible message that replies to the note.
    sessionStorage.setItem(
      `ocp:outbox:${org.organizationId}:${org.operatorId}`,
      JSON.stringify([
        {
          localId: 'local-kept-1',
          chatId: org.fixtures.chats.notes,
          message: { text: 'About that', isInternal: false, replyToMessageId: noteId },
          replyTo: { id: noteId, text: 'Internal: check stock', author: 0 },
          state: 'failed',
          error: null,
          createdAt: Date.now() - 60000,
        },
      ]),
    );
    // The chat's messages are held back: Retry is pressed before they say which message is a note.
    await setFaults(org, { hold: true, paths: '/messages$' });
    const panel = await mountPanel({ token: org.token, events: 'off' });
    try {
      (
        await waitForPart(panel, 'chat-item', (rows) =>
          rows.some((row) => row.dataset.chatId === String(org.fixtures.chats.notes)),
        )
      )
        .find((row) => row.dataset.chatId === String(org.fixtures.chats.notes))!
        .click();
      const retry = () =>
        panel.shadowRoot!.querySelector<HTMLButtonElement>('[data-local-id="local-kept-1"] [data-action="retry"]');
      await waitUntil(retry, 'the kept message with Retry', longWait);
      const sent = oneEvent(panel, 'ocp-message-sent');
      expect(parts(panel, 'message').filter((message) => message.dataset.messageId)).to.have.length(0);
      retry()!.click();
      await setFaults(org, { hold: false });
      await sent;
      const post = (await requests(org)).find(
        (request) => request.method === 'POST' && request.path.endsWith('/message'),
      )!;
      expect(post.jsonBody).to.deep.include({ textMessage: 'About that', isInternal: false, replyToMessageId: null });
    } finally {
      panel.remove();
      sessionStorage.clear();
    }
  });

  it('expires a token that runs out mid-session before its end: expired, not rejected, nothing lost', async () => {
    // The panel's token clock, polls and retries run on a clock the test moves (its timers then
    // say what would happen in those seconds); the service keeps real time, where the token lasts.
    const clock = new FakeClock(Date.now());
    const restoreClock = runPanelOn(clock);
    try {
      const org = (await createOrg()) as SeededOrg;
      const { token, expiresAt } = await issueToken(org, 9); // the panel stops using it 5 s before its end
      const stopsAt = Date.parse(expiresAt) - expiryMarginMs;
      const panel = await mountPanel({ token, 'poll-interval': '1000' });
      const invalid: string[] = [];
      panel.addEventListener('ocp-token-invalid', (event) => invalid.push(event.detail.reason));
      await openChatByClick(panel, org.fixtures.chats.bot);
      await typeInComposer(panel, 'A draft I will not lose');
      const expiring = oneEvent(panel, 'ocp-token-expired');
      await clock.advanceAsync(stopsAt - clock.now() - 1);
      expect(part(panel, 'banner'), 'still in use 5 s and more before its end').to.equal(null);
      await clock.advanceAsync(1);
      const expired = await expiring;
      // What the page starts from now on (a request sent just before the end may still be on its way
      // to the service's log, so the page's own record says when each one started).
      const expiredAt = performance.now();
      const startedSince: string[] = [];
      const watch = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name.includes('/api/') && entry.startTime >= expiredAt) startedSince.push(entry.name);
      });
      watch.observe({ type: 'resource' });
      expect(expired.detail.expiresAt).to.equal(expiresAt);
      await panel.updateComplete;
      expect(part(panel, 'banner')!.dataset.kind).to.equal('expired');
      // Its requests under way answered; then a minute of the panel's time past the token's end,
      // and the network coming back, which wakes a live panel at once.
      await waitUntil(
        async () => (await requests(org)).every((request) => request.status !== null),
        'answered',
        longWait,
      );
      await clock.advanceAsync(60_000);
      window.dispatchEvent(new Event('online'));
      await settled(panel);
      expect(invalid).to.deep.equal([]);
      const log = await requests(org);
      watch.disconnect();
      expect(log.filter((request) => request.status === 401)).to.deep.equal([]);
      expect(startedSince, 'requests after the token expired').to.deep.equal([]);
      // What was on screen stays, read-only and dimmed.
      expect(parts(panel, 'chat-item').length).to.be.above(0);
      expect(parts(panel, 'message').length).to.be.above(0);
      expect(getComputedStyle(panel.shadowRoot!.querySelector('.panel__panes')!).filter).to.contain('grayscale');
      const input = part(panel, 'composer-input') as HTMLTextAreaElement;
      expect(input.value).to.equal('A draft I will not lose');
      expect(input.readOnly).to.equal(true);
      expect((part(panel, 'send-button') as HTMLButtonElement).disabled).to.equal(true);
      // A new token resumes.
      panel.setAttribute('token', org.token);
      await waitUntil(
        () => !parts(panel, 'banner').some((banner) => banner.dataset.kind === 'expired'),
        'resumed',
        longWait,
      );
      await waitUntil(
        () => !(part(panel, 'composer-input') as HTMLTextAreaElement).readOnly,
        'composer usable',
        longWait,
      );
    } finally {
      restoreClock();
    }
  });

  it('takes a 401 near the token’s end for the token running out (the service’s clock is ahead)', async () => {
    const org = await createOrg();
    const { token } = await issueToken(org, 25); // within the 30 s skew of its end
    const panel = await mountPanel({ token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const invalid: string[] = [];
    panel.addEventListener('ocp-token-invalid', (event) => invalid.push(event.detail.reason));
    const expired = oneEvent(panel, 'ocp-token-expired');
    await setFaults(org, { expireToken: true }); // the service now answers 401
    await expired;
    // The banner comes with the panel's next render, which the event does not wait for.
    await waitUntil(() => part(panel, 'banner')?.dataset.kind === 'expired', 'the expired banner', longWait);
    expect(invalid).to.deep.equal([]);
  });

  it('takes a 401 that says the token expired for expiry, long before its end, and keeps the screen', async () => {
    const org = (await createOrg()) as SeededOrg;
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' }); // valid for an hour
    const invalid: string[] = [];
    panel.addEventListener('ocp-token-invalid', (event) => invalid.push(event.detail.reason));
    await openChatByClick(panel, org.fixtures.chats.bot);
    await typeInComposer(panel, 'Half a reply');
    const expired = oneEvent(panel, 'ocp-token-expired');
    await setFaults(org, { expireToken: true }); // 401 {"message":"Token expired"}, WWW-Authenticate too
    const { detail } = await expired;
    expect(Date.parse(detail.expiresAt)).to.be.closeTo(Date.now(), 15000);
    await panel.updateComplete;
    expect(invalid).to.deep.equal([]);
    expectKeptBehind(panel, 'expired');
    // A new token resumes.
    const renewed = await issueToken(org, 3600);
    panel.token = renewed.token;
    await waitUntil(() => parts(panel, 'banner').length === 0, 'resumed', longWait);
    await waitUntil(
      () => !(part(panel, 'composer-input') as HTMLTextAreaElement).readOnly,
      'composer usable',
      longWait,
    );
    expect((part(panel, 'composer-input') as HTMLTextAreaElement).value).to.equal('Half a reply');
  });

  it('keeps the list and the open chat on screen, read-only and dimmed, after a 401 that rejects the token', async () => {
    const org = (await createOrg()) as SeededOrg;
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, org.fixtures.chats.bot);
    const reasons: string[] = [];
    panel.addEventListener('ocp-token-invalid', (event) => reasons.push(event.detail.reason));
    // The page renews the token with one the service refuses (a bad signature).
    const [head, payload] = org.token.split('.');
    panel.token = `${head}.${payload}.${'A'.repeat(43)}`;
    await waitUntil(() => reasons.length > 0, 'ocp-token-invalid', longWait);
    expect(reasons).to.deep.equal(['rejected']);
    await panel.updateComplete;
    expectKeptBehind(panel, 'auth');
    panel.token = org.token;
    await waitUntil(() => parts(panel, 'banner').length === 0, 'resumed', longWait);
    expect(getComputedStyle(panel.shadowRoot!.querySelector('.panel__panes')!).filter).to.equal('none');
  });

  describe('the open chat keeps its header', () => {
    it('while a search leaves it out of the list', async () => {
      const org = (await createOrg()) as SeededOrg;
      const panel = await mountPanel({ token: org.token, events: 'off' });
      await openChatByClick(panel, org.fixtures.chats.bot);
      const before = header(panel);
      expect(before.name).to.not.match(/^Chat \d+/);
      search(panel, 'zzz-nobody-matches');
      await waitUntil(() => parts(panel, 'chat-item').length === 0, 'the list empty', longWait);
      expect(header(panel)).to.deep.equal(before);
    });

    it('after it is closed under "Active chats"', async () => {
      const org = (await createOrg()) as SeededOrg;
      const panel = await mountPanel({ token: org.token, events: 'off' });
      await openChatByClick(panel, org.fixtures.chats.bot);
      const select = part(panel, 'status-select') as HTMLSelectElement;
      select.value = '4';
      select.dispatchEvent(new Event('change'));
      await waitUntil(
        async () => (await requests(org)).some((request) => request.path === '/api/chat/status'),
        'set',
        longWait,
      );
      await panel.refresh();
      await waitUntil(
        () => !parts(panel, 'chat-item').some((row) => row.dataset.chatId === String(org.fixtures.chats.bot)),
        'the closed chat gone from the active list',
        longWait,
      );
      expect(header(panel).status).to.equal('4');
      expect(header(panel).name).to.not.match(/^Chat \d+/);
    });

    it('for a chat-id beyond the first page of the list, and in floating mode', async () => {
      const org = (await createOrg()) as SeededOrg;
      const all = await listChats(org, '&status=0&status=1&status=2&status=3');
      const far = all.items[all.items.length - 1] as { id: number; client: { name: string } };
      const panel = await mountPanel({ token: org.token, events: 'off', 'per-page': '5', 'chat-id': String(far.id) });
      await waitUntil(() => header(panel).name === far.client.name, `the header of chat ${far.id}`, longWait);
      expect(parts(panel, 'chat-item').some((row) => row.dataset.chatId === String(far.id))).to.equal(false);
      expect(header(panel).status).to.not.equal(null);
      panel.setAttribute('mode', 'floating');
      // The launcher's code is a chunk of its own, loaded once the mode is floating.
      (await waitForPart(panel, 'launcher'))[0].click();
      await waitUntil(() => header(panel).name === far.client.name, 'the header in the popup', longWait);
    });
  });

  it('keeps the unread total of the whole inbox while searching, and counts news of chats the search hides', async () => {
    const org = (await createOrg()) as SeededOrg;
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const whole = await listChats(org);
    const badge = () => Number(part(panel, 'unread-badge')?.textContent?.trim() ?? 0);
    await waitUntil(() => badge() === whole.newMessagesCount, 'the badge shows the whole inbox', longWait);
    const totals: number[] = [];
    panel.addEventListener('ocp-unread-change', (event) => totals.push(event.detail.total));
    search(panel, 'Anna');
    await waitUntil(
      () => parts(panel, 'chat-item').length > 0 && parts(panel, 'chat-item').length < 5,
      'searched',
      longWait,
    );
    expect(badge()).to.equal(whole.newMessagesCount);
    // A customer of a chat the search hides writes: the total counts it, the list does not grow.
    const hidden = org.fixtures.chats.bot;
    const rows = parts(panel, 'chat-item').length;
    await customerMessage(org, { chatId: hidden, text: 'Still there?' });
    await waitUntil(() => badge() === whole.newMessagesCount + 1, 'the total counts the hidden chat', longWait);
    expect(parts(panel, 'chat-item').length).to.equal(rows);
    expect(totals).to.deep.equal([whole.newMessagesCount + 1]);
  });
});
