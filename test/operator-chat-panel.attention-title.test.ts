/**
 * notify="title" (issue 14 §1, contract §2): while the unread total (the number of
 * `ocp-unread-change`) is above 0 the page's title starts with `(N) `; the page's own title comes
 * back at 0 and when the panel is removed; a title the page sets meanwhile keeps the prefix; two
 * panels make one prefix. Against the reference chat API, as an operator meets it.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { bell, drainEvents, waitForBell } from './support/attention.js';
import { longWait, settled } from './support/waits.js';
import { mountPanel, openChatByClick, waitForPart } from './support/panel.js';
import { createOrg, customerMessage, seedChat, type TestOrg } from './support/reference-api.js';

const titleIs = (expected: string) =>
  waitUntil(() => document.title === expected, `the title "${expected}" (it is "${document.title}")`, {
    timeout: 10000,
  });

/** Every total of `ocp-unread-change`, in order. */
function unreadTotals(panel: OperatorChatPanel): number[] {
  const totals: number[] = [];
  panel.addEventListener('ocp-unread-change', (event) => totals.push(event.detail.total));
  return totals;
}

describe('operator-chat-panel: notify="title"', () => {
  let pageTitle: string;
  let org: TestOrg;
  let chatId: number;

  beforeEach(async () => {
    pageTitle = document.title;
    document.title = 'Inbox page';
    // One chat with two unread customer messages: the unread total is 2.
    org = await createOrg('empty');
    const seeded = await seedChat(org, { name: 'Ada Lovelace', messages: [{ text: 'one' }, { text: 'two' }] });
    chatId = seeded.chat.id;
    await drainEvents(org);
  });

  afterEach(() => {
    document.title = pageTitle;
  });

  it('adds (N) while messages are unread, follows the unread total, and restores the title at 0', async () => {
    const panel = document.createElement('operator-chat-panel');
    const totals = unreadTotals(panel);
    panel.setAttribute('token', org.token);
    panel.setAttribute('notify', 'title');
    panel.setAttribute('poll-interval', '1000');
    await mountInto(panel);

    await titleIs('(2) Inbox page');
    expect(totals.at(-1), 'the number of ocp-unread-change').to.equal(2);

    await customerMessage(org, { chatId, text: 'three' });
    await titleIs('(3) Inbox page');
    expect(totals.at(-1)).to.equal(3);

    // Reading the chat brings the total to 0.
    await openChatByClick(panel, chatId);
    await titleIs('Inbox page');
    expect(totals.at(-1)).to.equal(0);
  });

  it('writes (99+) above 99', async () => {
    await seedChat(org, {
      name: 'Busy customer',
      messages: Array.from({ length: 100 }, (_, index) => ({ text: `message ${index}` })),
    });
    await drainEvents(org);
    await mountPanel({ token: org.token, notify: 'title' });
    await titleIs('(99+) Inbox page');
  });

  it('gives the page its title back when the panel is removed, and keeps the prefix when it is only moved', async () => {
    const panel = await mountPanel({ token: org.token, notify: 'title' });
    await titleIs('(2) Inbox page');

    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    const titles: string[] = [];
    const watch = new MutationObserver(() => titles.push(document.title));
    watch.observe(document.head, { childList: true, subtree: true, characterData: true });
    try {
      elsewhere.append(panel); // a move: disconnected and connected in one task
      await settled(panel); // a teardown is decided a microtask after the disconnect
      watch.disconnect();
      expect(titles, 'title changes during the move').to.deep.equal([]);
      expect(document.title).to.equal('(2) Inbox page');

      panel.remove();
      await titleIs('Inbox page');
    } finally {
      watch.disconnect();
      elsewhere.remove();
    }
  });

  it('puts the prefix in front of a title the page sets meanwhile, and restores that title', async () => {
    const panel = await mountPanel({ token: org.token, notify: 'title' });
    await titleIs('(2) Inbox page');

    document.title = 'Orders · Acme CRM';
    await titleIs('(2) Orders · Acme CRM');

    await openChatByClick(panel, chatId);
    await titleIs('Orders · Acme CRM');
  });

  it('shows one prefix for two panels, until the last of them is removed', async () => {
    const [first, second] = [0, 1].map(() => document.createElement('operator-chat-panel'));
    const [firstTotals, secondTotals] = [first, second].map(unreadTotals);
    for (const panel of [first, second]) {
      panel.setAttribute('token', org.token);
      // `sound` too: its bell shows once the panel's attention code is in, the code that puts the
      // panel's count in the title. Without a sign, the first could go before the second counted.
      panel.setAttribute('notify', 'title sound');
      await mountInto(panel);
    }
    // Each panel asks for its own unread total: both have counted before one goes.
    await waitUntil(
      () => firstTotals.at(-1) === 2 && secondTotals.at(-1) === 2,
      'both panels counting 2 unread',
      longWait,
    );
    await Promise.all([waitForBell(first), waitForBell(second)]);
    await titleIs('(2) Inbox page');
    await settled(first);
    await settled(second);
    expect(document.title).to.equal('(2) Inbox page');

    first.remove();
    await settled(second);
    expect(document.title).to.equal('(2) Inbox page');
    second.remove();
    await titleIs('Inbox page');
  });

  it('leaves the title alone without `title` in notify, and shows no bell for `title` alone', async () => {
    const titled = await mountPanel({ token: org.token, notify: 'title' });
    const untitled = await mountPanel({ token: org.token, notify: 'sound desktop' });
    await titleIs('(2) Inbox page');
    expect(bell(titled), 'no bell for notify="title"').to.equal(null);
    titled.remove();
    await titleIs('Inbox page');

    // The other panel loaded what notify asks of it (its bell shows) and still wrote no prefix.
    await waitUntil(() => bell(untitled) !== null, 'the bell of notify="sound desktop"', longWait);
    await settled(untitled);
    expect(document.title).to.equal('Inbox page');
  });
});

/** Mounts a panel the test made (its listeners first), sized like mountPanel's; removed after the test. */
async function mountInto(panel: OperatorChatPanel): Promise<void> {
  panel.style.height = '600px';
  panel.style.width = '1000px';
  await fixture(html`<div>${panel}</div>`);
  await waitForPart(panel, 'chat-item');
}
