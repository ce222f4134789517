import { expect, waitUntil } from '@open-wc/testing';
import { parseLeaderMessage } from '../../src/live/leader.js';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { createOrg, requests, setFaults } from '../support/reference-api.js';
import { mountPanel, parts, waitForPart } from '../support/panel.js';

const offline = (panel: OperatorChatPanel) =>
  parts(panel, 'banner').some((banner) => banner.dataset.kind === 'offline');

describe('live updates: a follower shows the leader’s offline state', () => {
  it('shows the offline banner in both panels while the one poller fails, and clears it in both', async () => {
    // Arrange: two panels of one operator in one page elect one poller between them
    const org = await createOrg();
    const first = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    const second = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(first, 'chat-item');
    await waitForPart(second, 'chat-item');
    await waitUntil(
      async () => (await requests(org)).some((request) => request.path === '/api/chat/callback-events'),
      'polling started',
    );

    // Act: the event queue answers 500 (the chat list still works)
    await setFaults(org, { fail500: 100000, paths: '^/api/chat/callback-events' });

    // Assert
    await waitUntil(() => offline(first) && offline(second), 'the offline banner in both panels', { timeout: 10000 });

    // Act: the service recovers and the browser reports the network back (polls at once)
    await setFaults(org, { fail500: 0 });
    window.dispatchEvent(new Event('online'));

    // Assert: the leader's next successful poll clears the banner everywhere
    await waitUntil(() => !offline(first) && !offline(second), 'the banner gone in both panels', { timeout: 10000 });
  });

  it('takes only well-formed health messages from the channel', () => {
    expect(parseLeaderMessage({ v: 1, kind: 'health', offline: true })).to.deep.equal({
      v: 1,
      kind: 'health',
      offline: true,
    });
    expect(parseLeaderMessage({ v: 1, kind: 'health', offline: 'yes' })).to.equal(null);
    expect(parseLeaderMessage({ v: 1, kind: 'health' })).to.equal(null);
  });
});
