/**
 * `mode="floating"`: a launcher fixed to a corner with the unread badge, a popup panel, Escape
 * closes it and focus returns to the launcher; accessible open and closed, in both themes.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, type TestOrg } from './support/reference-api.js';
import { chatRowsToWriteIn, mountPanel, part, parts, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';
import { expectAccessible, themes } from './a11y/helpers.js';
import { deepActiveElement, press } from './a11y/keys.js';

function visible(element: Element | null): boolean {
  return element !== null && element.getClientRects().length > 0;
}

function popup(panel: OperatorChatPanel): HTMLElement {
  return panel.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')!;
}

describe('operator-chat-panel mode="floating"', () => {
  let org: TestOrg;
  let panel: OperatorChatPanel;
  let unreadTotal: number;

  beforeEach(async () => {
    org = await createOrg();
    panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('mode', 'floating');
    panel.setAttribute('token', org.token);
    panel.setAttribute('poll-interval', '1000');
    const unread = oneEvent(panel, 'ocp-unread-change');
    document.body.append(panel);
    unreadTotal = (await unread).detail.total;
    await waitForPart(panel, 'chat-item');
  });

  afterEach(() => panel.remove());

  it('shows only a launcher fixed to a corner until it is clicked', async () => {
    const launcher = part(panel, 'launcher')!;
    expect(visible(launcher)).to.equal(true);
    expect(getComputedStyle(launcher).position).to.equal('fixed');
    expect(launcher.getAttribute('aria-expanded')).to.equal('false');
    expect(visible(part(panel, 'panel'))).to.equal(false);
  });

  it('carries the unread total on the launcher badge and in its name', async () => {
    expect(unreadTotal).to.be.above(0);
    const badge = part(panel, 'launcher')!.querySelector('[part~="unread-badge"]')!;
    expect(badge.textContent!.trim()).to.equal(unreadTotal > 99 ? '99+' : String(unreadTotal));
    expect(part(panel, 'launcher')!.getAttribute('aria-label')).to.contain(String(unreadTotal));
  });

  it('counts a customer message on the badge while the popup is closed', async () => {
    const chatId = Number(parts(panel, 'chat-item')[0].dataset.chatId);
    await customerMessage(org, { chatId, text: 'Anyone?' });
    const badge = () => part(panel, 'launcher')!.querySelector('[part~="unread-badge"]')!.textContent!.trim();
    await waitUntil(() => badge() === String(unreadTotal + 1), 'badge counts the new message', longWait);
  });

  it('drops the badge when the token becomes unusable', async () => {
    expect(parts(panel, 'unread-badge').length).to.be.above(0);
    panel.token = 'not-a-jwt';
    await waitUntil(() => parts(panel, 'unread-badge').length === 0, 'no badge without a session', longWait);
    expect(part(panel, 'launcher')!.getAttribute('aria-label')).to.not.contain(String(unreadTotal));
  });

  it('opens the popup panel from the launcher and moves focus into it', async () => {
    part(panel, 'launcher')!.click();
    await panel.updateComplete;
    await waitUntil(() => visible(part(panel, 'panel')), 'popup shows', longWait);
    expect(part(panel, 'launcher')!.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => popup(panel).contains(deepActiveElement()), 'focus inside the popup', longWait);
  });

  it('closes on Escape and gives focus back to the launcher', async () => {
    const launcher = part(panel, 'launcher')!;
    launcher.focus();
    await press('Enter');
    await waitUntil(
      () => visible(part(panel, 'panel')) && popup(panel).contains(deepActiveElement()),
      'opened by keyboard',
      longWait, // the popup's first opening loads its parts: slower in Firefox and WebKit
    );
    await press('Escape');
    await waitUntil(() => !visible(part(panel, 'panel')), 'popup closes', longWait);
    await waitUntil(() => deepActiveElement() === launcher, 'focus back on the launcher', longWait);
    expect(launcher.getAttribute('aria-expanded')).to.equal('false');
  });

  it('closes from its close button with focus back on the launcher', async () => {
    part(panel, 'launcher')!.click();
    await waitUntil(() => visible(part(panel, 'panel')), 'popup shows', longWait);
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.panel__close')!.click();
    await waitUntil(
      () => !visible(part(panel, 'panel')) && deepActiveElement() === part(panel, 'launcher'),
      'closed, launcher focused',
      longWait,
    );
  });

  it('lets Escape close the delete confirmation first and keeps the popup open', async () => {
    part(panel, 'launcher')!.click();
    await waitUntil(() => visible(part(panel, 'panel')), 'popup shows', longWait);
    (await chatRowsToWriteIn(panel, org))[0].click();
    await waitForPart(panel, 'message');
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__delete')!.click();
    const dialog = panel.shadowRoot!.querySelector<HTMLDialogElement>('.conversation__confirm')!;
    await waitUntil(() => dialog.open, 'confirmation opens', longWait);
    await press('Escape');
    await waitUntil(() => !dialog.open, 'confirmation closes', longWait);
    expect(visible(part(panel, 'panel'))).to.equal(true);
    await press('Escape');
    await waitUntil(() => !visible(part(panel, 'panel')), 'then the popup closes', longWait);
  });
});

for (const theme of themes) {
  describe(`operator-chat-panel mode="floating": axe, ${theme} theme`, () => {
    it('has no violation closed and open', async () => {
      const org = await createOrg();
      const panel = await mountPanel({ token: org.token, mode: 'floating', theme });
      await waitForPart(panel, 'chat-item');
      await waitForPart(panel, 'unread-badge');
      await expectAccessible(panel);
      part(panel, 'launcher')!.click();
      await waitUntil(() => visible(part(panel, 'panel')), 'popup shows', longWait);
      await expectAccessible(panel);
    });
  });
}
