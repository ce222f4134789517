import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import {
  createOrg,
  customerMessage,
  queuedEvents,
  requests,
  setFaults,
  type TestOrg,
} from './support/reference-api.js';
import { chatRowsToWriteIn, mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { longWait, settled } from './support/waits.js';

async function control(org: TestOrg, path: string, body: unknown): Promise<void> {
  await fetch(`/__control/orgs/${org.organizationId}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('operator-chat-panel: live updates on screen', () => {
  let org: TestOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
  });

  it('shows a customer message in the open chat within a poll interval and fires ocp-message-received', async () => {
    const chatId = Number(parts(panel, 'chat-item')[2].dataset.chatId);
    await openChatByClick(panel, chatId);
    const received = oneEvent(panel, 'ocp-message-received');
    const created = await customerMessage(org, { chatId, text: 'Live hello' });
    expect((await received).detail).to.deep.equal({ chatId, messageId: created.id });
    const shown = await waitForPart(panel, 'message', (messages) =>
      messages.some((message) => message.dataset.messageId === String(created.id)),
    );
    expect(shown.filter((message) => message.dataset.messageId === String(created.id))).to.have.length(1);
  });

  /**
   * When a message matching `shown` first showed in the panel (a MutationObserver, watching from
   * this call on: call it before what brings the message), and the first animation frame after
   * that: the frame that paints it.
   */
  function shownAt(shown: (message: HTMLElement) => boolean): Promise<{ insertedAt: number; frameAt: number }> {
    const root = panel.shadowRoot!;
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!parts(panel, 'message').some(shown)) return;
        observer.disconnect();
        const insertedAt = performance.now();
        requestAnimationFrame(() => resolve({ insertedAt, frameAt: performance.now() }));
      });
      observer.observe(root, { subtree: true, childList: true });
    });
  }

  /** When the first request to `path` started after `since`, by Resource Timing. */
  async function requestStartedAfter(path: string, since: number): Promise<number> {
    let started: number | undefined;
    await waitUntil(
      () =>
        (started = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
          (entry) => entry.name.includes(path) && entry.startTime > since,
        )?.startTime) !== undefined,
      `a request to ${path}`,
      longWait,
    );
    return started!;
  }

  it("shows a chat's messages before it marks them read, and a polled page before it acknowledges it", async () => {
    const unreadRow = (await chatRowsToWriteIn(panel, org, 3)).find((row) =>
      row.getAttribute('part')!.includes('chat-item--unread'),
    )!;
    const chatId = Number(unreadRow.dataset.chatId);
    const opened = shownAt(() => true);
    const clickedAt = performance.now();
    unreadRow.click();
    expect(await requestStartedAfter('/api/chat/messages/status', clickedAt)).to.be.at.least((await opened).frameAt);

    // Watched before the message is made: on a busy machine the poll can bring it before the
    // control call that makes it has answered.
    const shown = shownAt((message) => message.textContent!.includes('Seen, then acknowledged'));
    await customerMessage(org, { chatId, text: 'Seen, then acknowledged' });
    const live = await shown;
    // The poll that brought it: the last one answered before it showed.
    const poll = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.includes('/api/chat/callback-events?') && entry.responseEnd <= live.insertedAt)
      .at(-1)!;
    expect(await requestStartedAfter('/api/chat/callback-events/processed', poll.responseEnd)).to.be.at.least(
      live.frameAt,
    );
  });

  it('moves the row of a chat that got a message to the top with its unread count', async () => {
    const rows = parts(panel, 'chat-item');
    const last = rows[rows.length - 1];
    const chatId = Number(last.dataset.chatId);
    const unreadChange = oneEvent(panel, 'ocp-unread-change');
    await customerMessage(org, { chatId, text: 'Me first' });
    await waitUntil(() => parts(panel, 'chat-item')[0].dataset.chatId === String(chatId), 'row moved to the top', {
      timeout: 8000,
    });
    const top = parts(panel, 'chat-item')[0];
    expect(top.textContent).to.contain('Me first');
    expect(top.getAttribute('part')).to.contain('chat-item--unread');
    expect((await unreadChange).detail.total).to.be.a('number');
  });

  it('shows each message once when events are duplicated and reordered', async () => {
    const chatId = Number((await chatRowsToWriteIn(panel, org))[0].dataset.chatId);
    await openChatByClick(panel, chatId);
    await setFaults(org, { duplicateEvents: true, reorderEvents: true });
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push((await customerMessage(org, { chatId, text: `burst ${index}` })).id);
    await waitUntil(
      () => ids.every((id) => parts(panel, 'message').some((message) => message.dataset.messageId === String(id))),
      'all shown',
      longWait,
    );
    // Each acknowledged event comes back once, a second later; the queue shows it until it is consumed.
    await waitUntil(async () => (await queuedEvents(org)).length === 0, 'the redeliveries consumed', longWait);
    await settled(panel);
    for (const id of ids) {
      expect(parts(panel, 'message').filter((message) => message.dataset.messageId === String(id))).to.have.length(1);
    }
  });

  it('says the service has a problem while marking the open chat read fails, and marks it once it answers', async () => {
    // Arrange: a chat open, and the service refusing to mark messages read
    const chatId = Number(parts(panel, 'chat-item')[2].dataset.chatId);
    await openChatByClick(panel, chatId);
    await setFaults(org, { fail500: 1000, paths: '/api/chat/messages/status$' });
    const markings = async (id: number) =>
      (await requests(org)).filter(
        (request) =>
          request.path === '/api/chat/messages/status' &&
          (request.jsonBody as { messageIds: number[] }).messageIds.includes(id),
      );

    // Act: a customer writes into the open chat, which the panel marks read
    const created = await customerMessage(org, { chatId, text: 'Still there?' });
    await waitUntil(async () => (await markings(created.id)).length > 0, 'marking the message read', longWait);

    // Assert: the banner says the panel retries, with nothing for the operator to dismiss
    await waitUntil(() => parts(panel, 'banner').length > 0, 'a banner', longWait);
    const shown = parts(panel, 'banner').map((banner) => ({
      kind: banner.dataset.kind,
      text: banner.textContent!.trim(),
      dismiss: banner.querySelector('button') !== null,
    }));
    expect(shown).to.deep.equal([{ kind: 'error', text: 'The chat service has a problem. Retrying…', dismiss: false }]);

    // The service answers again; the next reconciliation (refresh-interval, the page shown again,
    // the network back) marks the message read, and the banner goes.
    await setFaults(org, { fail500: 0 });
    await panel.refresh();
    await waitUntil(
      async () => (await markings(created.id)).some((request) => request.status === 200),
      'the message marked read',
      longWait,
    );
    await waitUntil(() => parts(panel, 'banner').length === 0, 'no banner left', longWait);
  });

  it('shows the typing indicator and ends it', async () => {
    const chatId = Number((await chatRowsToWriteIn(panel, org))[0].dataset.chatId);
    await openChatByClick(panel, chatId);
    await control(org, 'typing', { chatId });
    await waitForPart(panel, 'typing-indicator');
    await control(org, 'typing', { chatId, end: true });
    await waitUntil(() => part(panel, 'typing-indicator') === null, 'typing ended', longWait);
  });

  // That no timer of it is left to send one later is counted in test-hosts/lifecycle.test.js,
  // whose page keeps a count of its real timers.
  it('stops every request when the element is removed, and wakes for nothing', async () => {
    await waitUntil(
      async () => (await requests(org)).some((request) => request.path === '/api/chat/callback-events'),
      'polling started',
      longWait,
    );
    panel.remove();
    // Its requests under way answered or dropped: what the log holds from here on is new.
    await waitUntil(
      async () => (await requests(org)).every((request) => request.status !== null),
      'answered',
      longWait,
    );
    const before = (await requests(org)).length;
    // What wakes a live panel at once (contract §5): the network back, the page shown again.
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settled();
    expect((await requests(org)).slice(before)).to.deep.equal([]);
  });
});
