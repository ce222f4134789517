/**
 * Contract §2 and §5 on the real panel against the reference API: `poll-interval="0"` never polls
 * the event queue; `events="off"` never touches the queue and keeps the list current by refetching
 * it every `refresh-interval`; `events="observe"` polls but never acknowledges (another consumer
 * owns the queue); the list and the open chat are refetched when the network comes back.
 *
 * When the page becomes visible again is not here: really hiding the page (its window minimized
 * over CDP, support/page-visibility.ts) works only in the hidden-page group (test/hidden-page/).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import {
  clearRequests,
  createOrg,
  customerMessage,
  queuedEvents,
  requests,
  type LoggedRequest,
  type TestOrg,
} from './support/reference-api.js';
import { mountPanel, openChatByClick, parts, waitForPart } from './support/panel.js';
import { watchPageRequests } from './support/page-requests.js';
import { longWait, settled } from './support/waits.js';
import { FakeClock, runPanelOn } from './support/fake-clock.js';

function calls(log: LoggedRequest[], method: string, path: string | RegExp): LoggedRequest[] {
  return log.filter(
    (request) =>
      request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
  );
}

const polls = async (org: TestOrg) => calls(await requests(org), 'GET', '/api/chat/callback-events');
const acknowledgements = async (org: TestOrg) =>
  calls(await requests(org), 'POST', '/api/chat/callback-events/processed');
const listReads = async (org: TestOrg) => calls(await requests(org), 'GET', '/api/chat/chats');

function row(panel: OperatorChatPanel, chatId: number): HTMLElement | undefined {
  return parts(panel, 'chat-item').find((item) => item.dataset.chatId === String(chatId));
}

function shownMessage(panel: OperatorChatPanel, messageId: number): HTMLElement | undefined {
  return parts(panel, 'message').find((message) => message.dataset.messageId === String(messageId));
}

/** A chat of the list that is not on top, so a new message visibly moves it. */
function lastChatId(panel: OperatorChatPanel): number {
  const rows = parts(panel, 'chat-item');
  return Number(rows[rows.length - 1].dataset.chatId);
}

describe('operator-chat-panel: live modes on screen', function () {
  let org: TestOrg;

  beforeEach(async () => {
    org = await createOrg();
  });

  it('poll-interval="0": shows the list and never polls the event queue', async () => {
    // The panel's polls run on a clock the test moves: a minute of them passes at once.
    const clock = new FakeClock(Date.now());
    const restoreClock = runPanelOn(clock);
    try {
      // Arrange: a panel told not to poll, its list on screen
      const panel = await mountPanel({ token: org.token, 'poll-interval': '0' });
      await waitForPart(panel, 'chat-item');

      // Act: the network comes back, which wakes a live panel at once (and the list is read again:
      // the panel is up and running by then); then a minute of the panel's time passes
      window.dispatchEvent(new Event('online'));
      await waitUntil(async () => (await listReads(org)).length >= 2, 'the list read again', longWait);
      await clock.advanceAsync(60_000);
      await settled(panel);
      await waitUntil(
        async () => (await requests(org)).every((request) => request.status !== null),
        'answered',
        longWait,
      );

      // Assert: the list is still there, read from the service, and the queue was never asked
      expect(parts(panel, 'chat-item')).to.not.be.empty;
      expect(await polls(org)).to.be.empty;
    } finally {
      restoreClock();
    }
  });

  it('events="off": never touches the event queue, yet a customer message reaches the list through the periodic refresh', async () => {
    // Arrange: no queue access, a refresh every second; every request the page makes is watched
    const watched = watchPageRequests();
    const panel = await mountPanel({ token: org.token, events: 'off', 'refresh-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const chatId = lastChatId(panel);

    // Act: time passes, twice a refresh interval
    // Assert: the list is read again each time
    for (const round of ['first', 'second']) {
      await clearRequests(org);
      await waitUntil(async () => (await listReads(org)).length > 0, `the ${round} refetch of the list`, longWait);
    }

    // Act: a customer writes in a chat low in the list
    await customerMessage(org, { chatId, text: 'Heard without polling' });

    // Assert: its row comes to the top with the message, and the queue was never asked or acknowledged
    await waitUntil(
      () => parts(panel, 'chat-item')[0]?.dataset.chatId === String(chatId),
      'the chat with the new message on top',
      longWait,
    );
    expect(row(panel, chatId)!.textContent).to.contain('Heard without polling');
    const queueCalls = (await watched.apiCalls()).filter((url) => url.includes('/api/chat/callback-events'));
    watched.stop();
    expect(queueCalls, 'requests to the event queue').to.be.empty;
  });

  it('events="observe": shows a customer message live in the open chat and leaves it in the queue for its owner', async () => {
    // Arrange: an observing panel polling every second, a chat open
    const panel = await mountPanel({ token: org.token, events: 'observe', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const chatId = Number(parts(panel, 'chat-item')[2].dataset.chatId);
    await openChatByClick(panel, chatId);

    // Act: the customer writes
    const created = await customerMessage(org, { chatId, text: 'Observed, not taken' });

    // Assert: the message shows in the open chat (the refresh interval is a minute: it came by polling)
    await waitUntil(() => shownMessage(panel, created.id), 'the new message in the open chat', longWait);
    const pollsWhenShown = (await polls(org)).length;
    expect(pollsWhenShown).to.be.greaterThan(0);
    // A consuming panel acknowledges a page before it polls again: wait for the next poll.
    await waitUntil(async () => (await polls(org)).length > pollsWhenShown, 'the next poll', longWait);
    expect(await acknowledgements(org), 'acknowledgements sent').to.be.empty;
    const queued = (await queuedEvents(org)).filter((event) => event.MessageId === created.id);
    expect(queued.map((event) => event.callback_type).sort(), 'its events still queued').to.deep.equal(['11', '3']);
  });

  it('when the network comes back: refetches the list and the open chat, showing what changed meanwhile', async () => {
    // Arrange: no queue (so only a refetch can bring news), the default refresh a minute away, a chat open
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await waitForPart(panel, 'chat-item');
    const openId = Number(parts(panel, 'chat-item')[2].dataset.chatId);
    await openChatByClick(panel, openId);
    const otherId = lastChatId(panel);
    const inOpen = await customerMessage(org, { chatId: openId, text: 'Sent while you were offline' });
    await customerMessage(org, { chatId: otherId, text: 'Me too, while offline' });
    await settled(panel);
    expect(shownMessage(panel, inOpen.id), 'nothing brings it before the network is back').to.equal(undefined);
    await clearRequests(org);

    // Act: the browser says the network is back
    window.dispatchEvent(new Event('online'));

    // Assert: the open chat shows the message, the other chat's row shows its own, both read again
    await waitUntil(() => shownMessage(panel, inOpen.id), 'the new message in the open chat', longWait);
    await waitUntil(
      () => row(panel, otherId)?.textContent?.includes('Me too, while offline'),
      "the other chat's row with its new message",
      longWait,
    );
    const log = await requests(org);
    expect(calls(log, 'GET', '/api/chat/chats'), 'the list read again').to.not.be.empty;
    expect(calls(log, 'GET', `/api/chat/chats/${openId}/messages`), 'the open chat read again').to.not.be.empty;
  });
});
