import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createOrg, requests } from './support/reference-api.js';
import { mountPanel, part } from './support/panel.js';
import { openSeededChat, seededOrg } from './support/seeded-chat.js';
import { deepActiveElement } from './a11y/keys.js';
import { longWait } from './support/waits.js';

/** When the page started fetching a module whose URL contains `path`, or null while it has not. */
function fetchedAt(path: string): number | null {
  const entry = performance
    .getEntriesByType('resource')
    .find((candidate) => new URL(candidate.name).pathname.includes(path));
  return entry ? entry.startTime : null;
}

describe('operator-chat-panel: what loads when', () => {
  it('fetches no lazy feature to show its first rows', async () => {
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
    await waitUntil(() => part(panel, 'chat-item'), 'the first row', longWait);
    observer.disconnect();

    // Assert
    expect(firstRowAt).not.to.equal(null);
    // What most sessions never use waits until it is asked for.
    expect(fetchedAt('/src/attention/attention-controller'), 'attention without notify').to.equal(null);
    // The launcher and popup are for mode="floating" only.
    expect(fetchedAt('/src/panel/floating-controller')).to.equal(null);
    // The shortcut sheet waits for its key, `?`; the languages for a language other than English.
    expect(fetchedAt('/src/panel/shortcut-sheet/shortcut-sheet')).to.equal(null);
    expect(fetchedAt('/src/i18n/localization')).to.equal(null);
    panel.remove();
  });

  it('fetches the launcher of mode="floating" only in that mode', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, mode: 'floating' });
    await waitUntil(() => part(panel, 'launcher'), 'the launcher', longWait);
    expect(fetchedAt('/src/panel/floating-controller')).to.not.equal(null);
    // No panel where the launcher belongs while its code loads: the list is inside the closed popup.
    await waitUntil(() => part(panel, 'chat-list'), 'the list', longWait);
    expect(part(panel, 'chat-list')!.closest('[role="dialog"]')).to.not.equal(null);
    panel.remove();
  });

  it('fetches the media viewer only when the operator first opens a photo, and then shows it focused', async () => {
    // Arrange: a conversation with photos on screen
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.allMedia);
    const photoButton = () =>
      Array.from(panel.shadowRoot!.querySelectorAll('ocp-message-media'))
        .map((element) => element.shadowRoot?.querySelector<HTMLButtonElement>('[part~="message-media-open"]'))
        .find((button) => button != null);
    await waitUntil(photoButton, 'a photo', longWait);
    const opener = photoButton()!;
    const media = (opener.getRootNode() as ShadowRoot).host;
    const viewer = () => media.shadowRoot!.querySelector('ocp-media-viewer');
    expect(fetchedAt('/src/conversation/media-viewer/index'), 'fetched before a photo is opened').to.equal(null);

    // Act: a click, with neither the pointer nor the focus on the photo before
    opener.click();

    // Assert
    await waitUntil(() => viewer()?.shadowRoot?.querySelector('dialog')?.open, 'the viewer opens', longWait);
    expect(fetchedAt('/src/conversation/media-viewer/index')).to.not.equal(null);
    expect(deepActiveElement()).to.equal(viewer()!.shadowRoot!.querySelector('[part~="media-viewer-close"]'));
    const closed = oneEvent(viewer()!, 'ocp-media-viewer-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    await waitUntil(() => viewer() === null, 'the viewer closes', longWait);
    panel.remove();
  });

  it('fetches the attachment preview only when the composer first gets a file, then shows and sends it', async () => {
    // Arrange: a conversation open, its composer empty
    const org = await seededOrg();
    const chatId = org.fixtures.chats.notes;
    const panel = await openSeededChat(org, chatId);
    const previewName = () =>
      panel
        .shadowRoot!.querySelector('ocp-attachment-preview')
        ?.shadowRoot?.querySelector('[part~="attachment-preview-name"]')
        ?.textContent?.trim();
    await waitUntil(() => part(panel, 'composer-input'), 'the composer', longWait);
    expect(fetchedAt('/src/conversation/attachment-preview/index'), 'fetched before a file is chosen').to.equal(null);

    // Act: a file chosen in the picker (its change, without the button that opens it)
    const input = panel.shadowRoot!.querySelector<HTMLInputElement>('.composer__file')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.4 lazy'], 'lazy-terms.pdf', { type: 'application/pdf' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));

    // Assert: shown once its chunk is in, and sent as chosen
    await waitUntil(() => previewName() === 'lazy-terms.pdf', 'the attachment preview', longWait);
    expect(fetchedAt('/src/conversation/attachment-preview/index')).to.not.equal(null);
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const upload = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message/v2`,
    );
    expect(upload!.formValues).to.deep.include({ 'Media.Name': 'lazy-terms.pdf', 'Media.Format': 'application/pdf' });
    await waitUntil(() => previewName() === undefined, 'the composer emptied after sending', longWait);
    panel.remove();
  });
});
