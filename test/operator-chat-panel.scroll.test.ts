/**
 * Where the message list and the chat list keep the operator: at the newest message when a chat
 * opens, exactly in place when messages arrive below or earlier messages load above, with the
 * "new messages" control while scrolled up, and with only the rows in view in the DOM for a
 * chat of 10,000 messages or a list of hundreds of chats. Driven through the real panel against
 * the reference chat API (the `bench` preset holds the long chat and the long list).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, seedChat, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';

interface FixtureOrg extends TestOrg {
  fixtures: { bigChatId?: number; chats?: Record<string, number> };
}

function scroller(panel: OperatorChatPanel): HTMLElement {
  return panel.shadowRoot!.querySelector<HTMLElement>('[part~="message-list"]')!;
}

function jumpControl(panel: OperatorChatPanel): HTMLButtonElement | null {
  return panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__jump');
}

/** Every element in the panel's shadow tree, nested shadow trees included. */
function countElements(root: ParentNode): number {
  let count = 0;
  for (const element of root.querySelectorAll('*')) {
    count += 1;
    if (element.shadowRoot) count += countElements(element.shadowRoot);
  }
  return count;
}

/** Top edge of a message relative to the top of the visible list, in px. */
function offsetInView(panel: OperatorChatPanel, messageId: string): number | null {
  const element = panel.shadowRoot!.querySelector(`[part~="message"][data-message-id="${messageId}"]`);
  return element ? element.getBoundingClientRect().top - scroller(panel).getBoundingClientRect().top : null;
}

function inView(panel: OperatorChatPanel, messageId: string): boolean {
  const element = panel.shadowRoot!.querySelector(`[part~="message"][data-message-id="${messageId}"]`);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  const view = scroller(panel).getBoundingClientRect();
  return box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
}

