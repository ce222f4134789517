/**
 * The panel takes over a first screen whose list answer was not a page of chats (contract §1, §5):
 * the script tag drew the panel's frame with the list loading, and the panel says what went wrong
 * there. A file of its own: the panel's code must not be in before it (its element stays
 * undefined until this test imports it).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { drawFirstScreen } from '../../src/boot/first-screen.js';
import { mountedEarly } from '../support/first-screen.js';
import { parts } from '../support/parts.js';
import { createOrg, setFaults } from '../support/reference-api.js';
import { longWait } from '../support/waits.js';

describe('the panel takes over a first screen without rows', () => {
  it('after an answer that says the token expired: the panel says so where the list was loading', async function () {
    // The panel's code is imported here for the first time in this page: about 140 modules through
    // the dev server, which a busy machine makes take seconds in WebKit.
    this.timeout(30_000);
    const org = await createOrg();
    await setFaults(org, { expireToken: true });
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    expect(handover.drawn, 'the frame was drawn').to.equal(true);
    await import('../../src/operator-chat-panel.js');
    await waitUntil(
      () => panel.shadowRoot!.querySelector('[data-kind="expired"]') !== null,
      'the session-expired banner',
      longWait,
    );
    expect(panel.shadowRoot!.querySelectorAll('[part~="panel"]').length, 'one panel box').to.equal(1);
    expect(parts(panel, 'chat-item').length, 'no rows').to.equal(0);
    const count = panel.shadowRoot!.querySelector('.chat-list__count')?.textContent?.trim();
    expect(count, 'the list no longer says it is loading').not.to.equal('Loading…');
  });
});
