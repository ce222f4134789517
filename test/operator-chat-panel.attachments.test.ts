import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { ComposerElement } from '../src/conversation/composer/composer.js';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, requests, type TestOrg } from './support/reference-api.js';
import {
  chatRowsToWriteIn,
  mountPanel,
  openChatByClick,
  part,
  parts,
  typeInComposer,
  waitForPart,
} from './support/panel.js';
import { longWait, settled } from './support/waits.js';
import { keptFile, outboxFileKey } from '../src/core/state/kept-files.js';
import { browserKeepsFiles, noFilesKept } from './support/composer-files.js';

async function openChatToWriteIn(attributes: Record<string, string> = {}) {
  const org = await createOrg();
  const panel = await mountPanel({ token: org.token, events: 'off', ...attributes });
  const [row] = await chatRowsToWriteIn(panel, org);
  const chatId = Number(row.dataset.chatId);
  await openChatByClick(panel, chatId);
  const composer = panel.shadowRoot!.querySelector('ocp-composer') as ComposerElement;
  return { org, panel, chatId, composer };
}

/** The uploads the reference API has answered, in order. */
async function uploadsOf(org: TestOrg) {
  return (await requests(org)).filter((request) => request.path.endsWith('/message/v2'));
}

/** Sends invoice.pdf while the service answers the upload with a 500 once. */
async function sendFailingUpload(org: TestOrg, panel: OperatorChatPanel, composer: ComposerElement): Promise<void> {
  await fetch(`/__control/orgs/${org.organizationId}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fail500: 1, paths: 'message/v2$' }),
  });
  composer.addFiles([new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })]);
  await composer.updateComplete;
  (part(panel, 'send-button') as HTMLButtonElement).click();
}

describe('operator-chat-panel: attachments', () => {
  it('uploads through /message/v2 with the exact PascalCase multipart names', async () => {
    const { org, panel, chatId, composer } = await openChatToWriteIn();
    composer.addFiles([new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'label.png', { type: 'image/png' })]);
    await typeInComposer(panel, 'Here is the label');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    const upload = (await requests(org)).find((request) => request.path === `/api/chat/${chatId}/message/v2`)!;
    expect(upload.formFields).to.include.members([
      'TextMessage',
      'Author',
      'IsInternal',
      'Media.File',
      'Media.Name',
      'Media.Format',
      'Media.Type',
    ]);
    expect(upload.formValues).to.deep.include({
      TextMessage: 'Here is the label',
      Author: '0',
      'Media.Name': 'label.png',
      'Media.Format': 'image/png',
      'Media.Type': '1',
    });
  });

  it('refuses an oversized file in the composer with a message and sends nothing', async () => {
    const { org, panel, composer } = await openChatToWriteIn({ 'max-upload-bytes': '4' });
    composer.addFiles([new File(['too large'], 'big.txt', { type: 'text/plain' })]);
    await composer.updateComplete;
    const refusal = panel.shadowRoot!.querySelector('.composer__refusal')!;
    expect(refusal.textContent).to.contain('big.txt');
    expect(refusal.getAttribute('role')).to.equal('alert');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await settled(panel);
    expect(
      (await requests(org)).some((request) => request.method === 'POST' && request.path.includes('/message')),
    ).to.equal(false);
  });

  it('refuses an empty file', async () => {
    const { org, panel, composer } = await openChatToWriteIn();
    composer.addFiles([new File([], 'empty.pdf', { type: 'application/pdf' })]);
    await composer.updateComplete;
    expect(panel.shadowRoot!.querySelector('.composer__refusal')!.textContent).to.contain('empty.pdf');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await settled(panel);
    expect(
      (await requests(org)).some((request) => request.method === 'POST' && request.path.includes('/message')),
    ).to.equal(false);
  });

  it('keeps a failed upload with Retry', async () => {
    const { org, panel, composer } = await openChatToWriteIn();
    await sendFailingUpload(org, panel, composer);
    const failed = await waitForPart(panel, 'message--failed');
    expect(failed[0].textContent).to.contain('invoice.pdf');
    failed[0].querySelector<HTMLButtonElement>('[data-action="retry"]')!.click();
    await waitUntil(() => parts(panel, 'message--failed').length === 0, 'retried', longWait);
    // The failed mark goes when the retry starts; the upload reaches the service after.
    await waitUntil(async () => (await uploadsOf(org)).length === 2, 'the retried upload', longWait);
    expect(await uploadsOf(org)).to.have.length(2);
  });

  it('after a reload, a failed upload comes back with its file: Retry sends it, once', async function () {
    if (!(await browserKeepsFiles())) {
      console.info(`skipped: this browser's IndexedDB keeps no File (${noFilesKept}); the fallback is tested below`);
      this.skip();
    }
    // Arrange: an upload that failed, then the page "reloads" (a new panel, the same operator).
    const { org, again, chatId } = await failedUploadAfterReload();

    // Act
    await openChatByClick(again, chatId);
    const [failed] = await waitForPart(again, 'message--failed');
    await waitUntil(() => failed.querySelector('[data-action="retry"]'), 'Retry, once the file is read back', longWait);

    // Assert
    expect(failed.textContent).to.contain('invoice.pdf');
    expect(failed.textContent).not.to.contain('The file was not kept');
    failed.querySelector<HTMLButtonElement>('[data-action="retry"]')!.click();
    await waitUntil(() => parts(again, 'message--failed').length === 0, 'retried', longWait);
    await waitUntil(async () => (await uploadsOf(org)).length === 2, 'the retried upload', longWait);
    const uploads = await uploadsOf(org);
    expect(uploads.map((upload) => upload.formValues?.['Media.Name'])).to.deep.equal(['invoice.pdf', 'invoice.pdf']);
    expect(uploads.map((upload) => upload.status)).to.deep.equal([500, 200]);
    again.remove();
  });

  it('after a reload where the browser kept no file (private browsing), names the file as not kept', async function () {
    if (await browserKeepsFiles()) {
      console.info('skipped: this browser keeps files in IndexedDB; the reload with the file is tested above');
      this.skip();
    }
    const { again, chatId } = await failedUploadAfterReload();
    await openChatByClick(again, chatId);
    const [failed] = await waitForPart(again, 'message--failed');
    await waitUntil(() => /not kept/.test(failed.textContent ?? ''), 'the file named as not kept', longWait);
    expect(failed.textContent).to.contain('invoice.pdf');
    expect(failed.querySelector('[data-action="retry"]'), 'no Retry without its file').to.equal(null);
    again.remove();
  });
});

/** An upload that failed, then the page "reloads": a new panel of the same operator. */
async function failedUploadAfterReload() {
  const { org, panel, chatId, composer } = await openChatToWriteIn();
  await sendFailingUpload(org, panel, composer);
  const [failed] = await waitForPart(panel, 'message--failed');
  if (await browserKeepsFiles()) {
    // Kept in the background: a reload before that finds it lost, as it would in a page.
    const key = outboxFileKey(`${org.organizationId}:${org.operatorId}`, failed.dataset.localId!);
    await waitUntil(async () => (await keptFile(key)) !== null, 'the file kept for a reload', longWait);
  }
  panel.remove();
  const again = await mountPanel({ token: org.token, events: 'off' });
  await waitForPart(again, 'chat-item');
  return { org, again, chatId };
}
