import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { StoryPreview } from '../src/conversation/message-media/story-preview.js';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { customerMessage, requests, type LoggedRequest, type TestOrg } from './support/reference-api.js';
import { part, seenInPanel, typeInComposer } from './support/panel.js';
import { longWait } from './support/waits.js';
import { watchPageRequests, type PageRequests } from './support/page-requests.js';
import { bubble, openSeededChat, seededOrg, type SeededOrg } from './support/seeded-chat.js';
import { composerShows, dropFiles, paste, pasteFiles, png, refusal } from './support/composer-files.js';

/** The element that has focus, looking inside shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** A Story reply that arrives live in the open chat: the Story block comes only with the callback. */
async function liveStoryReply(withUrl: boolean): Promise<StoryPreview> {
  const org = await seededOrg();
  const chatId = org.fixtures.chats.storyReply;
  const panel = await openSeededChat(org, chatId, { 'poll-interval': '1000' });
  const reply = await customerMessage(org, { chatId, story: true, storyUrl: withUrl, text: 'Love this one' });
  await waitUntil(
    () => bubble(panel, reply.id)?.querySelector('ocp-story-preview') != null,
    'the Story reply arrives live',
    longWait,
  );
  // The preview's code is a chunk of its own, loaded once the chat's messages hold a Story.
  await customElements.whenDefined('ocp-story-preview');
  const preview = bubble(panel, reply.id)!.querySelector('ocp-story-preview')!;
  await preview.updateComplete;
  return preview;
}

async function expectStickerPlaceholder(message: HTMLElement, watched: PageRequests): Promise<void> {
  const media = message.querySelector('ocp-message-media')!;
  await media.updateComplete;
  const root = media.shadowRoot!;
  const placeholder = root.querySelector<HTMLElement>('[part~="message-media-placeholder"]')!;
  expect(placeholder, 'a placeholder').to.exist;
  expect(placeholder.getAttribute('role')).to.equal('img');
  expect(placeholder.getAttribute('aria-label')).to.equal('Animated sticker sticker-animated-2.tgs');
  expect(root.querySelector('[part~="message-media"]')!.getAttribute('part')).to.contain(
    'message-media--sticker-animated',
  );
  expect(root.querySelector('[part~="message-media--file"], [part~="message-media--fallback"], img, video')).to.equal(
    null,
  );
  // Shown, so asked for by now had it been: a request to this origin ends before the sentinel's.
  const fetched = (await watched.urls()).filter((url) => new URL(url).pathname.endsWith('.tgs'));
  watched.stop();
  expect(fetched, 'the .tgs file fetched').to.deep.equal([]);
}