/** The first message wholly inside the visible list, or null while none is rendered there. */
function firstMessageInView(panel: OperatorChatPanel): string | null {
  return (
    parts(panel, 'message').find((message) => inView(panel, message.dataset.messageId!))?.dataset.messageId ?? null
  );
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

describe('operator-chat-panel: scroll position', function () {
  this.timeout(60000);

  it('renders the rows the operator scrolls to in a virtual chat of a few hundred messages', async () => {
    const org = await createOrg('empty');
    const seeded = await seedChat(org, {
      name: 'Long',
      messages: Array.from({ length: 400 }, (_, index) => ({ text: `Message ${index}` })),
    });
    const panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, seeded.chat.id);
    const newest = String(seeded.messageIds.at(-1));
    await waitUntil(() => inView(panel, newest), 'the newest message in view', { timeout: 10000 });
    scroller(panel).scrollTop = 0;
    await waitUntil(() => inView(panel, String(seeded.messageIds[0])), 'the first message in view at the top', {
      timeout: 10000,
    });
    panel.remove();
  });

  describe('a chat of 10,000 messages', () => {
    let org: FixtureOrg;
    let panel: OperatorChatPanel;
    let newestId: string;

    beforeEach(async () => {
      org = (await createOrg('bench')) as FixtureOrg;
      panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
      await openChatByClick(panel, org.fixtures.bigChatId!);
      const response = await fetch(`/api/chat/chats/${org.fixtures.bigChatId}/messages`, {
        headers: { Authorization: `Bearer ${org.token}` },
      });
      const messages = (await response.json()) as Array<{ id: number }>;
      newestId = String(messages[messages.length - 1].id);
      await waitUntil(() => inView(panel, newestId), 'the newest message in view', { timeout: 10000 });
      await frames(20); // the list measures the rows it rendered before it holds still
    });

    it('opens at the newest message with fewer than 500 elements in the shadow trees', async () => {
      await frames(10);
      expect(inView(panel, newestId)).to.equal(true);
      expect(jumpControl(panel)).to.equal(null);
      expect(parts(panel, 'message').length).to.be.greaterThan(5);
      expect(countElements(panel.shadowRoot!)).to.be.lessThan(500);
    });

    it('offers "jump to newest" when scrolled up, and it brings the newest message back', async () => {
      scroller(panel).scrollTop = scroller(panel).scrollHeight / 2;
      await waitUntil(() => jumpControl(panel) !== null, 'the jump control', { timeout: 10000 });
      expect(inView(panel, newestId)).to.equal(false);
      jumpControl(panel)!.click();
      await waitUntil(() => inView(panel, newestId) && jumpControl(panel) === null, 'back at the newest message', {
        timeout: 10000,
      });
    });

    it('keeps the view still when a message arrives while scrolled up, and counts it on the control', async () => {
      const list = scroller(panel);
      list.scrollTop = list.scrollHeight / 2;
      await waitUntil(() => jumpControl(panel) !== null, 'the jump control', { timeout: 10000 });
      await waitUntil(() => firstMessageInView(panel) !== null, 'rows rendered where the list was scrolled to', {
        timeout: 10000,
      });
      await frames(5);
      const anchor = firstMessageInView(panel)!;
      const before = offsetInView(panel, anchor)!;
      const top = list.scrollTop;
      const created = await customerMessage(org, {
        chatId: org.fixtures.bigChatId!,
        text: 'While you read older ones',
      });
      await waitUntil(() => /1/.test(jumpControl(panel)?.textContent ?? ''), 'the control counts one new message', {
        timeout: 10000,
      });
      await frames(5);
      expect(list.scrollTop).to.equal(top);
      expect(offsetInView(panel, anchor)).to.be.closeTo(before, 1);
      expect(inView(panel, String(created.id))).to.equal(false);
      jumpControl(panel)!.click();
      await waitUntil(() => inView(panel, String(created.id)), 'the new message in view after the click', {
        timeout: 10000,
      });
    });

    it('still shows the earlier messages when scrolled up after live messages arrived at the bottom', async () => {
      for (let index = 0; index < 5; index++)
        await customerMessage(org, { chatId: org.fixtures.bigChatId!, text: `Live ${index}` });
      const last = await customerMessage(org, { chatId: org.fixtures.bigChatId!, text: 'Live last' });
      await waitUntil(() => inView(panel, String(last.id)), 'the last arrival in view', { timeout: 10000 });
      await frames(10);
      const newestRendered = () =>
        Math.max(...parts(panel, 'message').map((message) => Number(message.dataset.messageId)));
      const list = scroller(panel);
      list.scrollTop = list.scrollHeight / 2;
      await waitUntil(
        () => firstMessageInView(panel) !== null && newestRendered() < last.id - 100,
        'the middle of the chat rendered where the list was scrolled to',
        { timeout: 10000 },
      );
      list.scrollTop = 0;
      await waitUntil(
        () => firstMessageInView(panel) !== null && newestRendered() < last.id - 1000,
        'the oldest messages rendered at the top',
        {
          timeout: 10000,
        },
      );
    });

    it('follows a message that arrives while the operator is at the newest one', async () => {
      const created = await customerMessage(org, { chatId: org.fixtures.bigChatId!, text: 'Right now' });
      await waitUntil(() => inView(panel, String(created.id)), 'the arrival in view', { timeout: 10000 });
      expect(jumpControl(panel)).to.equal(null);
    });
  });

  it('keeps the message the operator reads in place when earlier chats load above', async () => {
    const org = (await createOrg()) as FixtureOrg;
    const panel = await mountPanel({ token: org.token, events: 'off' });
    const chatId = org.fixtures.chats!.allMedia;
    await openChatByClick(panel, chatId);
    const list = scroller(panel);
    await waitUntil(() => list.scrollHeight > list.clientHeight + 100, 'a chat taller than its view', {
      timeout: 10000,
    });
    list.scrollTop = 40;
    await waitUntil(() => jumpControl(panel) !== null, 'scrolled away from the newest', { timeout: 10000 });
    await frames(5);
    const anchor = firstMessageInView(panel)!;
    const before = offsetInView(panel, anchor)!;
    const count = parts(panel, 'message').length;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__chain')!.click();
    await waitForPart(panel, 'message', (messages) => messages.length > count, 'earlier messages above');
    await frames(5);
    expect(parts(panel, 'message')[0].dataset.messageId).to.not.equal(anchor);
    expect(offsetInView(panel, anchor)).to.be.closeTo(before, 1);
  });

  it('keeps the message the operator reads in place when earlier chats load above a virtual list', async () => {
    const org = (await createOrg()) as FixtureOrg;
    const chatId = org.fixtures.chats!.allMedia;
    // Over 150 rows: the chat is a virtual list, where rows above are not in the DOM to measure.
    const texts = Array.from({ length: 200 }, (_, index) => ({ text: `Line ${index + 1} of a long day` }));
    const { messageIds } = await seedChat(org, { chatId, messages: texts });
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, chatId);
    const newestId = String(messageIds[messageIds.length - 1]);
    await waitUntil(() => inView(panel, newestId), 'the newest message in view', { timeout: 10000 });
    expect(panel.shadowRoot!.querySelector('.conversation__content--virtual')).to.not.equal(null);
    await frames(20);
    const list = scroller(panel);
    list.scrollTop -= list.clientHeight * 2;
    await waitUntil(() => jumpControl(panel) !== null, 'scrolled away from the newest');
    await waitUntil(() => firstMessageInView(panel) !== null, 'rows rendered where the list was scrolled to');
    await frames(10);
    const anchor = firstMessageInView(panel)!;
    const before = offsetInView(panel, anchor)!;
    const conversation = panel.shadowRoot!.querySelector<HTMLElement & { messages: unknown[] }>('ocp-conversation')!;
    const count = conversation.messages.length;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__chain')!.click();
    await waitUntil(() => conversation.messages.length > count, 'earlier chats loaded above', { timeout: 10000 });
    await frames(20);
    expect(panel.shadowRoot!.querySelector('.conversation__chain')).to.equal(null);
    expect(offsetInView(panel, anchor)).to.be.closeTo(before, 1);
    expect(list.scrollTop).to.be.greaterThan(0);
  });

  it('renders only the rows in view of a long chat list, and the arrow keys still reach every row', async () => {
    const org = await createOrg('bench');
    const panel = await mountPanel({ token: org.token, events: 'off', 'per-page': '100' });
    await waitUntil(
      () => panel.shadowRoot!.querySelector<HTMLElement & { chats: unknown[] }>('ocp-chat-list')!.chats.length === 100,
      '100 chats loaded',
    );
    const rows = parts(panel, 'chat-item');
    expect(rows.length).to.be.lessThan(60);
    rows[0].focus();
    const listbox = panel.shadowRoot!.querySelector('[role="listbox"]')!;
    listbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    const chats = panel.shadowRoot!.querySelector<HTMLElement & { chats: Array<{ id: number }> }>(
      'ocp-chat-list',
    )!.chats;
    const lastId = String(chats[chats.length - 1].id);
    await waitUntil(
      () => (panel.shadowRoot!.activeElement as HTMLElement | null)?.dataset.chatId === lastId,
      'focus on the last row',
    );
    expect(parts(panel, 'chat-item').length).to.be.lessThan(60);
    // Each rendered option says where it sits in the whole list, and how long that is.
    const chatList = panel.shadowRoot!.querySelector<HTMLElement & { total: number; chats: Array<{ id: number }> }>(
      'ocp-chat-list',
    )!;
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
    );
    expect(part(panel, 'chat-item')!.dataset.chatId).to.equal(String(chats[0].id));
  });
});
