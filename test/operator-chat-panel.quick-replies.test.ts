/**
 * Quick replies (contract §2 `quickReplies`, issue 14 §3): `/` at the start of the composer or the
 * quick-reply button opens a menu filtered by what follows the slash; the arrows move, Enter and
 * Tab choose, Escape closes. The chosen reply, filled in with the customer's and the operator's
 * names, goes into the composer for editing and is never sent by itself. Against the reference
 * API: its request log shows what was (not) sent.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import type { QuickReply } from '../src/quick-reply.js';
import { createOrg, requests, type TestOrg } from './support/reference-api.js';
import { chatRowsToWriteIn, mountPanel, part, parts, waitForPart } from './support/panel.js';
import { longWait, settled } from './support/waits.js';
import { captureWarnings } from './support/console.js';
import { chord, deepActiveElement, press } from './a11y/keys.js';

const replies: QuickReply[] = [
  { shortcut: 'greet', title: 'Greeting', text: 'Hello {name}, this is {operator}. How can I help?' },
  { shortcut: 'grace', title: 'Grace period', text: 'Your payment has a 3-day grace period.' },
  { shortcut: 'refund', title: 'Refunds for green cards', text: 'Refunds take 5 working days.' },
  { shortcut: 'bye', title: 'Goodbye', text: 'Thanks for writing, {name}!' },
];

let org: TestOrg;
let panel: OperatorChatPanel;

const field = () => part(panel, 'composer-input') as HTMLTextAreaElement;
const menu = () => part(panel, 'quick-replies');
const menuShortcuts = () =>
  parts(panel, 'quick-reply').map((item) =>
    item.querySelector('.quick-replies__shortcut')!.textContent!.trim().slice(1),
  );
const activeShortcut = () =>
  parts(panel, 'quick-reply')
    .find((item) => item.getAttribute('aria-selected') === 'true')
    ?.querySelector('.quick-replies__shortcut')!
    .textContent!.trim()
    .slice(1);
const openChatId = () =>
  panel.shadowRoot!.querySelector<HTMLElement & { chatId: number | null }>('ocp-conversation')?.chatId;

/** Messages the panel asked the API to send, any of the three forms. */
async function sends(): Promise<string[]> {
  return (await requests(org))
    .filter((request) => request.method === 'POST' && /\/api\/chat\/\d+\/message(\/v2)?$/.test(request.path))
    .map((request) => request.path);
}

/** The operator's name as the reference API put it in the token. */
function tokenOperatorName(): string {
  const payload = org.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
  return (JSON.parse(new TextDecoder().decode(bytes)) as { operatorName: string }).operatorName;
}

/** Opens a chat to write in (`chatRowsToWriteIn`) from the list by keyboard: focus lands in its composer. */
async function openChatByKeyboard(): Promise<void> {
  (await chatRowsToWriteIn(panel, org))[0].focus();
  await press('Enter');
  await waitUntil(() => deepActiveElement() === field(), 'focus in the composer', longWait);
}

async function typeKeys(text: string): Promise<void> {
  await sendKeys({ type: text });
  await panel.updateComplete;
}

async function mount(attributes: Record<string, string> = {}, quickReplies: unknown = replies): Promise<void> {
  org = await createOrg();
  panel = await mountPanel({ token: org.token, events: 'off', ...attributes });
  (panel as unknown as { quickReplies: unknown }).quickReplies = quickReplies;
  await waitForPart(panel, 'chat-item');
}

