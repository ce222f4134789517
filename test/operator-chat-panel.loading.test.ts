import { expect, waitUntil } from '@open-wc/testing';
import { createOrg } from './support/reference-api.js';
import { mountPanel, part } from './support/panel.js';

/** When the page started fetching a module whose URL contains `path`, or null while it has not. */
function fetchedAt(path: string): number | null {
  const entry = performance
    .getEntriesByType('resource')
    .find((candidate) => new URL(candidate.name).pathname.includes(path));
  return entry ? entry.startTime : null;
}

describe('operator-chat-panel: what loads when', () => {
  it('fetches nothing but what the list needs before its first row shows; then live updates, the keys and the conversation', async () => {
    // Arrange: this file's page has loaded none of the lazy modules yet.
    expect(fetchedAt('/src/conversation/index')).to.equal(null);
    const org = await createOrg();
    let firstRowAt: number | null = null;
    const observer = new MutationObserver(() => {
      if (
        firstRowAt === null &&
        document.querySelector('operator-chat-panel')?.shadowRoot?.querySelector('[part~="chat-item"]')
      )
        firstRowAt = performance.now();
    });
    observer.observe(document.body, { childList: true, subtree: true });

    // Act
    const panel = await mountPanel({ token: org.token });
    observer.observe(panel.shadowRoot!, { childList: true, subtree: true });
    await waitUntil(() => part(panel, 'chat-item'), 'the first row');
    await waitUntil(
      () => fetchedAt('/src/conversation/index') !== null && fetchedAt('/src/controllers/live-panel') !== null,
      'the conversation and live updates to be fetched',
      { timeout: 10000 },
    );
    observer.disconnect();

    // Assert
    expect(firstRowAt).not.to.equal(null);
    for (const lazy of [
      '/src/conversation/index',
      '/src/controllers/live-panel',
      '/src/controllers/keyboard-controller',
    ])
      expect(fetchedAt(lazy), lazy).to.be.above(firstRowAt!);
    // The launcher and popup are for mode="floating" only.
    expect(fetchedAt('/src/controllers/floating-controller')).to.equal(null);
    // The shortcut sheet waits for its key, `?`.
    expect(fetchedAt('/src/controllers/shortcut-sheet')).to.equal(null);
    panel.remove();
  });

  it('fetches the launcher of mode="floating" only in that mode', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, mode: 'floating' });
    await waitUntil(() => part(panel, 'launcher'), 'the launcher', { timeout: 10000 });
    expect(fetchedAt('/src/controllers/floating-controller')).to.not.equal(null);
    // No panel where the launcher belongs while its code loads: the list is inside the closed popup.
    await waitUntil(() => part(panel, 'chat-list'), 'the list', { timeout: 10000 });
    expect(part(panel, 'chat-list')!.closest('[role="dialog"]')).to.not.equal(null);
    panel.remove();
  });
});
