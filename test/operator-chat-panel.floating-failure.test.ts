/**
 * `mode="floating"` whose launcher code does not load (a dropped network, a CDN fault): a
 * launcher still shows in its corner and says so, and a click tries again and opens the chats.
 * A file of its own: the page must not hold the launcher's module before the test asks for it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg } from './support/reference-api.js';
import { mountPanel, part, parts, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';
import { expectAccessible } from './a11y/helpers.js';
import { deepActiveElement } from './a11y/keys.js';
import { failScripts, keepsFailedModules } from './support/failing-scripts.js';

/** Inside the window and drawn: what the operator can see and click. */
function inWindow(element: Element | null): boolean {
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.left >= 0 &&
    box.top >= 0 &&
    box.right <= innerWidth &&
    box.bottom <= innerHeight
  );
}

describe('operator-chat-panel mode="floating" whose launcher code does not load', () => {
  let panel: OperatorChatPanel;

  afterEach(async () => {
    await failScripts(null);
    panel?.remove();
  });

  it('shows a launcher in its corner that says so; clicked, it loads the chats and opens them once', async () => {
    const org = await createOrg();
    await failScripts('floating-controller');
    panel = await mountPanel({ token: org.token, mode: 'floating' });

    // The launcher shows while its code loads, and says so once the load has failed.
    const [stand] = await waitForPart(
      panel,
      'launcher',
      ([launcher]) => launcher?.dataset.state === 'failed',
      'a launcher that says the load failed',
    );
    expect(stand.getAttribute('aria-label')).to.equal('The chats could not be loaded. Try again');
    expect(inWindow(stand), 'on screen').to.equal(true);
    const box = stand.getBoundingClientRect();
    expect(innerWidth - box.right, 'by the right edge').to.be.below(40);
    expect(innerHeight - box.bottom, 'by the bottom edge').to.be.below(40);
    expect(inWindow(part(panel, 'panel')), 'no panel shown in its place').to.equal(false);
    await expectAccessible(panel);

    // The network is back; the operator clicks, twice before the code is in.
    await failScripts(null);
    stand.click();
    stand.click();
    if (keepsFailedModules) {
      // The browser answers the module from its failure: the stand-in says to reload.
      await waitUntil(
        () =>
          part(panel, 'launcher')?.getAttribute('aria-label') ===
          'The chats could not be loaded. Try again, or reload the page',
        'the stand-in names the reload',
        longWait,
      );
      expect(part(panel, 'launcher')!.dataset.state).to.equal('failed');
      expect(inWindow(part(panel, 'launcher'))).to.equal(true);
      return;
    }
    await waitUntil(
      () => inWindow(part(panel, 'panel')) && parts(panel, 'chat-item').some(inWindow),
      'the chats open in the popup once the code is in',
      longWait,
    );
    await waitUntil(
      () => panel.shadowRoot!.querySelector('[role="dialog"]')!.contains(deepActiveElement()),
      'focus inside the popup',
      longWait,
    );
    // Opened once: a second toggle would have closed it again.
    const launcher = part(panel, 'launcher')!;
    expect(launcher.dataset.state).to.equal(undefined);
    expect(launcher.getAttribute('aria-expanded')).to.equal('true');
    expect(inWindow(part(panel, 'panel'))).to.equal(true);
  });
});
