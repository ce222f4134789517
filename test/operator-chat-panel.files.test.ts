/**
 * Several files at once (contract §4 "Sending", §8; issue 55.2): the composer holds up to ten in
 * the order chosen, each named with its size and a remove control; sending delivers them in that
 * order, one message each (`/message/v2` takes one `Media.File`), the text and reply target with
 * the first and the note flag with all; a failed one keeps the later ones waiting until it is
 * retried or discarded; a reload brings them all back in order; each chat keeps its own.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { draftFileKey, keptFile } from '../src/core/state/kept-files.js';
import { createOrg, requests, setFaults, type LoggedRequest, type TestOrg } from './support/reference-api.js';
import {
  chatRowsToWriteIn,
  mountPanel,
  openChatByClick,
  part,
  parts,
  seenInPanel,
  typeInComposer,
  waitForPart,
} from './support/panel.js';
import {
  browserKeepsFiles,
  composerFiles,
  composerShows,
  dropFiles,
  fileOf,
  pickFiles,
  png,
  refusal,
} from './support/composer-files.js';
import { longWait, settled } from './support/waits.js';

let org: TestOrg;
let panel: OperatorChatPanel;
let chatIds: number[];

async function mountAndOpen(attributes: Record<string, string> = {}): Promise<void> {
  panel = await mountPanel({ token: org.token, events: 'off', ...attributes });
  panel.style.height = '560px'; // in the window: what the operator sees is asserted on screen
  const rows = await chatRowsToWriteIn(panel, org, 2);
  chatIds = rows.map((row) => Number(row.dataset.chatId));
  await open(chatIds[0]);
}

async function open(chatId: number): Promise<void> {
  await openChatByClick(panel, chatId);
  const conversation = () => panel.shadowRoot!.querySelector<HTMLElement & { chatId: number }>('ocp-conversation');
  await waitUntil(() => conversation()?.chatId === chatId, `chat ${chatId} open`, longWait);
  await panel.shadowRoot!.querySelector('ocp-composer')!.updateComplete;
}

/** The uploads the reference API received, in order, with what the operator can check of each. */
async function uploads(chatId?: number): Promise<LoggedRequest[]> {
  return (await requests(org)).filter(
    (request) =>
      request.method === 'POST' &&
      request.path.endsWith('/message/v2') &&
      (chatId === undefined || request.path === `/api/chat/${chatId}/message/v2`),
  );
}

const nameOf = (request: LoggedRequest) => request.formValues?.['Media.Name'];

function send(): void {
  (part(panel, 'send-button') as HTMLButtonElement).click();
}

/** The name of the file a message shows (a file row's name, an image's alternative text), or null. */
function mediaName(message: HTMLElement): string | null {
  const root = message.querySelector('ocp-message-media')?.shadowRoot;
  const name = root?.querySelector('[part~="message-media-name"]')?.textContent ?? root?.querySelector('img')?.alt;
  return name?.trim() || null;
}

/** The files the open chat's messages show, in order, of those named. */
function shownFiles(names: readonly string[]): string[] {
  return parts(panel, 'message')
    .map(mediaName)
    .filter((name): name is string => name !== null && names.includes(name));
}

/** The messages that show one of these files. */
function messagesWith(names: readonly string[]): HTMLElement[] {
  return parts(panel, 'message').filter((message) => names.includes(mediaName(message) ?? ''));
}

const three = () => [fileOf('invoice.pdf', 1536), png('label.png'), fileOf('terms.txt', 3 * 1024, 'text/plain')];
const threeNames = ['invoice.pdf', 'label.png', 'terms.txt'];

/** The three files chosen and sent while the service fails the second upload once: its failed message. */
async function sendThreeFailingTheSecond(): Promise<HTMLElement> {
  await mountAndOpen();
  await setFaults(org, { fail500: 1, passFirst: 1, paths: 'message/v2$' });
  pickFiles(panel, three());
  await composerShows(panel, threeNames);
  send();
  const [failed] = await waitForPart(panel, 'message--failed');
  return failed;
}

beforeEach(async () => {
  org = await createOrg();
});

afterEach(() => panel?.remove());

