/**
 * The whole panel without a mouse: arrows in the list, Alt+Up/Down for the previous/next chat,
 * Escape back to the list in the one-pane layout and out of dialogs, and a visible focus ring on
 * everything Tab reaches.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { chatRowsToWriteIn, part, parts, waitForPart } from '../support/panel.js';
import { longWait } from '../support/waits.js';
import { onScreen } from '../support/on-screen.js';
import { chord, deepActiveElement, press } from './keys.js';
import { conversationPanel, listPanel, seededOrg } from './helpers.js';

function openChatId(panel: OperatorChatPanel): string | undefined {
  return parts(panel, 'chat-item').find((row) => row.getAttribute('aria-selected') === 'true')?.dataset.chatId;
}

/** Whether an element sits in the panel's shadow tree, nested shadow roots included. */
function insidePanel(element: Element, panel: Element): boolean {
  let root = element.getRootNode();
  while (root instanceof ShadowRoot) {
    if (root.host === panel) return true;
    root = root.host.getRootNode();
  }
  return false;
}

function rowIds(panel: OperatorChatPanel): string[] {
  return parts(panel, 'chat-item').map((row) => row.dataset.chatId!);
}

describe('keyboard', () => {
  it('moves through the list with the arrows and opens a chat with Enter', async () => {
    const panel = await listPanel(await seededOrg(), 'light');
    parts(panel, 'chat-item')[0].focus();
    await press('ArrowDown');
    await press('ArrowDown');
    await waitUntil(() => deepActiveElement() === parts(panel, 'chat-item')[2], 'third row focused', longWait);
    await press('Enter');
    await waitUntil(() => openChatId(panel) === rowIds(panel)[2], 'third chat opens', longWait);
    await waitForPart(panel, 'message');
    // Chosen by keyboard: the operator goes on typing.
    await waitUntil(() => deepActiveElement() === part(panel, 'composer-input'), 'focus in the composer', longWait);
  });

  for (const chat of ['richText', 'allMedia'])
    it(`reaches the composer from the chat list in a few Tab presses: the message list is one stop (${chat})`, async () => {
      const panel = await conversationPanel(await seededOrg(), 'light', chat);
      parts(panel, 'chat-item')
        .find((row) => row.getAttribute('aria-selected') === 'true')!
        .focus();
      const stops: Element[] = [];
      while (deepActiveElement() !== part(panel, 'composer-input') && stops.length < 30) {
        await press('Tab');
        stops.push(deepActiveElement()!);
      }
      expect(deepActiveElement()).to.equal(part(panel, 'composer-input'));
      // Status, find, the customer details toggle, delete, the message list, earlier chats, "jump
      // to newest" when shown, the note toggle, attach, the text: nothing inside a message.
      const named = stops.map(
        (stop) => stop.getAttribute('part') ?? `${stop.localName}${stop.ariaLabel ? ` "${stop.ariaLabel}"` : ''}`,
      );
      expect(stops.length, named.join(', ')).to.be.at.most(10);
      expect(stops.filter((stop) => stop.closest('[part~="message"]'))).to.deep.equal([]);
    });

  it('goes from the list’s filters to the open chat’s row in one Tab press, the list no stop of its own', async () => {
    const panel = await conversationPanel(await seededOrg(), 'light', 'richText');
    part(panel, 'channel-filter')!.focus();
    await press('Tab');
    const row = deepActiveElement() as HTMLElement;
    expect(row.getAttribute('part') ?? row.className).to.include('chat-item');
    expect(row.getAttribute('aria-selected')).to.equal('true');
    await chord('Shift', 'Tab');
    expect(deepActiveElement()).to.equal(part(panel, 'channel-filter'));
  });

  it('moves between messages with the arrows; Tab goes into the focused message, Escape-free', async () => {
    const panel = await conversationPanel(await seededOrg(), 'light', 'notes');
    part(panel, 'message-list')!.focus();
    const messages = parts(panel, 'message');
    await press('ArrowUp');
    await waitUntil(() => deepActiveElement() === messages.at(-1), 'the newest message focused', longWait);
    await press('ArrowUp');
    await waitUntil(() => deepActiveElement() === messages.at(-2), 'the one before', longWait);
    await press('ArrowDown');
    await waitUntil(() => deepActiveElement() === messages.at(-1), 'back down', longWait);
    await press('Tab');
    const control = deepActiveElement() as HTMLElement;
    expect(messages.at(-1)!.contains(control), 'Tab enters the focused message').to.equal(true);
    expect(control.localName).to.equal('button');
  });

  it('puts focus in the next chat’s composer with Alt+ArrowDown from a message’s Reply', async () => {
    const org = await seededOrg();
    const panel = await listPanel(org, 'light');
    const [row, next] = await chatRowsToWriteIn(panel, org, 2);
    row.click();
    await waitForPart(panel, 'message');
    // The chat opens at its newest message; ArrowUp from the list takes the lowest one in view.
    const newest = () => parts(panel, 'message').at(-1)!;
    await waitUntil(() => onScreen(panel, newest().dataset.messageId!), 'the newest message on screen', longWait);
    part(panel, 'message-list')!.focus();
    await press('ArrowUp');
    await waitUntil(() => deepActiveElement() === newest(), 'the newest message focused', longWait);
    await press('Tab'); // into the newest message's controls
    expect((deepActiveElement() as HTMLElement).localName).to.equal('button');
    await chord('Alt', 'ArrowDown');
    await waitUntil(() => openChatId(panel) === next.dataset.chatId, 'the next chat opens', longWait);
    await waitUntil(() => deepActiveElement() === part(panel, 'composer-input'), 'focus in its composer', longWait);
  });

  it('keeps focus on a row in view when PageDown and PageUp move through the chat list', async () => {
    const panel = await listPanel(await seededOrg(), 'light', {
      'per-page': '50',
      status: 'new,open,waiting,onpause,closed',
    });
    const list = panel.shadowRoot!.querySelector<HTMLElement & { chats: unknown[] }>('ocp-chat-list')!;
    await waitUntil(() => list.chats.length > 30, 'a long list', longWait);
    parts(panel, 'chat-item')[0].focus();
    const inView = () => {
      const row = (deepActiveElement() as HTMLElement).getBoundingClientRect();
      const list = panel.shadowRoot!.querySelector('.chat-list__scroll')!.getBoundingClientRect();
      return row.top >= list.top - 1 && row.bottom <= list.bottom + 1;
    };
    for (const key of ['PageDown', 'PageDown', 'PageUp']) {
      const before = (deepActiveElement() as HTMLElement).dataset.chatId;
      await press(key);
      await waitUntil(() => (deepActiveElement() as HTMLElement).dataset.chatId !== before, `${key} moved`, longWait);
      await waitUntil(inView, `the focused row in view after ${key}`, longWait);
    }
  });

  it('opens the next and previous chat with Alt+ArrowDown and Alt+ArrowUp from the composer', async () => {
    const org = await seededOrg();
    const panel = await listPanel(org, 'light');
    const ids = rowIds(panel);
    parts(panel, 'chat-item')[1].click();
    await waitUntil(() => openChatId(panel) === ids[1], 'second chat open', longWait);
    // The row is chosen at once; the conversation (imported dynamically) renders the composer after.
    (await waitForPart(panel, 'composer-input'))[0].focus();
    await chord('Alt', 'ArrowDown');
    await waitUntil(() => openChatId(panel) === ids[2], 'next chat opens', longWait);
    expect(deepActiveElement()).to.equal(part(panel, 'composer-input'));
    await chord('Alt', 'ArrowUp');
    await chord('Alt', 'ArrowUp');
    await waitUntil(() => openChatId(panel) === ids[0], 'previous chats open', longWait);
    await chord('Alt', 'ArrowUp');
    await panel.updateComplete;
    expect(openChatId(panel)).to.equal(ids[0]); // the first chat has no previous one
  });

  it('keeps focus on the selected row when Alt+arrows are pressed in the list', async () => {
    const panel = await listPanel(await seededOrg(), 'light');
    const ids = rowIds(panel);
    parts(panel, 'chat-item')[0].focus();
    await chord('Alt', 'ArrowDown');
    await waitUntil(() => openChatId(panel) === ids[0], 'the first chat opens', longWait);
    await chord('Alt', 'ArrowDown');
    await waitUntil(() => openChatId(panel) === ids[1], 'then the second', longWait);
    await waitUntil(
      () => (deepActiveElement() as HTMLElement | null)?.dataset.chatId === ids[1],
      'focus follows',
      longWait,
    );
  });

  it('goes back to the list with Escape in the one-pane layout, focusing the chat it left', async () => {
    const org = await seededOrg();
    const panel = await listPanel(org, 'light');
    panel.style.width = '420px';
    const ids = rowIds(panel);
    parts(panel, 'chat-item')[3].click();
    await waitForPart(panel, 'message');
    (part(panel, 'composer-input') as HTMLTextAreaElement).focus();
    await press('Escape');
    await waitUntil(
      () => openChatId(panel) === undefined && part(panel, 'chat-list')!.getClientRects().length > 0,
      'back to the list',
      longWait,
    );
    await waitUntil(
      () => (deepActiveElement() as HTMLElement | null)?.dataset.chatId === ids[3],
      'the row it came from has focus',
      longWait,
    );
  });

  it('keeps the chat open on Escape when both panes show', async () => {
    const org = await seededOrg();
    const panel = await conversationPanel(org, 'light', 'bot');
    (part(panel, 'composer-input') as HTMLTextAreaElement).focus();
    await press('Escape');
    await panel.updateComplete;
    expect(openChatId(panel)).to.equal(String(org.fixtures.chats.bot));
  });

  it('closes the delete confirmation with Escape and returns focus to the delete button', async () => {
    const panel = await conversationPanel(await seededOrg(), 'light', 'bot');
    const remove = panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__delete')!;
    remove.focus();
    await press('Enter');
    const dialog = panel.shadowRoot!.querySelector<HTMLDialogElement>('.conversation__confirm')!;
    await waitUntil(() => dialog.open, 'confirmation opens', longWait);
    await press('Escape');
    await waitUntil(() => !dialog.open, 'confirmation closes', longWait);
    await waitUntil(() => deepActiveElement() === remove, 'focus back on the delete button', longWait);
    expect(openChatId(panel)).to.not.equal(undefined);
  });

  it('shows a focus ring of at least 2px on everything Tab reaches', async () => {
    const panel = await conversationPanel(await seededOrg(), 'light', 'allMedia');
    // The host page goes on after the panel: Tab from the panel's last stop lands there, not in
    // the browser's own toolbar (Firefox's), which would keep the focus from the next test's page.
    const afterPanel = document.body.appendChild(document.createElement('button'));
    afterPanel.textContent = 'the page after the panel';
    part(panel, 'search-input')!.focus();
    const seen = new Set<Element>();
    const without: string[] = [];
    for (let step = 0; step < 120; step += 1) {
      const active = deepActiveElement();
      if (!active || !insidePanel(active, panel)) break;
      // Native media controls take several Tab stops inside the same element.
      if (!seen.has(active)) {
        seen.add(active);
        const style = getComputedStyle(active);
        if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2)
          without.push(active.outerHTML.slice(0, 80));
      }
      await press('Tab');
    }
    const landed = deepActiveElement();
    afterPanel.remove();
    expect(landed, 'Tab left the panel for the page').to.equal(afterPanel);
    expect(seen.size).to.be.above(8);
    expect(without).to.deep.equal([]);
  });
});
