/**
 * A chat of 10,000 messages and a list of hundreds of chats keep a bounded DOM: the message list
 * renders a window of rows that grows as the operator scrolls and is trimmed behind them, and the
 * chat list renders the rows in view. The reference API's `bench` preset holds both.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts } from './support/panel.js';
import {
  countElements,
  firstOnScreen,
  frames,
  jumpToNewest,
  messageList,
  offsetInList,
  onScreen,
  pressInList,
  scrollSettled,
  wheel,
} from './support/on-screen.js';
import { longWait } from './support/waits.js';

interface BenchOrg extends TestOrg {
  fixtures: { bigChatId: number };
}

describe('operator-chat-panel: long chats and long lists', function () {
  this.timeout(this.timeout() * 1.5); // long chats: half as long again as the suite's limit

  describe('a chat of 10,000 messages', () => {
    let org: BenchOrg;
    let panel: OperatorChatPanel;
    let ids: number[];

    beforeEach(async () => {
      org = (await createOrg('bench')) as BenchOrg;
      panel = await mountPanel({ token: org.token, events: 'off' });
      const response = await fetch(`/api/chat/chats/${org.fixtures.bigChatId}/messages`, {
        headers: { Authorization: `Bearer ${org.token}` },
      });
      ids = ((await response.json()) as Array<{ id: number }>).map((message) => message.id);
      await openChatByClick(panel, org.fixtures.bigChatId);
      await waitUntil(() => onScreen(panel, ids.at(-1)!), 'the newest message on screen', longWait);
    });

    afterEach(() => panel.remove());

    it('opens at the newest message with fewer than 2,000 elements in the shadow trees', async () => {
      await frames(20);
      expect(onScreen(panel, ids.at(-1)!)).to.equal(true);
      expect(jumpToNewest(panel)).to.equal(null);
      expect(countElements(panel.shadowRoot!)).to.be.lessThan(2000);
    });

    it('scrolls up by wheel far into the chat with a bounded DOM, and End brings the newest back', async () => {
      let most = 0;
      // Twenty turns go up about 450 messages, more than twice the window's bound of 200 rows.
      for (let turn = 0; turn < 20; turn++) {
        await wheel(panel, -2000);
        await frames(4);
        most = Math.max(most, countElements(panel.shadowRoot!));
      }
      // The wheel's smooth scroll has ended (Firefox's runs on for frames under load).
      await scrollSettled(panel);
      await waitUntil(() => firstOnScreen(panel) !== null, 'messages on screen', longWait);
      const reached = ids.indexOf(Number(firstOnScreen(panel)!.id));
      expect(reached, 'scrolled well into the history').to.be.lessThan(ids.length - 300);
      expect(most).to.be.lessThan(2000);
      // Reading there: the rows hold still.
      const before = firstOnScreen(panel)!;
      await frames(20);
      expect(offsetInList(panel, before.id)).to.be.closeTo(before.top, 1);
      await pressInList(panel, 'End');
      await waitUntil(() => onScreen(panel, ids.at(-1)!) && !jumpToNewest(panel), 'back at the newest', longWait);
    });
  });

  describe('a chat of 10,000 messages, followed live while the panel grows', () => {
    afterEach(() => setViewport({ width: 800, height: 600 }));

    /** The view's top edge has a message at it or above it: no empty space over the rows. */
    function viewFilledToTop(panel: OperatorChatPanel): boolean {
      const view = messageList(panel).getBoundingClientRect();
      const first = parts(panel, 'message')[0]?.getBoundingClientRect();
      return first !== undefined && first.top <= view.top + 1;
    }

    it('keeps the view filled with messages above the newest, in a short panel and once it is tall', async () => {
      await setViewport({ width: 1000, height: 2600 });
      const org = (await createOrg('bench')) as BenchOrg;
      const chatId = org.fixtures.bigChatId;
      const panel = await mountPanel({ token: org.token, 'poll-interval': '300' });
      try {
        await openChatByClick(panel, chatId);
        await waitUntil(() => parts(panel, 'message').length > 0, 'the messages', longWait);
        // A live message while following: the list renders again, holding the newest at the bottom.
        const first = await customerMessage(org, { chatId, text: 'A message while the panel is short' });
        await waitUntil(() => onScreen(panel, first.id), 'the live message on screen', longWait);
        await frames(4);
        expect(viewFilledToTop(panel), 'the short panel').to.equal(true);

        panel.style.height = '2400px';
        await frames(10);
        expect(viewFilledToTop(panel), 'the tall panel, before anything new comes').to.equal(true);
        expect(onScreen(panel, first.id)).to.equal(true);
        const second = await customerMessage(org, { chatId, text: 'A message once the panel is tall' });
        await waitUntil(() => onScreen(panel, second.id), 'the next live message on screen', longWait);
        await frames(4);
        expect(viewFilledToTop(panel), 'the tall panel, after a live message').to.equal(true);
      } finally {
        panel.remove();
      }
    });
  });

  it('renders only the rows in view of a long chat list, and the arrow keys still reach every row', async () => {
    const org = await createOrg('bench');
    const panel = await mountPanel({ token: org.token, events: 'off', 'per-page': '100' });
    await waitUntil(
      () => panel.shadowRoot!.querySelector<HTMLElement & { chats: unknown[] }>('ocp-chat-list')!.chats.length === 100,
      '100 chats loaded',
      longWait,
    );
    const rows = parts(panel, 'chat-item');
    expect(rows.length).to.be.lessThan(60);
    rows[0].focus();
    const listbox = panel.shadowRoot!.querySelector('[role="listbox"]')!;
    listbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    const chatList = panel.shadowRoot!.querySelector<HTMLElement & { total: number; chats: Array<{ id: number }> }>(
      'ocp-chat-list',
    )!;
    const chats = chatList.chats;
    const lastId = String(chats[chats.length - 1].id);
    await waitUntil(
      () => (panel.shadowRoot!.activeElement as HTMLElement | null)?.dataset.chatId === lastId,
      'focus on the last row',
      longWait,
    );
    expect(parts(panel, 'chat-item').length).to.be.lessThan(60);
    // Each rendered option says where it sits in the whole list, and how long that is.
    expect(chatList.total).to.be.greaterThan(100);
    for (const row of parts(panel, 'chat-item')) {
      const index = chatList.chats.findIndex((chat) => String(chat.id) === row.dataset.chatId);
      expect(row.getAttribute('aria-posinset')).to.equal(String(index + 1));
      expect(row.getAttribute('aria-setsize')).to.equal(String(chatList.total));
    }
    listbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await waitUntil(
      () => (panel.shadowRoot!.activeElement as HTMLElement | null)?.dataset.chatId === String(chats[0].id),
      'focus back on the first row',
      longWait,
    );
    expect(part(panel, 'chat-item')!.dataset.chatId).to.equal(String(chats[0].id));
    panel.remove();
  });
  it('scrolls a long chat list by what the operator scrolls: the row at the top of the view is the chat at that place', async () => {
    const org = await createOrg('bench');
    const panel = await mountPanel({ token: org.token, events: 'off', 'per-page': '100' });
    const chatList = panel.shadowRoot!.querySelector<HTMLElement & { chats: Array<{ id: number }> }>('ocp-chat-list')!;
    await waitUntil(() => chatList.chats.length === 100, '100 chats loaded', longWait);
    const ids = chatList.chats.map((chat) => String(chat.id));
    const scroller = panel.shadowRoot!.querySelector<HTMLElement>('.chat-list__scroll')!;
    const first = parts(panel, 'chat-item')[0].getBoundingClientRect();
    const rowHeight = first.height;
    const rowsStart = first.top - scroller.getBoundingClientRect().top; // where row 0 sits, unscrolled
    // Down a screen at a time (the rows in the DOM are reused for other chats as the window
    // moves), then back up: nothing else may move the view, and each place shows its own chats.
    for (const screens of [1, 2, 3, 6, 4, 1]) {
      const target = Math.round(screens * scroller.clientHeight);
      scroller.scrollTop = target;
      await frames(4);
      expect(scroller.scrollTop, `scrolled ${screens} screens`).to.be.closeTo(target, 1);
      const box = scroller.getBoundingClientRect();
      const top = (
        panel.shadowRoot!.elementFromPoint(box.left + 40, box.top + 2) as HTMLElement | null
      )?.closest<HTMLElement>('[part~="chat-item"]');
      expect(top?.dataset.chatId, `the top row ${screens} screens down`).to.equal(
        ids[Math.floor((target + 2 - rowsStart) / rowHeight)],
      );
    }
    panel.remove();
  });
});
