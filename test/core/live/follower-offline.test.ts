import { expect, waitUntil } from '@open-wc/testing';
import { parseLeaderMessage } from '../../../src/core/live/leader.js';
import type { OperatorChatPanel } from '../../../src/operator-chat-panel.js';
import { createOrg, requests, setFaults } from '../../support/reference-api.js';
import { mountPanel, parts, waitForPart } from '../../support/panel.js';
import { longWait } from '../../support/waits.js';

/** The banner kinds the panel shows now. */
const bannerKinds = (panel: OperatorChatPanel) => parts(panel, 'banner').map((banner) => banner.dataset.kind);
const retrying = (panel: OperatorChatPanel) =>
  parts(panel, 'banner').some((banner) => banner.dataset.kind === 'error' && /retrying/i.test(banner.textContent!));

describe('live updates: a follower shows the leader’s connection state', () => {
  it('shows the retrying error banner in both panels while the one poller gets 5xx, and clears it in both', async () => {
    // Arrange: two panels of one operator in one page elect one poller between them
    const org = await createOrg();
    const first = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    const second = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(first, 'chat-item');
    await waitForPart(second, 'chat-item');
    await waitUntil(
      async () => (await requests(org)).some((request) => request.path === '/api/chat/callback-events'),
      'polling started',
      longWait,
    );

    // Act: the event queue answers 500 (the chat list still works)
    await setFaults(org, { fail500: 100000, paths: '^/api/chat/callback-events' });

    // Assert: a server error is not a lost connection
    await waitUntil(() => retrying(first) && retrying(second), 'the retrying banner in both panels', {
      timeout: 10000,
    });
    expect(bannerKinds(first)).to.not.include('offline');
    expect(bannerKinds(second)).to.not.include('offline');

    // Act: the service recovers and the browser reports the network back (polls at once)
    await setFaults(org, { fail500: 0 });
    window.dispatchEvent(new Event('online'));

    // Assert: the leader's next successful poll clears the banner everywhere
    await waitUntil(() => !retrying(first) && !retrying(second), 'the banner gone in both panels', longWait);
  });

  it('shows the offline banner in both panels while the poller cannot reach the service', async () => {
    const org = await createOrg();
    const first = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    const second = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(first, 'chat-item');
    await waitForPart(second, 'chat-item');
    await setFaults(org, { drop: 100000, paths: '^/api/chat/callback-events' });
    const offline = (panel: OperatorChatPanel) => bannerKinds(panel).includes('offline');
    await waitUntil(() => offline(first) && offline(second), 'the offline banner in both panels', longWait);
    expect(retrying(first)).to.equal(false);
    await setFaults(org, { drop: 0 });
    window.dispatchEvent(new Event('online'));
    await waitUntil(() => !offline(first) && !offline(second), 'the banner gone in both panels', longWait);
  });

  it('takes only well-formed health messages from the channel', () => {
    expect(parseLeaderMessage({ v: 1, kind: 'health', trouble: 'failing' })).to.deep.equal({
      v: 1,
      kind: 'health',
      trouble: 'failing',
    });
    expect(parseLeaderMessage({ v: 1, kind: 'health', trouble: null })).to.deep.equal({
      v: 1,
      kind: 'health',
      trouble: null,
    });
    expect(parseLeaderMessage({ v: 1, kind: 'health', trouble: 'yes' })).to.equal(null);
    expect(parseLeaderMessage({ v: 1, kind: 'health', offline: true })).to.equal(null);
    expect(parseLeaderMessage({ v: 1, kind: 'health' })).to.equal(null);
  });
});
