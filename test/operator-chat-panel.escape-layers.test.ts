/**
 * Escape closes one layer per press, the most recently opened first (issue 52.4, contract §8): a
 * menu, the reply target, a sheet (the customer details); then, in the narrow layout, back to the
 * list; the floating popup last. Real key presses; after each, what shows and where the focus is.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { deepActiveElement, press } from './a11y/keys.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { seedChat, type TestOrg, createOrg } from './support/reference-api.js';
import { longWait, waitShowing } from './support/waits.js';

/** Shown: the element has a box (it is not in a hidden pane or a closed popup). */
const shown = (element: Element | null) => element !== null && element.getClientRects().length > 0;

/** The message the composer replies to, shown above the text; null when none. */
const replyTarget = (panel: OperatorChatPanel) => panel.shadowRoot!.querySelector('ocp-composer .composer__reply');

/** The state after a key, for a failure message. */
function layers(panel: OperatorChatPanel): string {
  const focused = deepActiveElement() as HTMLElement | null;
  return [
    `menu ${part(panel, 'quick-replies') ? 'open' : 'closed'}`,
    `reply target ${replyTarget(panel) ? 'set' : 'none'}`,
    `details ${part(panel, 'customer-details') ? 'open' : 'closed'}`,
    `conversation ${shown(part(panel, 'conversation')) ? 'shown' : 'hidden'}`,
    `list ${shown(part(panel, 'chat-list')) ? 'shown' : 'hidden'}`,
    `focus on ${focused ? `${focused.tagName.toLowerCase()}[part=${focused.getAttribute('part')}]` : 'nothing'}`,
  ].join(', ');
}

/** Presses Escape and waits until `settled`; the message names every layer's state. */
async function escapeUntil(panel: OperatorChatPanel, settled: () => boolean, what: string): Promise<void> {
  await press('Escape');
  await waitShowing(settled, () => `${what}: ${layers(panel)}`);
}

/** Opens the customer details with the keyboard (the toggle, Enter): the focus stays on the toggle. */
async function openDetailsByKey(panel: OperatorChatPanel): Promise<HTMLElement> {
  const toggle = part(panel, 'customer-details-toggle')!;
  toggle.focus();
  await press('Enter');
  await waitForPart(panel, 'customer-details');
  return toggle;
}

describe('operator-chat-panel: Escape closes one layer per press', function () {
  this.timeout(60000);
  let org: TestOrg;
  let chatId: number;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await createOrg('empty');
    ({
      chat: { id: chatId },
    } = await seedChat(org, {
      name: 'Layered Customer',
      messages: [{ text: 'Hello, I need the invoice again.' }, { text: 'Order #5521, please.' }],
    }));
  });
  afterEach(async () => {
    panel?.remove();
    await setViewport({ width: 800, height: 600 });
  });

  it('in the narrow layout: the menu, the reply target, the details, then back to the list', async () => {
    panel = await mountPanel({ token: org.token, events: 'off' });
    panel.style.width = '420px';
    panel.quickReplies = [{ shortcut: 'thanks', title: 'Thanks', text: 'Thank you, {name}!' }];
    await openChatByClick(panel, chatId);
    const chatAlive = () => shown(part(panel, 'conversation'));

    // A reply target, then the quick replies over it, typed in the composer.
    const reply = Array.from(parts(panel, 'message')[0].querySelectorAll('button')).find(
      (button) => button.textContent!.trim() === 'Reply',
    )!;
    reply.click();
    await waitUntil(() => replyTarget(panel) !== null, 'the reply target set', longWait);
    const input = part(panel, 'composer-input') as HTMLTextAreaElement;
    input.focus();
    await sendKeys({ type: '/' });
    await waitForPart(panel, 'quick-replies');

    await escapeUntil(panel, () => part(panel, 'quick-replies') === null, 'the menu closed');
    expect(replyTarget(panel), `the reply target stays: ${layers(panel)}`).to.not.equal(null);
    await escapeUntil(panel, () => replyTarget(panel) === null, 'the reply target dropped');
    expect(chatAlive(), `the chat stays (1): ${layers(panel)}`).to.equal(true);
    expect(deepActiveElement(), 'the focus stays in the composer').to.equal(input);

    // The details, opened from the header: the focus on the toggle, then inside the sheet.
    const toggle = await openDetailsByKey(panel);
    await escapeUntil(panel, () => part(panel, 'customer-details') === null, 'the details closed');
    expect(chatAlive(), `the chat stays (2): ${layers(panel)}`).to.equal(true);
    await waitUntil(() => deepActiveElement() === toggle, 'the focus on the toggle', longWait);
    await openDetailsByKey(panel);
    part(panel, 'customer-details')!.querySelector<HTMLElement>('button')!.focus();
    await escapeUntil(panel, () => part(panel, 'customer-details') === null, 'the details closed from inside');
    expect(chatAlive(), `the chat stays (3): ${layers(panel)}`).to.equal(true);
    await waitUntil(() => deepActiveElement() === toggle, 'the focus on the toggle', longWait);

    await escapeUntil(panel, () => !chatAlive() && shown(part(panel, 'chat-list')), 'back to the list');
    await waitUntil(
      () => (deepActiveElement() as HTMLElement | null)?.dataset.chatId === String(chatId),
      'the focus on the row of the chat left',
      longWait,
    );
  });

  it('in a narrow floating popup: the details, then back to the list, then the popup', async () => {
    await setViewport({ width: 420, height: 760 });
    panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('mode', 'floating');
    panel.setAttribute('token', org.token);
    panel.setAttribute('events', 'off');
    document.body.append(panel);
    const launcher = await waitForPart(panel, 'launcher').then(([element]) => element);
    launcher.click();
    await waitUntil(() => shown(part(panel, 'panel')), 'the popup open', longWait);
    await openChatByClick(panel, chatId);
    const toggle = await openDetailsByKey(panel);

    await escapeUntil(panel, () => part(panel, 'customer-details') === null, 'the details closed');
    expect(shown(part(panel, 'conversation')), `the chat stays (4): ${layers(panel)}`).to.equal(true);
    await waitUntil(() => deepActiveElement() === toggle, 'the focus on the toggle', longWait);
    await escapeUntil(
      panel,
      () => !shown(part(panel, 'conversation')) && shown(part(panel, 'chat-list')),
      'back to the list',
    );
    expect(shown(part(panel, 'panel')), `the popup stays: ${layers(panel)}`).to.equal(true);
    await escapeUntil(panel, () => !shown(part(panel, 'panel')), 'the popup closed');
    await waitUntil(() => deepActiveElement() === launcher, 'the focus on the launcher', longWait);
  });
});
