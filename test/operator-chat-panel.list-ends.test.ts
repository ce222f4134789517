/**
 * The message list at its ends (issue 52.3, 52.10; contract §8): no key leaves it past its end,
 * a chat opens at its place in every engine, never blank, also on the list a longer chat was read
 * in by wheel; and at the first message the wheel stays in the panel. Real keys and wheel turns
 * against the reference chat API, asserted on screen.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { mixedChat } from './support/chat-data.js';
import {
  frames,
  messageElement,
  messageList,
  nativeWheel,
  onScreen,
  pressInList,
  scrollSettled,
  wheel,
  whereIs,
} from './support/on-screen.js';
import { mountPanel, openChatByClick, part, parts, seenInPanel, typeInComposer } from './support/panel.js';
import { customerMessage, seedChat, setFaults, typing } from './support/reference-api.js';
import { seededOrg, type SeededOrg } from './support/seeded-chat.js';
import { longWait, waitShowing } from './support/waits.js';

/** How far the list sits past its end, in px (a blank strip under its last row): 0 at most. */
function pastEnd(panel: OperatorChatPanel): number {
  const list = messageList(panel);
  return list.scrollTop - (list.scrollHeight - list.clientHeight);
}

/**
 * The message is on screen with its bottom at the bottom of the view (but for the list's padding
 * and the gap to the rows under it): no blank strip under it, the list not past its end.
 */
function atBottom(panel: OperatorChatPanel, messageId: number | string): boolean {
  const element = messageElement(panel, messageId);
  if (!element || !onScreen(panel, messageId) || pastEnd(panel) > 1) return false;
  const list = messageList(panel);
  const under = list.getBoundingClientRect().bottom - element.getBoundingClientRect().bottom;
  return under >= 0 && under <= parseFloat(getComputedStyle(list).paddingBottom) + 8;
}

const where = (panel: OperatorChatPanel, messageId: number | string) =>
  `${whereIs(panel, messageId)}, ${pastEnd(panel).toFixed(1)} px past the end`;