async function uploads(org: TestOrg, chatId: number): Promise<LoggedRequest[]> {
  return (await requests(org)).filter(
    (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message/v2`,
  );
}

async function upload(org: TestOrg, chatId: number): Promise<LoggedRequest | undefined> {
  return (await requests(org)).find(
    (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message/v2`,
  );
}

function attachmentPreview(panel: OperatorChatPanel): Element | null {
  return part(panel, 'composer')!.querySelector('ocp-attachment-preview');
}

function previewName(panel: OperatorChatPanel): string | undefined {
  return attachmentPreview(panel)?.shadowRoot?.querySelector('[part="attachment-preview-name"]')?.textContent?.trim();
}

describe('operator-chat-panel: media in the conversation', () => {
  it('opens a Story reply’s image (the callback’s Story.Url) in the media viewer, like a photo; Escape closes it', async () => {
    // Arrange: the Story image is known only from the live callback, so the panel polls
    const preview = await liveStoryReply(true);
    const open = preview.shadowRoot!.querySelector<HTMLButtonElement>('[part="story-preview-open"]')!;
    const storyUrl = preview.shadowRoot!.querySelector('[part="story-preview-image"]')!.getAttribute('src');
    expect(storyUrl).to.match(/\/media\/story\/\d+\.svg$/);

    // Act
    open.focus();
    open.click();

    // Assert
    await waitUntil(() => preview.shadowRoot!.querySelector('ocp-media-viewer') !== null, 'the viewer', longWait);
    const viewer = preview.shadowRoot!.querySelector('ocp-media-viewer')!;
    await viewer.updateComplete;
    expect(viewer.shadowRoot!.querySelector('dialog')!.open).to.equal(true);
    expect(viewer.shadowRoot!.querySelector('[part="media-viewer-image"]')!.getAttribute('src')).to.equal(storyUrl);
    await sendKeys({ press: 'Escape' });
    await waitUntil(
      () => preview.shadowRoot!.querySelector('ocp-media-viewer') === null,
      'the viewer closed',
      longWait,
    );
    expect(deepActive()).to.equal(open);
  });

  it('offers nothing to open for a Story whose media could not be saved', async () => {
    const preview = await liveStoryReply(false);
    expect(preview.shadowRoot!.querySelector('[part="story-preview-open"]')).to.equal(null);
    expect(preview.shadowRoot!.querySelector('[part="story-preview-placeholder"]')).to.exist;
  });

  it('shows a .tgs animated sticker as a labelled sticker placeholder, not a file row, and never fetches it', async () => {
    // Arrange: a customer sends a Lottie sticker
    const org = await seededOrg();
    const chatId = org.fixtures.chats.bot;
    const sent = await customerMessage(org, { chatId, mediaVariant: 'tgs' });

    // Act
    const watched = watchPageRequests();
    const panel = await openSeededChat(org, chatId);
    await waitUntil(() => bubble(panel, sent.id) !== undefined, 'the sticker message', longWait);

    // Assert
    await expectStickerPlaceholder(bubble(panel, sent.id)!, watched);
  });

  it('shows the placeholder for a .tgs sticker that arrives live (the callback gives only its URL)', async () => {
    const org = await seededOrg();
    const chatId = org.fixtures.chats.bot;
    const panel = await openSeededChat(org, chatId, { 'poll-interval': '1000' });

    const watched = watchPageRequests();
    const sent = await customerMessage(org, { chatId, mediaVariant: 'tgs' });

    await waitUntil(() => bubble(panel, sent.id) !== undefined, 'the sticker message arrives live', longWait);
    await expectStickerPlaceholder(bubble(panel, sent.id)!, watched);
  });
});

describe('operator-chat-panel: attaching by drop and paste', () => {
  let org: SeededOrg;
  let chatId: number;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await seededOrg();
    chatId = org.fixtures.chats.notes;
    panel = await openSeededChat(org, chatId);
  });

  it('attaches a file dropped on the conversation: preview, then multipart with Media.File and Media.Type', async () => {
    // Act: drag over and drop
    const taken = dropFiles(panel, [new File(['%PDF-1.4 dropped'], 'dropped-terms.pdf', { type: 'application/pdf' })]);
    expect(taken, 'the conversation accepts the drag').to.equal(true);

    // Assert: preview first, nothing sent yet
    await waitUntil(() => previewName(panel) === 'dropped-terms.pdf', 'the attachment preview', longWait);
    expect(await upload(org, chatId)).to.equal(undefined);
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const request = (await upload(org, chatId))!;
    expect(request.formFields).to.include.members(['Media.File', 'Media.Name', 'Media.Format', 'Media.Type', 'Author']);
    expect(request.formValues).to.deep.include({
      'Media.Type': '2',
      'Media.Name': 'dropped-terms.pdf',
      'Media.Format': 'application/pdf',
    });
    expect(request.formValues!['Media.File']).to.deep.include({ filename: 'dropped-terms.pdf', size: 16 });
    expect(attachmentPreview(panel)).to.equal(null);
  });

  it('attaches an image pasted into the composer: preview, then multipart as a photo', async () => {
    // Arrange
    const image = png('image.png');
    await typeInComposer(panel, 'The screenshot');

    // Act
    const pasted = pasteFiles(panel, [image]);

    // Assert
    expect(pasted.defaultPrevented, 'the image is not pasted as text').to.equal(true);
    await waitUntil(() => previewName(panel) === 'image.png', 'the attachment preview', longWait);
    expect((part(panel, 'composer-input') as HTMLTextAreaElement).value).to.equal('The screenshot');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const request = (await upload(org, chatId))!;
    expect(request.formValues).to.deep.include({
      TextMessage: 'The screenshot',
      'Media.Type': '1',
      'Media.Format': 'image/png',
      'Media.Name': 'image.png',
    });
    expect(request.formValues!['Media.File']).to.deep.include({ filename: 'image.png', size: image.size });
  });

  it('leaves a paste of plain text to the text field', async () => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', 'just words');
    expect(paste(panel, transfer).defaultPrevented).to.equal(false);
    await panel.updateComplete;
    expect(attachmentPreview(panel)).to.equal(null);
  });

  it('takes several files dropped at once and several pasted, images or not, after those before, and sends them in that order', async () => {
    panel.style.height = '560px'; // in the window: the files are asserted on screen
    // Arrange: a screenshot pasted first
    pasteFiles(panel, [png('screenshot.png')]);
    await composerShows(panel, ['screenshot.png']);

    // Act: two files dropped at once, then two pasted at once (not images, and an image)
    const taken = dropFiles(panel, [
      new File(['%PDF-1.4 terms'], 'terms.pdf', { type: 'application/pdf' }),
      png('photo.png'),
    ]);
    const pasted = pasteFiles(panel, [new File(['a,b\n1,2'], 'prices.csv', { type: 'text/csv' }), png('label.png')]);

    // Assert: held in the order they came, none refused, each seen
    expect(taken, 'the conversation accepts the drag').to.equal(true);
    expect(pasted.defaultPrevented, 'the files are not pasted as text').to.equal(true);
    const names = ['screenshot.png', 'terms.pdf', 'photo.png', 'prices.csv', 'label.png'];
    const rows = await composerShows(panel, names);
    expect(refusal(panel)).to.equal(null);
    for (const { row } of rows.slice(0, 3)) expect(seenInPanel(panel, row), row.textContent ?? '').to.equal(true);
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    await waitUntil(async () => (await uploads(org, chatId)).length === 5, 'five uploads', longWait);
    const uploaded = (await uploads(org, chatId)).map((request) => [
      request.formValues?.['Media.Name'],
      request.formValues?.['Media.Type'],
    ]);
    expect(uploaded).to.deep.equal([
      ['screenshot.png', '1'],
      ['terms.pdf', '2'],
      ['photo.png', '1'],
      ['prices.csv', '2'],
      ['label.png', '1'],
    ]);
    await composerShows(panel, []);
  });
});
