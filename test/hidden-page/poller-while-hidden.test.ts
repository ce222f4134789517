/**
 * A really hidden page: this file runs in its own wtr group whose Chromium keeps its background
 * behaviour (no --disable-background-timer-throttling and friends), and the page is hidden by
 * minimizing its window over CDP (scripts/page-visibility-plugin.mjs). So `visibilityState`,
 * `visibilitychange` and timer throttling all come from the browser, not from a stub.
 * Run alone with: npx wtr --config web-test-runner.config.mjs --group hidden-page
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createOrg, customerMessage, requests, type TestOrg } from '../support/reference-api.js';
import { setPageHidden } from '../support/page-visibility.js';
import { mountPanel, parts, waitForPart } from '../support/panel.js';

async function polls(org: TestOrg) {
  return (await requests(org)).filter(
    (request) => request.method === 'GET' && request.path === '/api/chat/callback-events',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live updates in a hidden page (real Chromium background behaviour)', () => {
  afterEach(async () => {
    if (document.visibilityState === 'hidden') await setPageHidden(false);
  });

  it('polls slower while the page is hidden and catches up at once when it is shown', async function () {
    // Arrange: a panel polling every second, seen polling at that pace
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    await waitUntil(async () => (await polls(org)).length >= 3, 'polling at the visible pace', { timeout: 15000 });
    const chatId = Number(parts(panel, 'chat-item')[4].dataset.chatId);

    // Act: the operator switches away; a customer writes meanwhile
    await setPageHidden(true);
    const whenHidden = (await polls(org)).length;
    const created = await customerMessage(org, { chatId, text: 'Written while you were away' });
    // Time itself is what this tests: real seconds in a really hidden page, whose browser throttles
    // its timers, against a hidden interval of 30 s (its own rule is tested on a fake clock in
    // test/core/live/event-poller.test.ts). This group runs beside the others, so it costs no core.
    await sleep(8000);

    // Assert: at most the round already scheduled before hiding went out (the hidden interval is 30 s)
    expect((await polls(org)).length - whenHidden, 'polls while hidden for 8 s').to.be.at.most(1);

    // Act: the operator comes back
    const beforeVisible = (await polls(org)).length;
    await setPageHidden(false);

    // Assert: a poll at once, long before the hidden interval would have run one, and the message is in
    await waitUntil(async () => (await polls(org)).length > beforeVisible, 'a catch-up poll', { timeout: 10000 });
    await waitUntil(
      () => parts(panel, 'chat-item')[0]?.dataset.chatId === String(chatId),
      'the chat with the new message on top',
      { timeout: 10000 },
    );
    expect(parts(panel, 'chat-item')[0].textContent).to.contain('Written while you were away');
    expect(created.chatId).to.equal(chatId);
  });

  it('refetches the list and the open chat when the page becomes visible again, with no queue to poll', async function () {
    // Arrange: events off (the periodic refresh a minute away), a chat open
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await waitForPart(panel, 'chat-item');
    const openChatId = Number(parts(panel, 'chat-item')[0].dataset.chatId);
    const otherChatId = Number(parts(panel, 'chat-item')[3].dataset.chatId);
    parts(panel, 'chat-item')[0].click();
    await waitForPart(panel, 'message');

    // Act: the operator switches away; the customers write meanwhile; the operator comes back
    await setPageHidden(true);
    const inOpen = await customerMessage(org, { chatId: openChatId, text: 'Are you still there?' });
    await customerMessage(org, { chatId: otherChatId, text: 'Back in stock?' });
    const reads = async (path: string) =>
      (await requests(org)).filter((request) => request.method === 'GET' && request.path === path).length;
    const listReads = await reads('/api/chat/chats');
    const messageReads = await reads(`/api/chat/chats/${openChatId}/messages`);
    await setPageHidden(false);

    // Assert: both read again, and what the customers wrote shows
    await waitUntil(
      () => parts(panel, 'message').some((message) => message.dataset.messageId === String(inOpen.id)),
      'the open chat’s new message',
      { timeout: 10000 },
    );
    await waitUntil(
      () => parts(panel, 'chat-item').some((row) => row.textContent!.includes('Back in stock?')),
      'the other chat’s new message in its row',
      { timeout: 10000 },
    );
    expect(await reads('/api/chat/chats'), 'the list read again').to.be.above(listReads);
    expect(await reads(`/api/chat/chats/${openChatId}/messages`), 'the open chat read again').to.be.above(messageReads);
  });
});
