/**
 * Waiting time (issue 29.4, contract §4 "Waiting time"): a row whose last message is the
 * customer's, in a chat that is not closed, shows how long they have waited (`wait-time`, a
 * `<time datetime>`), marked `data-overdue` past `wait-alert` minutes; the open chat's header shows
 * the same. Times come from the reference API's seed-chat (`minutesAgo`), never from sleeping.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, seedChat, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, waitForPart } from './support/panel.js';
import { captureWarnings } from './support/console.js';
import { longWait } from './support/waits.js';

function row(panel: OperatorChatPanel, chatId: number): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>(`[part~="chat-item"][data-chat-id="${chatId}"]`);
}

function waitTimeOf(panel: OperatorChatPanel, chatId: number): HTMLTimeElement | null {
  return row(panel, chatId)?.querySelector<HTMLTimeElement>('[part~="wait-time"]') ?? null;
}

/** The chats the tests read: customers who waited 12 and 5 minutes, one answered, one closed. */
async function seedWaits(org: TestOrg) {
  const long = await seedChat(org, {
    name: 'Long Wait',
    messages: [
      { text: 'Hello?', minutesAgo: 14 },
      { text: 'Is anyone there?', minutesAgo: 12 },
    ],
  });
  const short = await seedChat(org, { name: 'Short Wait', messages: [{ text: 'Quick question', minutesAgo: 5 }] });
  const answered = await seedChat(org, {
    name: 'Answered',
    messages: [
      { text: 'Where is my parcel?', minutesAgo: 30 },
      { text: 'On its way!', author: 'operator', minutesAgo: 20 },
    ],
  });
  const closed = await seedChat(org, { name: 'Closed', status: 4, messages: [{ text: 'Bye', minutesAgo: 40 }] });
  return { long, short, answered, closed };
}

describe('operator-chat-panel: waiting time', function () {
  let org: TestOrg;
  let panel: OperatorChatPanel | undefined;

  beforeEach(async () => {
    org = await createOrg('empty');
  });

  afterEach(() => panel?.remove());

  it('shows how long the customer waited, from their last message, and none where the operator answered or the chat is closed', async () => {
    const { long, short, answered, closed } = await seedWaits(org);
    panel = await mountPanel({ token: org.token, status: 'new,open,waiting,onpause,closed' });
    await waitForPart(panel, 'chat-item', (rows) => rows.length === 4);

    const longTime = waitTimeOf(panel, long.chat.id)!;
    expect(longTime, 'the waiting customer shows a wait').to.exist;
    expect(longTime.tagName).to.equal('TIME');
    expect(longTime.dateTime).to.equal(long.chat.timeLastMess);
    expect(longTime.textContent).to.equal('12 min');
    expect(waitTimeOf(panel, short.chat.id)!.textContent).to.equal('5 min');
    expect(waitTimeOf(panel, answered.chat.id), 'the operator answered last').to.equal(null);
    expect(row(panel, closed.chat.id), 'the closed chat is listed').to.exist;
    expect(waitTimeOf(panel, closed.chat.id), 'a closed chat waits for nobody').to.equal(null);
  });

  it('marks a wait past wait-alert minutes as overdue (default 10), and none with wait-alert="0"', async () => {
    const { long, short } = await seedWaits(org);
    panel = await mountPanel({ token: org.token });
    await waitForPart(panel, 'wait-time', (times) => times.length === 2);
    expect(waitTimeOf(panel, long.chat.id)!.hasAttribute('data-overdue'), '12 min > 10').to.equal(true);
    expect(waitTimeOf(panel, short.chat.id)!.hasAttribute('data-overdue'), '5 min < 10').to.equal(false);
    const overdue = getComputedStyle(waitTimeOf(panel, long.chat.id)!);
    const calm = getComputedStyle(waitTimeOf(panel, short.chat.id)!);
    expect(overdue.backgroundColor, 'visibly stronger').to.not.equal(calm.backgroundColor);

    panel.setAttribute('wait-alert', '3');
    await panel.updateComplete;
    expect(waitTimeOf(panel, short.chat.id)!.hasAttribute('data-overdue'), '5 min > 3').to.equal(true);

    panel.setAttribute('wait-alert', '0');
    await panel.updateComplete;
    expect(waitTimeOf(panel, long.chat.id)!.textContent, 'the wait still shows').to.equal('12 min');
    expect(panel.shadowRoot!.querySelectorAll('[part~="wait-time"][data-overdue]').length).to.equal(0);
  });

  it('warns of an invalid wait-alert and keeps the default', async () => {
    const { long, short } = await seedWaits(org);
    const console = captureWarnings();
    try {
      panel = await mountPanel({ token: org.token, 'wait-alert': 'soon' });
      await waitForPart(panel, 'wait-time', (times) => times.length === 2);
    } finally {
      console.restore();
    }
    expect(console.warnings.filter((warning) => warning.includes('wait-alert'))).to.have.length(1);
    expect(waitTimeOf(panel, long.chat.id)!.hasAttribute('data-overdue')).to.equal(true);
    expect(waitTimeOf(panel, short.chat.id)!.hasAttribute('data-overdue')).to.equal(false);
  });

  it('keeps the waits current as minutes pass without rendering the list again', async () => {
    const { short } = await seedWaits(org);
    panel = await mountPanel({ token: org.token, 'poll-interval': '0' });
    await waitForPart(panel, 'wait-time', (times) => times.length === 2);
    const list = panel.shadowRoot!.querySelector('ocp-chat-list')!;
    let renders = 0;
    list.addController({ hostUpdated: () => (renders += 1) });
    const time = waitTimeOf(panel, short.chat.id)!;
    expect(time.textContent).to.equal('5 min');

    // Six minutes later by the page's clock: the next refresh (here: the page shows again) moves it.
    const realNow = Date.now;
    Date.now = () => realNow.call(Date) + 6 * 60_000;
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Date.now = realNow;
    }
    expect(time.textContent).to.equal('11 min');
    expect(time.hasAttribute('data-overdue'), 'now past 10 minutes').to.equal(true);
    expect(waitTimeOf(panel, short.chat.id), 'the same element, updated in place').to.equal(time);
    expect(renders, 'the list did not render').to.equal(0);
  });

  it("shows the open chat's wait in its header, and none for a chat the operator answered", async () => {
    const { long, answered } = await seedWaits(org);
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, long.chat.id);
    const header = (await waitForPart(panel, 'conversation-header'))[0];
    await waitUntil(() => header.querySelector('[part~="wait-time"]'), 'the header shows the wait', longWait);
    const time = header.querySelector<HTMLTimeElement>('[part~="wait-time"]')!;
    expect(time.dateTime).to.equal(long.chat.timeLastMess);
    expect(time.textContent).to.equal('12 min');
    expect(time.hasAttribute('data-overdue')).to.equal(true);

    await openChatByClick(panel, answered.chat.id);
    await waitUntil(
      () => part(panel!, 'conversation-header')?.textContent?.includes('Answered'),
      'the other chat',
      longWait,
    );
    expect(part(panel, 'conversation-header')!.querySelector('[part~="wait-time"]')).to.equal(null);
  });
});
