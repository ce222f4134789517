import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, seedChat, setFaults, type TestOrg } from './support/reference-api.js';
import {
  chatRowsToWriteIn,
  mountPanel,
  openChatByClick,
  part,
  parts,
  seenInPanel,
  waitForPart,
} from './support/panel.js';
import { jumpToNewest, messageList, onScreen, wheel } from './support/on-screen.js';
import { longWait } from './support/waits.js';

const visible = (element: Element | null | undefined): boolean => !!element && element.checkVisibility();

const listShown = (panel: OperatorChatPanel) => visible(part(panel, 'chat-list'));
const conversationShown = (panel: OperatorChatPanel) => visible(part(panel, 'conversation'));
const backControl = (panel: OperatorChatPanel) =>
  panel.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Back to chats"]');

async function resize(panel: OperatorChatPanel, width: string, settled: () => boolean, what: string): Promise<void> {
  panel.style.width = width;
  await waitUntil(settled, what, longWait);
}

describe('operator-chat-panel: wide and narrow layout (container queries)', () => {
  let panel: OperatorChatPanel;
  let chatId: number;

  beforeEach(async () => {
    const org = await createOrg();
    panel = await mountPanel({ token: org.token, events: 'off' });
    const [row] = await chatRowsToWriteIn(panel, org);
    chatId = Number(row.dataset.chatId);
  });

  it('shows the list and the conversation side by side when wide, with no back control', async () => {
    await openChatByClick(panel, chatId);
    expect(panel.getBoundingClientRect().width).to.equal(1000);
    expect(listShown(panel), 'list').to.equal(true);
    expect(conversationShown(panel), 'conversation').to.equal(true);
    expect(visible(backControl(panel)), 'back control').to.equal(false);
    const list = part(panel, 'chat-list')!.getBoundingClientRect();
    const conversation = part(panel, 'conversation')!.getBoundingClientRect();
    expect(list.right).to.be.at.most(conversation.left + 1);
  });

  it('shows no back control beside the list, also when the conversation is narrow or the customer details are open', async () => {
    await openChatByClick(panel, chatId);
    panel.style.width = '760px'; // two panes: the conversation about 440 px wide
    await panel.updateComplete;
    expect(listShown(panel), 'list').to.equal(true);
    expect(visible(backControl(panel)), 'back control, narrow conversation').to.equal(false);
    (part(panel, 'customer-details-toggle') as HTMLButtonElement).click();
    await waitForPart(panel, 'customer-details');
    expect(visible(backControl(panel)), 'back control, details open').to.equal(false);
    (part(panel, 'customer-details-toggle') as HTMLButtonElement).click();
    panel.style.width = '';
  });

  it('shows one pane when narrow: the open chat with a back control that returns to the list', async () => {
    // Arrange
    await openChatByClick(panel, chatId);

    // Act: the panel's box shrinks
    await resize(panel, '400px', () => !listShown(panel), 'the list to give way');

    // Assert
    expect(conversationShown(panel), 'conversation').to.equal(true);
    expect(visible(backControl(panel)), 'back control').to.equal(true);
    backControl(panel)!.click();
    await waitUntil(() => listShown(panel) && !conversationShown(panel), 'back to the list alone', longWait);
    expect(parts(panel, 'chat-item').every((row) => !row.getAttribute('part')!.includes('chat-item--active'))).to.equal(
      true,
    );

    // Act: choose a chat again, then widen
    parts(panel, 'chat-item')[1].click();
    await waitUntil(() => conversationShown(panel) && !listShown(panel), 'the chat alone again', longWait);
    await resize(panel, '1000px', () => listShown(panel) && conversationShown(panel), 'both panes when wide again');
    expect(visible(backControl(panel))).to.equal(false);
  });

  it('shows only the list when narrow and no chat is open', async () => {
    await resize(panel, '400px', () => !conversationShown(panel), 'the empty conversation pane to hide');
    expect(listShown(panel)).to.equal(true);
  });
});

describe('operator-chat-panel: nothing covers or pushes what the operator reads', () => {
  it('gives a banner a place of its own: it covers neither the filters nor the open chat’s header, nor moves the page', async () => {
    const org = (await createOrg()) as TestOrg & { fixtures: { chats: Record<string, number> } };
    const panel = await mountPanel({ token: org.token, events: 'off' });
    panel.style.width = '760px'; // inside the test window, so what covers what can be seen
    await openChatByClick(panel, org.fixtures.chats.notes);
    const outer = panel.getBoundingClientRect();
    await setFaults(org, { drop: 1000, paths: '/api/chat/chats$' });
    void panel.refresh();
    await waitUntil(() => part(panel, 'banner') !== null, 'a banner', longWait);
    await panel.updateComplete;
    const root = panel.shadowRoot!;
    for (const [what, element] of [
      ['the banner', part(panel, 'banner')],
      ['the search', part(panel, 'search-input')],
      ['the Unread filter', part(panel, 'filter-unread')],
      ['the customer’s name', root.querySelector('.conversation__name')],
      ['the status', part(panel, 'status-select')],
      ['the first row', parts(panel, 'chat-item')[0]],
    ] as const)
      expect(seenInPanel(panel, element), what).to.equal(true);
    expect(panel.getBoundingClientRect().toJSON()).to.deep.equal(outer.toJSON());
    await setFaults(org, { drop: 0 });
  });

  it('keeps a customer’s name whole in the narrow layout', async () => {
    const org = await createOrg();
    const { chat } = await seedChat(org, { name: 'Maximilian Oberhauser', read: true, messages: [{ text: 'Hi' }] });
    const panel = await mountPanel({ token: org.token, events: 'off' });
    panel.style.width = '420px';
    await openChatByClick(panel, chat.id);
    const name = panel.shadowRoot!.querySelector<HTMLElement>('.conversation__name')!;
    await waitUntil(() => name.textContent === 'Maximilian Oberhauser', 'the name', longWait);
    expect(name.scrollWidth).to.be.at.most(name.clientWidth);
  });

  it('keeps the channel select readable in Russian at full width', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off', lang: 'ru' });
    panel.style.width = '760px';
    await waitForPart(panel, 'chat-item');
    const select = part(panel, 'channel-filter') as HTMLSelectElement;
    await waitUntil(() => select.options[0].textContent === 'Все каналы', 'Russian', longWait);
    const probe = document.createElement('span');
    probe.textContent = select.options[0].textContent;
    probe.style.font = getComputedStyle(select).font;
    document.body.append(probe);
    const textWidth = probe.getBoundingClientRect().width;
    probe.remove();
    expect(select.getBoundingClientRect().width, 'room for "Все каналы" and the arrow').to.be.above(textWidth + 16);
    expect(seenInPanel(panel, select)).to.equal(true);
  });

  it('keeps the "new messages" control off the messages', async () => {
    const org = await createOrg('empty');
    const { chat, messageIds } = await seedChat(org, {
      name: 'Long',
      read: true,
      messages: Array.from({ length: 80 }, (_, index) => ({ text: `Message ${index}` })),
    });
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, chat.id);
    await waitUntil(() => onScreen(panel, messageIds.at(-1)!), 'the newest message', longWait);
    for (let turn = 0; turn < 5 && !jumpToNewest(panel); turn++) await wheel(panel, -500);
    await waitUntil(() => jumpToNewest(panel) !== null, 'the control', longWait);
    const control = jumpToNewest(panel)!.getBoundingClientRect();
    const list = messageList(panel).getBoundingClientRect();
    expect(control.top).to.be.at.least(list.bottom - 1);
  });
});
