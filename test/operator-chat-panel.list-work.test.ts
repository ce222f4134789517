/**
 * The chat list at work (issue 16, items 5 and 10): rows hold still under the operator's pointer
 * and say how many chats moved meanwhile; a slow search says only that it is loading; chats with a
 * draft or an unsent message are marked.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, setFaults, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, seenInPanel, typeInComposer, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

function rowIds(panel: OperatorChatPanel): string[] {
  return parts(panel, 'chat-item').map((row) => row.dataset.chatId!);
}

function rowOf(panel: OperatorChatPanel, chatId: number | string): HTMLElement | undefined {
  return parts(panel, 'chat-item').find((row) => row.dataset.chatId === String(chatId));
}

/** Moves the real mouse over a row, or away from the panel. */
async function pointAt(element: Element | null): Promise<void> {
  if (!element) {
    await sendMouse({ type: 'move', position: [790, 590] });
    return;
  }
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'move', position: [Math.round(box.left + 40), Math.round(box.top + box.height / 2)] });
}

describe('operator-chat-panel: the chat list at work', function () {
  let org: TestOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    panel.style.width = '760px';
    await waitForPart(panel, 'chat-item', (rows) => rows.length >= 5);
  });

  afterEach(async () => {
    await pointAt(null);
    panel.remove();
  });

  it('holds the rows still under the pointer, counts what moved, and shows it when the pointer leaves', async () => {
    const before = rowIds(panel);
    const rested = parts(panel, 'chat-item')[2];
    await pointAt(rested);
    const box = rested.getBoundingClientRect();
    const [x, y] = [Math.round(box.left + 40), Math.round(box.top + box.height / 2)];
    const underPointer = () =>
      (panel.shadowRoot!.elementFromPoint(x, y) as HTMLElement | null)?.closest<HTMLElement>('[part~="chat-item"]')
        ?.dataset.chatId;
    expect(underPointer()).to.equal(before[2]);
    const fourth = Number(before[3]);
    await customerMessage(org, { chatId: fourth, text: 'News that moves me to the top' });
    await waitUntil(() => part(panel, 'chat-list-updates') !== null, 'the updated-chats control', longWait);
    expect(part(panel, 'chat-list-updates')!.textContent).to.match(/1 updated chat/);
    // It covers no row: the first row's name and the control itself both show.
    expect(seenInPanel(panel, part(panel, 'chat-list-updates'))).to.equal(true);
    expect(seenInPanel(panel, parts(panel, 'chat-item')[0].querySelector('.chat-item__name'))).to.equal(true);
    expect(rowIds(panel).slice(0, before.length)).to.deep.equal(before);
    expect(underPointer()).to.equal(before[2]);
    expect(rowOf(panel, fourth)!.textContent).to.contain('News that moves me to the top');
    await pointAt(null);
    await waitUntil(
      () => rowIds(panel)[0] === String(fourth),
      'the moved chat on top once the pointer leaves',
      longWait,
    );
    expect(part(panel, 'chat-list-updates')).to.equal(null);
  });

  it('shows what moved, from the top, when the updated-chats control is clicked', async () => {
    const before = rowIds(panel);
    await pointAt(parts(panel, 'chat-item')[1]);
    await customerMessage(org, { chatId: Number(before[4]), text: 'Me first' });
    await waitUntil(() => part(panel, 'chat-list-updates') !== null, 'the updated-chats control', longWait);
    part(panel, 'chat-list-updates')!.click();
    await waitUntil(() => rowIds(panel)[0] === before[4], 'the list in its live order', longWait);
  });

  it('says only that a slow search is loading, never "0 chats" meanwhile', async () => {
    await setFaults(org, { hold: true, paths: '^/api/chat/chats$' });
    const input = part(panel, 'search-input') as HTMLInputElement;
    input.value = 'Anna';
    input.dispatchEvent(new Event('input'));
    const count = () => panel.shadowRoot!.querySelector('.chat-list__count')!.textContent!.trim();
    await waitUntil(() => parts(panel, 'chat-item').length === 0, 'the search under way', longWait);
    expect(count()).to.equal('Loading…');
    expect(panel.shadowRoot!.querySelector('.chat-list__empty')).to.equal(null);
    expect(panel.shadowRoot!.querySelectorAll('.chat-list__loading').length).to.equal(0);
    await setFaults(org, { hold: false });
    await waitUntil(() => parts(panel, 'chat-item').length > 0, 'the results', longWait);
    expect(count()).to.match(/^\d+ chats?$/);
  });

  it('marks a chat with a draft and one with a message that was not sent', async () => {
    const [first, second, third] = rowIds(panel).map(Number);
    await openChatByClick(panel, first);
    await typeInComposer(panel, 'Half an answer');
    await openChatByClick(panel, second);
    await setFaults(org, { fail500: 1, paths: '/message$' });
    await typeInComposer(panel, 'This will fail');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await waitForPart(panel, 'message--failed');
    await openChatByClick(panel, third);
    await waitUntil(
      () => /Draft:\s*Half an answer/.test(rowOf(panel, first)!.textContent!),
      'the draft mark',
      longWait,
    );
    expect(rowOf(panel, second)!.textContent).to.contain('Not sent');
    expect(rowOf(panel, third)!.textContent).to.not.match(/Draft:|Not sent/);
  });
});
