/**
 * A panel whose conversation code does not load (a build that splits it, as the tests' build
 * and a page bundling `dist/lib/` do; the widget's own build keeps it in the panel chunk): a
 * banner says so and the list stays usable; opening a chat once the network is back loads it,
 * shows the messages, and the banner goes. A file of its own: the page must not hold the
 * conversation's module before the test asks for it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { mountPanel, part, parts, seenInPanel, waitForPart } from './support/panel.js';
import { longWait, settled } from './support/waits.js';
import { failScripts, keepsFailedModules } from './support/failing-scripts.js';
import { createOrg } from './support/reference-api.js';

const saysNotLoaded = (panel: OperatorChatPanel) =>
  parts(panel, 'banner').find((banner) => banner.textContent!.includes('The conversation could not be loaded')) ?? null;

describe('operator-chat-panel whose conversation code does not load', () => {
  let panel: OperatorChatPanel;

  afterEach(() => {
    failScripts(null);
    panel?.remove();
  });

  it('says so in a banner and keeps the list; a chat opened once the network is back shows its messages', async () => {
    const org = await createOrg();
    failScripts('conversation/index');
    panel = await mountPanel({ token: org.token });
    const rows = await waitForPart(panel, 'chat-item');
    rows[0].click();

    await waitUntil(() => saysNotLoaded(panel), 'a banner says the conversation could not be loaded', longWait);
    const banner = saysNotLoaded(panel)!;
    expect(banner.dataset.kind).to.equal('error');
    expect(banner.getAttribute('role')).to.equal('alert');
    expect(seenInPanel(panel, banner), 'the banner on screen').to.equal(true);
    expect(
      parts(panel, 'chat-item').filter((row) => seenInPanel(panel, row)).length,
      'the list still shows',
    ).to.be.above(3);

    // The network is back; the operator opens a chat again.
    failScripts(null);
    const chatId = Number(parts(panel, 'chat-item')[1].dataset.chatId);
    parts(panel, 'chat-item')[1].click();
    if (keepsFailedModules) {
      // The browser answers the module from its failure: the banner stays, nothing else breaks.
      await settled(panel);
      expect(saysNotLoaded(panel) !== null, 'the banner still there').to.equal(true);
      expect(parts(panel, 'chat-item').some((row) => seenInPanel(panel, row))).to.equal(true);
      return;
    }
    await waitUntil(
      () => part(panel, 'conversation') && parts(panel, 'message').some((message) => seenInPanel(panel, message)),
      `chat ${chatId}'s messages on screen`,
      longWait,
    );
    expect(saysNotLoaded(panel) === null, 'the banner gone: it is no longer true').to.equal(true);
  });
});