describe('operator-chat-panel: several files in the composer', () => {
  it('takes three files picked at once: three rows in that order, each named with its size and a remove control', async () => {
    // Arrange
    await mountAndOpen();

    // Act
    const input = pickFiles(panel, three());

    // Assert
    expect(input.multiple, 'the picker takes several files').to.equal(true);
    const rows = await composerShows(panel, threeNames);
    expect(rows.map((row) => row.size)).to.deep.equal(['1.5 kB', '12 bytes', '3 kB']);
    expect(rows.map((row) => row.remove?.getAttribute('aria-label'))).to.deep.equal(
      threeNames.map((name) => `Remove attachment ${name}`),
    );
    for (const { row } of rows) expect(seenInPanel(panel, row), row.textContent ?? '').to.equal(true);
    await settled(panel);
    expect(await uploads(), 'nothing sent before Send').to.deep.equal([]);
  });

  it('refuses an eleventh, an empty and an oversized file, naming each; the others stay', async () => {
    // Arrange: nine chosen
    await mountAndOpen({ 'max-upload-bytes': '4096' });
    const nine = Array.from({ length: 9 }, (_, index) => fileOf(`page-${index + 1}.pdf`, 100));
    pickFiles(panel, nine);
    await composerShows(
      panel,
      nine.map((file) => file.name),
    );

    // Act: four more dropped at once: an empty one, one too large, the tenth and an eleventh
    dropFiles(panel, [
      fileOf('empty.pdf', 0),
      fileOf('huge.pdf', 5000),
      fileOf('page-10.pdf', 100),
      fileOf('page-11.pdf', 100),
    ]);

    // Assert
    await composerShows(
      panel,
      [...nine, fileOf('page-10.pdf', 1)].map((file) => file.name),
    );
    const said = refusal(panel)!;
    expect(said).to.contain('empty.pdf').and.contain('huge.pdf').and.contain('page-11.pdf');
    expect(said).not.to.contain('page-10.pdf');
    expect(said).to.contain('Up to 10 files');
    const alert = part(panel, 'composer')!.querySelector('.composer__refusal')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(seenInPanel(panel, alert)).to.equal(true);
    // A twelfth, picked later, is refused too; a removed one makes room again.
    pickFiles(panel, [fileOf('page-12.pdf', 100)]);
    await waitUntil(() => refusal(panel)?.includes('page-12.pdf') === true, 'the twelfth refused', longWait);
    composerFiles(panel)[0].remove!.click();
    pickFiles(panel, [fileOf('page-12.pdf', 100)]);
    await waitUntil(() => composerFiles(panel).at(-1)?.name === 'page-12.pdf', 'room for one more', longWait);
    expect(refusal(panel)).to.equal(null);
    expect(composerFiles(panel)).to.have.length(10);
  });

  it('removes the file whose control is pressed; the others keep their order and are the ones sent', async () => {
    await mountAndOpen();
    pickFiles(panel, three());
    const rows = await composerShows(panel, threeNames);

    rows[1].remove!.click();

    await composerShows(panel, ['invoice.pdf', 'terms.txt']);
    send();
    await waitUntil(async () => (await uploads()).length === 2, 'two uploads', longWait);
    await settled(panel);
    expect((await uploads()).map(nameOf)).to.deep.equal(['invoice.pdf', 'terms.txt']);
  });
});