describe('operator-chat-panel: the message list at its ends', function () {
  this.timeout(180000);
  let org: SeededOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await seededOrg();
  });
  afterEach(() => panel?.remove());

  /** Waits until the message sits at the bottom of the view, and checks it still does 20 frames on. */
  async function heldAtBottom(messageId: number | string, what: string): Promise<void> {
    await waitShowing(
      () => atBottom(panel, messageId),
      () => `${what}: ${where(panel, messageId)}`,
    );
    await frames(20);
    expect(atBottom(panel, messageId), `${what}, 20 frames on: ${where(panel, messageId)}`).to.equal(true);
  }

  it('after a wheel up to the first message and Ctrl+End, the next chats open at their place, never blank', async () => {
    const long = await seedChat(org, { name: 'Long Reader', read: true, messages: mixedChat(321) });
    const short = await seedChat(org, {
      name: 'Short Question',
      messages: [{ text: 'Hello, is anyone there?' }, { text: 'My order #5521 has not arrived.' }],
    });
    panel = await mountPanel({ token: org.token, 'poll-interval': '500' });
    await openChatByClick(panel, long.chat.id);
    await heldAtBottom(long.messageIds.at(-1)!, 'the long chat opened');

    // Up to the first message by wheel: the first turn through the engine's own scrolling (after
    // it, WebKit no longer clamps the list when it gets shorter), the others as `wheel` does them.
    await nativeWheel(panel, -600);
    for (let turn = 0; turn < 80 && !onScreen(panel, long.messageIds[0]); turn++) {
      await wheel(panel, -3000);
      await frames(2);
    }
    await scrollSettled(panel);
    await waitUntil(() => onScreen(panel, long.messageIds[0]), 'the first message on screen', longWait);

    await pressInList(panel, 'Control+End');
    await heldAtBottom(long.messageIds.at(-1)!, 'Ctrl+End');
    // The customer types, then stops: the list grows back by the typing line, no blank strip left.
    await typing(org, long.chat.id);
    await waitUntil(() => part(panel, 'typing-indicator') !== null, 'the customer typing', longWait);
    await typing(org, long.chat.id, true);
    await waitUntil(() => part(panel, 'typing-indicator') === null, 'the customer stopped typing', longWait);
    await heldAtBottom(long.messageIds.at(-1)!, 'after the typing line went');

    // A chat that fits in the view, its messages slow to come: what the list shows meanwhile is on screen.
    await setFaults(org, { hold: true, paths: `^/api/chat/chats/${short.chat.id}/messages$` });
    await openChatByClick(panel, short.chat.id, { waitForMessages: false });
    const loading = () =>
      Array.from(messageList(panel).querySelectorAll('[role="status"]')).find(
        (status) => status.textContent === 'Loading…',
      );
    await waitUntil(() => loading(), 'the chat loading', longWait);
    await frames(5);
    expect(
      loading() && seenInPanel(panel, loading()!),
      `while loading: ${pastEnd(panel).toFixed(1)} px past the end`,
    ).to.equal(true);
    await setFaults(org, { hold: false });
    await heldAtBottom(short.messageIds.at(-1)!, 'the short chat opened');

    // A send and a message from the customer: each at the bottom, the operator scrolling nothing.
    await typeInComposer(panel, 'Let me look it up');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await heldAtBottom((await sent).detail.messageId, 'after the send');
    const incoming = await customerMessage(org, { chatId: short.chat.id, text: 'Thank you!' });
    await heldAtBottom(incoming.id, 'after a message from the customer');

    // Anna's chat, found by search, as the operator did.
    const search = part(panel, 'search-input') as HTMLInputElement;
    search.value = 'Anna';
    search.dispatchEvent(new Event('input'));
    const anna = () => parts(panel, 'chat-item').find((row) => row.textContent!.includes('Anna Schmidt'));
    const onlyAnna = () =>
      anna() && !parts(panel, 'chat-item').some((row) => row.textContent!.includes('Short Question'));
    await waitUntil(onlyAnna, 'Anna found', longWait);
    const annaId = Number(anna()!.dataset.chatId);
    const annaMessages = (await (
      await fetch(`/api/chat/chats/${annaId}/messages`, { headers: { Authorization: `Bearer ${org.token}` } })
    ).json()) as Array<{ id: number }>;
    await openChatByClick(panel, annaId);
    await heldAtBottom(annaMessages.at(-1)!.id, 'Anna’s chat opened');
  });

  describe('the wheel at the ends of the list, on a page taller than the window', () => {
    let spacer: HTMLElement;
    beforeEach(() => {
      spacer = document.createElement('div');
      spacer.style.height = '3000px';
    });
    afterEach(() => {
      spacer.remove();
      window.scrollTo(0, 0);
    });

    /** Opens the chat in a panel shorter than the window, the page scrolled a little way down. */
    async function openOnTallPage(chatId: number, newestId: number): Promise<void> {
      panel = await mountPanel({ token: org.token, events: 'off' });
      panel.style.height = '480px';
      panel.after(spacer);
      await openChatByClick(panel, chatId);
      await heldAtBottom(newestId, 'the chat opened');
      window.scrollTo(0, 60);
      await frames(5);
    }

    /** Turns the wheel over the message list and answers whether the page moved. */
    async function pageMovedBy(deltaY: number): Promise<boolean> {
      const before = window.scrollY;
      await wheel(panel, deltaY);
      await frames(10);
      await scrollSettled(panel);
      return Math.abs(window.scrollY - before) >= 1;
    }

    it('keeps the wheel in the panel at the first and at the newest message of a long chat', async () => {
      const { chat, messageIds } = await seedChat(org, {
        name: 'Long Reader',
        read: true,
        messages: mixedChat(120, { pictures: false }),
      });
      await openOnTallPage(chat.id, messageIds.at(-1)!);
      expect(await pageMovedBy(400), 'down at the newest message').to.equal(false);
      for (let turn = 0; turn < 60 && !onScreen(panel, messageIds[0]); turn++) {
        await wheel(panel, -3000);
        await frames(2);
      }
      await scrollSettled(panel);
      await waitUntil(() => onScreen(panel, messageIds[0]), 'the first message on screen', longWait);
      window.scrollTo(0, 60);
      await frames(5);
      expect(await pageMovedBy(-400), 'up at the first message').to.equal(false);
      expect(onScreen(panel, messageIds[0]), 'the first message still on screen').to.equal(true);
    });

    it('keeps the wheel in the panel over a chat that fits in the view', async () => {
      const { chat, messageIds } = await seedChat(org, {
        name: 'Short Question',
        messages: [{ text: 'Hello, is anyone there?' }, { text: 'My order #5521 has not arrived.' }],
      });
      await openOnTallPage(chat.id, messageIds.at(-1)!);
      expect(await pageMovedBy(-400), 'up').to.equal(false);
      expect(await pageMovedBy(400), 'down').to.equal(false);
    });
  });
});