describe('operator-chat-panel: quick replies', () => {
  afterEach(() => panel?.remove());

  it('puts a reply into the composer by keyboard alone, and sends nothing', async () => {
    await mount();
    await openChatByKeyboard();

    await typeKeys('/gr');
    await waitUntil(() => menu() !== null, 'the menu opens', longWait);
    expect(menuShortcuts()).to.deep.equal(['greet', 'grace', 'refund']);
    expect(activeShortcut()).to.equal('greet');
    await press('ArrowDown');
    await press('ArrowDown');
    await press('ArrowUp');
    expect(activeShortcut()).to.equal('grace');
    await press('Enter');

    await waitUntil(() => menu() === null, 'the menu closes', longWait);
    expect(field().value).to.equal('Your payment has a 3-day grace period.');
    expect(deepActiveElement()).to.equal(field());
    expect(field().selectionStart).to.equal(field().value.length);
    await settled(panel);
    expect(await sends()).to.deep.equal([]);
  });

  it('chooses with Tab, keeping the focus in the composer', async () => {
    await mount();
    await openChatByKeyboard();
    await typeKeys('/by');
    await waitUntil(() => menuShortcuts().join() === 'bye', 'only "bye" matches', longWait);
    await press('Tab');
    await waitUntil(() => field().value.startsWith('Thanks for writing'), 'the reply is in', longWait);
    expect(deepActiveElement()).to.equal(field());
    expect(menu()).to.equal(null);
    expect(await sends()).to.deep.equal([]);
  });

  it('fills {name} with the customer’s name and {operator} with the token’s operator name', async () => {
    await mount();
    await openChatByKeyboard();
    const customer = panel.shadowRoot!.querySelector('.conversation__name')!.textContent!.trim();
    const operator = tokenOperatorName();
    expect(operator).to.not.equal('');
    await typeKeys('/greet');
    await waitUntil(() => activeShortcut() === 'greet', 'greet is offered', longWait);
    // The menu shows the text as it will go in.
    expect(parts(panel, 'quick-reply')[0].textContent).to.contain(`Hello ${customer}, this is ${operator}.`);
    await press('Enter');
    await waitUntil(() => menu() === null, 'the menu closes', longWait);
    expect(field().value).to.equal(`Hello ${customer}, this is ${operator}. How can I help?`);
  });

  it('narrows the menu as the operator types, by shortcut and by title', async () => {
    await mount();
    await openChatByKeyboard();
    await typeKeys('/');
    await waitUntil(() => menuShortcuts().length === 4, 'every reply for a bare slash', longWait);
    await typeKeys('g');
    expect(menuShortcuts()).to.deep.equal(['greet', 'grace', 'bye', 'refund']); // titles: "Goodbye", "green"
    await typeKeys('r');
    expect(menuShortcuts()).to.deep.equal(['greet', 'grace', 'refund']);
    await typeKeys('e');
    expect(menuShortcuts()).to.deep.equal(['greet', 'refund']);
    await typeKeys('et');
    expect(menuShortcuts()).to.deep.equal(['greet']);
    for (let count = 0; count < 5; count++) await press('Backspace');
    await panel.updateComplete;
    expect(menuShortcuts(), 'a bare slash again').to.have.length(4);
    await typeKeys('period');
    expect(menuShortcuts()).to.deep.equal(['grace']);
  });

  it('closes with Escape without leaving the chat, and stays closed over that slash', async () => {
    await mount();
    panel.style.width = '420px'; // one pane: Escape would otherwise go back to the list
    await openChatByKeyboard();
    const chatId = openChatId();
    await typeKeys('/gr');
    await waitUntil(() => menu() !== null, 'the menu opens', longWait);

    await press('Escape');
    await waitUntil(() => menu() === null, 'the menu closes', longWait);
    await panel.updateComplete;
    expect(openChatId()).to.equal(chatId);
    expect(part(panel, 'chat-list')!.getClientRects().length, 'the list stays hidden').to.equal(0);
    expect(deepActiveElement()).to.equal(field());
    expect(field().value).to.equal('/gr');
    await typeKeys('a');
    expect(menu(), 'closed while the text starts with that slash').to.equal(null);

    // The next Escape is the panel's again: back to the list.
    await press('Escape');
    await waitUntil(() => part(panel, 'chat-list')!.getClientRects().length > 0, 'back to the list', longWait);
  });

  it('closes with Escape inside the floating popup, which stays open', async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, events: 'off', mode: 'floating' });
    panel.quickReplies = replies;
    // The launcher's code is a chunk of its own, loaded in floating mode.
    (await waitForPart(panel, 'launcher'))[0].click();
    await waitForPart(panel, 'chat-item');
    const popup = panel.shadowRoot!.querySelector<HTMLElement>('.popup')!;
    await waitUntil(() => !popup.hidden, 'the popup opens', longWait);
    await openChatByKeyboard();
    await typeKeys('/gr');
    await waitUntil(() => menu() !== null, 'the menu opens', longWait);
    await press('Escape');
    await waitUntil(() => menu() === null, 'the menu closes', longWait);
    await panel.updateComplete;
    expect(popup.hidden, 'the popup stays open').to.equal(false);
    expect(deepActiveElement()).to.equal(field());
  });

  it('never sends while the menu is open, even when nothing matches', async () => {
    await mount();
    await openChatByKeyboard();
    await typeKeys('/zzz');
    await waitUntil(
      () => panel.shadowRoot!.querySelector('.quick-replies__empty') !== null,
      'says nothing matches',
      longWait,
    );
    expect(panel.shadowRoot!.querySelector('.quick-replies__empty')!.textContent).to.contain('/zzz');
    await press('Enter');
    await settled(panel);
    expect(field().value).to.equal('/zzz');
    expect(await sends()).to.deep.equal([]);
    await press('Escape');
    await waitUntil(() => menu() === null, 'Escape closes it', longWait);
  });

  it('opens every reply from the button and puts the chosen one in at the caret', async () => {
    await mount();
    await openChatByKeyboard();
    await typeKeys('Sure. ');
    const button = (await waitForPart(panel, 'quick-reply-button'))[0] as HTMLButtonElement;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    await waitUntil(() => menuShortcuts().length === 4, 'every reply', longWait);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(deepActiveElement()).to.equal(field());
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => menu() === null, 'the menu closes', longWait);
    expect(field().value).to.equal('Sure. Your payment has a 3-day grace period.');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(await sends()).to.deep.equal([]);
  });

  it('chooses a reply with a click on it', async () => {
    await mount();
    await openChatByKeyboard();
    await typeKeys('/');
    await waitUntil(() => menuShortcuts().length === 4, 'every reply', longWait);
    parts(panel, 'quick-reply')[2].click();
    await waitUntil(() => field().value === 'Refunds take 5 working days.', 'the clicked reply is in', longWait);
    expect(menu()).to.equal(null);
  });

  for (const theme of ['light', 'dark'])
    it(`ties the text field and the button to the listbox for assistive technology (${theme})`, async () => {
      await mount({ theme });
      await openChatByKeyboard();
      expect(field().getAttribute('aria-autocomplete')).to.equal('list');
      expect(field().hasAttribute('aria-controls')).to.equal(false);
      await typeKeys('/gr');
      await waitUntil(() => menu() !== null, 'the menu opens', longWait);
      await press('ArrowDown');
      const listbox = menu()!;
      expect(listbox.getAttribute('role')).to.equal('listbox');
      expect(field().getAttribute('aria-controls')).to.equal(listbox.id);
      expect(part(panel, 'quick-reply-button')!.getAttribute('aria-controls')).to.equal(listbox.id);
      expect(part(panel, 'quick-reply-button')!.getAttribute('aria-expanded')).to.equal('true');
      const options = parts(panel, 'quick-reply');
      expect(options.map((option) => option.getAttribute('role'))).to.deep.equal(['option', 'option', 'option']);
      expect(options.map((option) => option.getAttribute('aria-selected'))).to.deep.equal(['false', 'true', 'false']);
      expect(field().getAttribute('aria-activedescendant')).to.equal(options[1].id);
      expect(panel.shadowRoot!.getElementById(options[1].id)).to.equal(options[1]);
      expect(options[1].getAttribute('part')).to.equal('quick-reply quick-reply--active');
      await expect(panel).to.be.accessible();
    });

  it('closes the menu when Alt+ArrowDown opens the next chat', async () => {
    await mount();
    await openChatByKeyboard();
    const first = openChatId();
    await typeKeys('/gr');
    await waitUntil(() => menu() !== null, 'the menu opens', longWait);
    await chord('Alt', 'ArrowDown');
    await waitUntil(() => openChatId() !== first, 'the next chat opens', longWait);
    await panel.updateComplete;
    expect(menu()).to.equal(null);
    expect(field().value).to.equal('');
  });

  it('without quick replies, shows no button and sends a leading slash as text', async () => {
    await mount({}, []);
    await openChatByKeyboard();
    expect(part(panel, 'quick-reply-button')).to.equal(null);
    expect(field().hasAttribute('aria-autocomplete')).to.equal(false);
    await typeKeys('/gr');
    expect(menu()).to.equal(null);
    await press('Enter');
    await waitUntil(async () => (await sends()).length === 1, 'the message is sent', longWait);
    const sent = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path.endsWith('/message'),
    );
    expect((sent!.jsonBody as { textMessage: string }).textMessage).to.equal('/gr');
  });

  it('leaves out invalid entries with one console.warn', async () => {
    const { warnings, restore } = captureWarnings();
    try {
      const mixed = [replies[0], { shortcut: 'broken' }, { title: 'No shortcut', text: 'x' }];
      await mount({}, mixed);
      await openChatByKeyboard();
      await typeKeys('/');
      await waitUntil(() => menu() !== null, 'the menu opens', longWait);
      expect(menuShortcuts()).to.deep.equal(['greet']);
      panel.requestUpdate(); // the same array again: no second warning
      await panel.updateComplete;
      const about = warnings.filter((warning) => warning.includes('quickReplies'));
      expect(about).to.have.length(1);
      expect(about[0]).to.contain('[1], [2]');
    } finally {
      restore();
    }
  });

  describe('inside the panel’s box', () => {
    const many: QuickReply[] = Array.from({ length: 12 }, (_, index) => ({
      shortcut: `reply${index + 1}`,
      title: `Canned answer number ${index + 1}`,
      text: `Text of canned answer ${index + 1} for {name}.`,
    }));

    afterEach(() => setViewport({ width: 800, height: 600 }));

    /** The element on screen at the middle of `element` is `element` or inside it: nothing covers or clips it. */
    function seen(element: HTMLElement): boolean {
      const box = element.getBoundingClientRect();
      const hit = panel.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    }

    // 420×380: a short panel, where the menu's full height would reach over the chat's header.
    for (const [width, height] of [
      [420, 700],
      [1280, 800],
      [420, 380],
    ])
      it(`shows the menu and its active item whole at ${width}×${height}`, async () => {
        await setViewport({ width: 1320, height: 840 });
        await mount({}, many);
        panel.style.width = `${width}px`;
        panel.style.height = `${height}px`;
        await openChatByKeyboard();
        await typeKeys('/');
        await waitUntil(() => menuShortcuts().length === 12, 'every reply', longWait);

        const panelBox = part(panel, 'panel')!.getBoundingClientRect();
        const menuBox = menu()!.getBoundingClientRect();
        const listTop = part(panel, 'message-list')!.getBoundingClientRect().top;
        expect(menuBox.top, 'below the top of the message list').to.be.at.least(listTop);
        expect(menuBox.left).to.be.at.least(panelBox.left);
        expect(menuBox.right).to.be.at.most(panelBox.right);
        expect(menuBox.bottom).to.be.at.most(part(panel, 'composer')!.getBoundingClientRect().top + 1);
        expect(menuBox.height, 'room for several replies').to.be.above(height > 600 ? 150 : 90);
        const items = parts(panel, 'quick-reply');
        expect(seen(items[0]), 'the first reply').to.equal(true);

        await press('ArrowUp'); // wraps round to the last one, scrolled into the menu
        await waitUntil(() => activeShortcut() === 'reply12', 'the last reply is active', longWait);
        await waitUntil(() => seen(items[11]), 'the last reply in view', longWait);
        const last = items[11].getBoundingClientRect();
        expect(last.top).to.be.at.least(menuBox.top);
        expect(last.bottom).to.be.at.most(menuBox.bottom);
      });
  });
});
