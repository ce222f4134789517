/**
 * Waiting time (issue 29.4, contract §4 "Waiting time"): a row whose customer wrote and got no
 * customer-visible answer, in a chat that is not closed, shows how long they have waited
 * (`wait-time`, a `<time datetime>`), marked `data-overdue` past `wait-alert` minutes; the open
 * chat's header shows the same. An internal note answers nobody (issue 52.1). Times come from the
 * reference API's seed-chat (`minutesAgo`), never from sleeping.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, rawMessages, seedChat, type TestOrg } from './support/reference-api.js';
import {
  chatRow as row,
  mountPanel,
  openChatByClick,
  part,
  rowLastLine as lastLine,
  sendFromComposer,
  shownWait,
  waitForPart,
} from './support/panel.js';
import { captureWarnings } from './support/console.js';
import { longWait } from './support/waits.js';

function waitTimeOf(panel: OperatorChatPanel, chatId: number): HTMLTimeElement | null {
  return row(panel, chatId)?.querySelector<HTMLTimeElement>('[part~="wait-time"]') ?? null;
}

function headerWait(panel: OperatorChatPanel): HTMLTimeElement | null {
  return part(panel, 'conversation-header')?.querySelector<HTMLTimeElement>('[part~="wait-time"]') ?? null;
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

  it("shows how long the customer waited, from the last message of the chat's record, and none where the operator answered or the chat is closed", async () => {
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
    // The panel holds the chat's messages now: the wait counts from the first of the two customer
    // messages nobody answered (the list alone knew only the last one).
    const [first] = await rawMessages(org, long.chat.id);
    expect(time.dateTime).to.equal(new Date(first.dateMs as number).toISOString());
    expect(time.textContent).to.equal('14 min');
    await waitUntil(
      () => waitTimeOf(panel!, long.chat.id)?.textContent === '14 min',
      'the row says the same',
      longWait,
    );
    expect(time.hasAttribute('data-overdue')).to.equal(true);

    await openChatByClick(panel, answered.chat.id);
    await waitUntil(
      () => part(panel!, 'conversation-header')?.textContent?.includes('Answered'),
      'the other chat',
      longWait,
    );
    expect(part(panel, 'conversation-header')!.querySelector('[part~="wait-time"]')).to.equal(null);
  });

  // Issue 52.1: a note answers nobody.
  it('keeps the wait, and its overdue mark, when the operator adds only a note; an answer to the customer ends it', async () => {
    const { chat } = await seedChat(org, {
      name: 'Needs help',
      messages: [{ text: 'My card was charged twice', minutesAgo: 12 }],
    });
    const other = await seedChat(org, { name: 'Someone else', messages: [{ text: 'Hi', minutesAgo: 1 }] });
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await openChatByClick(panel, chat.id);
    await waitUntil(() => headerWait(panel!), 'the header shows the wait', longWait);
    expect(shownWait(panel, headerWait(panel))).to.equal('12 min overdue');

    await sendFromComposer(panel, 'Asked billing to check the double charge', 'note');
    await waitUntil(() => lastLine(panel!, chat.id).startsWith('Note:'), 'the row shows the note', longWait);
    // The note's own event comes back from the queue: it changes nothing either.
    await waitUntil(async () => (await rawMessages(org, chat.id)).length === 2, 'the note stored', longWait);
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'the row').to.equal('12 min overdue');
    expect(shownWait(panel, headerWait(panel)), 'the header').to.equal('12 min overdue');

    // What the service says of the chat (its last message: the note) does not undo it.
    await panel.refresh();
    await panel.updateComplete;
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'the row after a refresh').to.equal('12 min overdue');
    await openChatByClick(panel, other.chat.id);
    await openChatByClick(panel, chat.id);
    await waitUntil(() => headerWait(panel!), 'the header shows the wait again', longWait);
    expect(shownWait(panel, headerWait(panel)), 'the header, opened again').to.equal('12 min overdue');

    await sendFromComposer(panel, 'We refunded the second charge', 'customer');
    await waitUntil(() => lastLine(panel!, chat.id) === 'You: We refunded the second charge', 'the answer', longWait);
    expect(waitTimeOf(panel, chat.id), 'an answer ends the wait in the row').to.equal(null);
    expect(headerWait(panel), 'and in the header').to.equal(null);
  });

  it("shows the wait of a chat whose last message is a note after the customer's, from the first unanswered message", async () => {
    const { chat } = await seedChat(org, {
      name: 'Quiet customer',
      read: true,
      messages: [
        { text: 'Where is parcel 77?', minutesAgo: 15 },
        { text: 'Hello?', minutesAgo: 13 },
        { author: 'operator', isInternal: true, text: 'Lost in transit, asked the courier', minutesAgo: 5 },
      ],
    });
    const other = await seedChat(org, { name: 'Someone else', read: true, messages: [{ text: 'Hi', minutesAgo: 1 }] });
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item', (rows) => rows.length === 2);
    // The list knows only the service's record, whose last message (the note) looks like an answer.
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'the record alone').to.equal('none');

    await openChatByClick(panel, chat.id);
    await waitUntil(() => headerWait(panel!), 'the header shows the wait', longWait);
    expect(shownWait(panel, headerWait(panel)), 'the header').to.equal('15 min overdue');
    await openChatByClick(panel, other.chat.id);
    await waitUntil(() => lastLine(panel!, chat.id).startsWith('Note:'), 'the row shows its note', longWait);
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'the row').to.equal('15 min overdue');
    await panel.refresh();
    await panel.updateComplete;
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'the row after a refresh').to.equal('15 min overdue');
  });

  it('keeps the wait through a note from another operator and the customer writing again', async () => {
    const { chat } = await seedChat(org, {
      name: 'Impatient',
      messages: [{ text: 'Are you open today?', minutesAgo: 12 }],
    });
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitUntil(() => waitTimeOf(panel!, chat.id), 'the wait shows', longWait);
    expect(shownWait(panel, waitTimeOf(panel, chat.id))).to.equal('12 min overdue');

    await seedChat(org, { chatId: chat.id, messages: [{ author: 'operator', isInternal: true, text: 'Ask Maria' }] });
    await waitUntil(() => lastLine(panel!, chat.id) === 'Note: Ask Maria', 'the note arrives', longWait);
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'after the note').to.equal('12 min overdue');

    await customerMessage(org, { chatId: chat.id, text: 'Hello??' });
    await waitUntil(() => lastLine(panel!, chat.id) === 'Hello??', 'the customer writes again', longWait);
    expect(shownWait(panel, waitTimeOf(panel, chat.id)), 'waiting since the first message').to.equal('12 min overdue');
  });
});