describe('operator-chat-panel: sending several files', () => {
  it('sends three files as three notes in order: the text and reply target with the first, IsInternal on all', async () => {
    // Arrange: a note replying to a customer message, with three files
    await mountAndOpen();
    const replied = parts(panel, 'message').find((message) => message.dataset.author === 'client')!;
    replied.querySelector<HTMLButtonElement>('.message__action')!.click();
    await waitUntil(() => part(panel, 'composer')!.querySelector('.composer__reply'), 'the reply target');
    part(panel, 'note-toggle')!.click();
    await typeInComposer(panel, 'Three files for the team');
    pickFiles(panel, three());
    await composerShows(panel, threeNames);

    // Act
    send();

    // Assert: three requests in order, then three notes in the conversation, each once
    await waitUntil(async () => (await uploads()).length === 3, 'three uploads', longWait);
    const sent = await uploads(chatIds[0]);
    expect(sent.map(nameOf)).to.deep.equal(threeNames);
    expect(sent.map((request) => request.formValues?.TextMessage)).to.deep.equal(['Three files for the team', '', '']);
    expect(sent.map((request) => request.formValues?.ReplyToMessageId)).to.deep.equal([
      replied.dataset.messageId,
      undefined,
      undefined,
    ]);
    expect(sent.map((request) => request.formValues?.IsInternal)).to.deep.equal(['true', 'true', 'true']);
    expect(sent.map((request) => request.status)).to.deep.equal([200, 200, 200]);
    await waitUntil(
      () => shownFiles(threeNames).join() === threeNames.join(),
      'the three in the chat, in order',
      longWait,
    );
    const notes = messagesWith(threeNames);
    expect(notes.map((note) => note.hasAttribute('data-internal'))).to.deep.equal([true, true, true]);
    expect(notes[0].textContent).to.contain('Three files for the team');
    expect(composerFiles(panel)).to.deep.equal([]);
  });

  it('a second upload that fails shows failed with Retry, the third waits unsent; Retry delivers the second, then the third, none doubled', async () => {
    // Arrange and act: the service fails the second upload once
    const failed = await sendThreeFailingTheSecond();

    // Assert: the first delivered, the second failed with Retry, the third waiting and never sent
    const [waiting] = parts(panel, 'message--waiting');
    expect(failed.textContent).to.contain('label.png');
    expect(failed.querySelector('[data-action="retry"]')).to.exist;
    expect(waiting.textContent).to.contain('terms.txt').and.contain('Waits for the file before it');
    expect(waiting.querySelector('[data-action="retry"]'), 'it waits: nothing to retry').to.equal(null);
    expect(waiting.querySelector('progress'), 'no upload under way').to.equal(null);
    expect(waiting.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_PRECEDING).to.not.equal(0);
    await settled(panel);
    expect((await uploads()).map((request) => [nameOf(request), request.status])).to.deep.equal([
      ['invoice.pdf', 200],
      ['label.png', 500],
    ]);

    // Act: Retry
    failed.querySelector<HTMLButtonElement>('[data-action="retry"]')!.click();

    // Assert: the second, then the third, each once
    await waitUntil(
      () => parts(panel, 'message--waiting').length + parts(panel, 'message--failed').length === 0,
      'retried',
      longWait,
    );
    await waitUntil(async () => (await uploads()).length === 4, 'the retried and the waiting upload', longWait);
    await settled(panel);
    expect((await uploads()).map((request) => [nameOf(request), request.status])).to.deep.equal([
      ['invoice.pdf', 200],
      ['label.png', 500],
      ['label.png', 200],
      ['terms.txt', 200],
    ]);
    await waitUntil(
      () => shownFiles(threeNames).join() === threeNames.join(),
      'the three in the chat, in order, once each',
      longWait,
    );
  });

  it('discarding the failed file lets the one waiting behind it go', async () => {
    const failed = await sendThreeFailingTheSecond();

    failed.querySelector<HTMLButtonElement>('[data-action="discard"]')!.click();

    await waitUntil(async () => (await uploads()).length === 3, 'the waiting upload', longWait);
    await waitUntil(() => parts(panel, 'message--waiting').length === 0, 'nothing left waiting', longWait);
    await settled(panel);
    expect((await uploads()).map((request) => [nameOf(request), request.status])).to.deep.equal([
      ['invoice.pdf', 200],
      ['label.png', 500],
      ['terms.txt', 200],
    ]);
    expect(parts(panel, 'message--failed')).to.deep.equal([]);
  });
});

describe('operator-chat-panel: several files kept with their draft', () => {
  it('brings the three chosen files back in order after a reload (or names each the browser did not keep)', async () => {
    // Arrange: three files chosen, kept in the background
    await mountAndOpen();
    pickFiles(panel, three());
    await composerShows(panel, threeNames);
    const keeps = await browserKeepsFiles();
    if (keeps) {
      const scope = `${org.organizationId}:${org.operatorId}`;
      const stored = JSON.parse(sessionStorage.getItem(`ocp:draft:${scope}:${chatIds[0]}`)!) as {
        files: { id: string }[];
      };
      for (const { id } of stored.files)
        await waitUntil(async () => (await keptFile(draftFileKey(scope, chatIds[0], id))) !== null, 'kept', longWait);
    }

    // Act: the page "reloads": a new panel of the same operator
    panel.remove();
    await mountAndOpen();

    // Assert
    if (keeps) {
      const rows = await composerShows(panel, threeNames);
      expect(rows.map((row) => row.size)).to.deep.equal(['1.5 kB', '12 bytes', '3 kB']);
      send();
      await waitUntil(async () => (await uploads()).length === 3, 'three uploads', longWait);
      expect((await uploads()).map(nameOf)).to.deep.equal(threeNames);
    } else {
      console.info('this browser keeps no file in IndexedDB: each is named as not kept, in order');
      await waitUntil(
        () => composerFiles(panel).every((row) => /not kept/.test(row.name)),
        'named as not kept',
        longWait,
      );
      expect(composerFiles(panel).map((row) => threeNames.find((name) => row.name.includes(name)))).to.deep.equal(
        threeNames,
      );
    }
  });

  it('names each file the browser did not keep, in its place; attached again, a file takes that place', async () => {
    // Arrange: a draft kept in sessionStorage whose files IndexedDB does not hold (storage
    // cleared, a profile that keeps none), with one file of the draft that was kept
    const scope = `${org.organizationId}:${org.operatorId}`;
    const probe = await mountPanel({ token: org.token, events: 'off' });
    const [row] = await chatRowsToWriteIn(probe, org);
    const chatId = Number(row.dataset.chatId);
    probe.remove();
    const files = ['invoice.pdf', 'label.png', 'terms.txt'].map((name, index) => ({ id: `gone-${index}`, name }));
    sessionStorage.setItem(
      `ocp:draft:${scope}:${chatId}`,
      JSON.stringify({ text: 'Three files', isInternal: false, replyTo: null, files }),
    );

    // Act: the panel comes back with that draft
    await mountAndOpen();
    expect(chatIds[0]).to.equal(chatId);

    // Assert: each named as not kept, in order, nothing sent without them unseen
    const notKept = (name: string) => `${name} was not kept when the page reloaded: attach it again.`;
    await composerShows(
      panel,
      files.map(({ name }) => notKept(name)),
    );
    for (const { row } of composerFiles(panel)) expect(row.querySelector('[role="alert"]')).to.exist;

    // Act: label.png attached again, then terms.txt's notice dismissed
    pickFiles(panel, [png('label.png')]);
    await composerShows(panel, [notKept('invoice.pdf'), 'label.png', notKept('terms.txt')]);
    composerFiles(panel)[2].remove!.click();
    await composerShows(panel, [notKept('invoice.pdf'), 'label.png']);
    expect(composerFiles(panel)[0].remove?.getAttribute('aria-label')).to.equal('Dismiss: invoice.pdf not kept');

    // Assert: Send sends the one it holds, with the text
    send();
    await waitUntil(async () => (await uploads()).length === 1, 'the upload', longWait);
    expect((await uploads()).map((request) => [nameOf(request), request.formValues?.TextMessage])).to.deep.equal([
      ['label.png', 'Three files'],
    ]);
  });

  it('keeps each chat’s files with that chat: another chat shows and sends none of them', async () => {
    // Arrange: three files for the first chat
    await mountAndOpen();
    pickFiles(panel, three());
    await composerShows(panel, threeNames);

    // Act: the second chat, with a file of its own, sent
    await open(chatIds[1]);
    await composerShows(panel, []);
    pickFiles(panel, [fileOf('other-customer.pdf', 64)]);
    await composerShows(panel, ['other-customer.pdf']);
    send();
    await waitUntil(async () => (await uploads()).length === 1, 'the second chat’s upload', longWait);
    await composerShows(panel, []);

    // Assert: the first chat still holds its three, in order, and sends them there
    await open(chatIds[0]);
    await composerShows(panel, threeNames);
    send();
    await waitUntil(async () => (await uploads()).length === 4, 'the first chat’s uploads', longWait);
    expect((await uploads(chatIds[1])).map(nameOf)).to.deep.equal(['other-customer.pdf']);
    expect((await uploads(chatIds[0])).map(nameOf)).to.deep.equal(threeNames);
  });
});
