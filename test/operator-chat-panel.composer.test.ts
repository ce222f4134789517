/**
 * Each chat keeps its own composer (contract §8, issue 13): text, reply target, note flag and
 * chosen attachments belong to the chat they were prepared in. Switching chats never shows them
 * in, or sends them to, another customer; coming back finds them as they were.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, requests, type TestOrg } from './support/reference-api.js';
import { chatRowsToWriteIn, mountPanel, openChatByClick, part, parts, typeInComposer } from './support/panel.js';
import { longWait } from './support/waits.js';

let org: TestOrg;
let panel: OperatorChatPanel;
let chats: number[];

function previewName(): string | null {
  return (
    panel
      .shadowRoot!.querySelector('ocp-attachment-preview')
      ?.shadowRoot?.querySelector('[part~="attachment-preview-name"]')
      ?.textContent?.trim() ?? null
  );
}

function composerText(): string {
  return (part(panel, 'composer-input') as HTMLTextAreaElement).value;
}

function noteOn(): boolean {
  return part(panel, 'note-toggle')!.getAttribute('aria-pressed') === 'true';
}

function replyShown(): string | null {
  return panel.shadowRoot!.querySelector('.composer__reply-text')?.textContent ?? null;
}

/** Chooses a file with the composer's file picker, as the operator would. */
async function pickFile(file: File): Promise<void> {
  const input = panel.shadowRoot!.querySelector<HTMLInputElement>('.composer__file')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await waitUntil(() => previewName() === file.name, `the preview of ${file.name}`, longWait);
}

async function open(chatId: number): Promise<void> {
  await openChatByClick(panel, chatId);
  await waitUntil(
    () => panel.shadowRoot!.querySelector<HTMLElement & { chatId: number }>('ocp-conversation')?.chatId === chatId,
    `chat ${chatId} open`,
    longWait,
  );
  await (panel.shadowRoot!.querySelector('ocp-composer') as HTMLElement & { updateComplete: Promise<unknown> })
    .updateComplete;
}

/** The next ocp-message-sent, or a failure after 10 s. */
async function sent(): Promise<{ chatId: number; messageId: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ocp-message-sent within 10 s')), 10000);
    panel.addEventListener(
      'ocp-message-sent',
      (event) => {
        clearTimeout(timer);
        resolve(event.detail);
      },
      { once: true },
    );
  });
}

describe('operator-chat-panel: each chat keeps its own composer', () => {
  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, events: 'off' });
    const rows = await chatRowsToWriteIn(panel, org, 3);
    chats = rows.map((row) => Number(row.dataset.chatId));
  });

  afterEach(() => panel.remove());

  it('never shows or sends a file chosen in one chat to another customer, and keeps it for its chat', async () => {
    await open(chats[0]);
    await pickFile(new File(['%PDF-1.4 for A'], 'invoice-for-a.pdf', { type: 'application/pdf' }));

    await open(chats[1]);
    expect(previewName()).to.equal(null);
    expect((part(panel, 'send-button') as HTMLButtonElement).disabled).to.equal(true);
    await typeInComposer(panel, 'Only words for B');
    const toB = sent();
    (part(panel, 'send-button') as HTMLButtonElement).click();
    expect((await toB).chatId).to.equal(chats[1]);

    await open(chats[0]);
    expect(previewName()).to.equal('invoice-for-a.pdf');
    const toA = sent();
    (part(panel, 'send-button') as HTMLButtonElement).click();
    expect((await toA).chatId).to.equal(chats[0]);
    await waitUntil(() => previewName() === null, 'the composer emptied after sending', longWait);

    const log = await requests(org);
    const uploads = log.filter((request) => request.method === 'POST' && request.path.endsWith('/message/v2'));
    expect(uploads.map((request) => request.path)).to.deep.equal([`/api/chat/${chats[0]}/message/v2`]);
    expect(uploads[0].formValues!['Media.Name']).to.equal('invoice-for-a.pdf');
    const toBRequests = log.filter(
      (request) => request.method === 'POST' && request.path.startsWith(`/api/chat/${chats[1]}/`),
    );
    expect(toBRequests.map((request) => request.path)).to.deep.equal([`/api/chat/${chats[1]}/message`]);
    expect(JSON.stringify(toBRequests[0].jsonBody)).to.not.contain('invoice');
  });

  it('keeps a dropped file with the chat it was dropped on', async () => {
    await open(chats[0]);
    const transfer = new DataTransfer();
    transfer.items.add(new File(['photo bytes'], 'dropped.png', { type: 'image/png' }));
    const conversation = part(panel, 'conversation')!;
    conversation.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    conversation.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await waitUntil(() => previewName() === 'dropped.png', 'the dropped file previewed', longWait);
    await open(chats[2]);
    expect(previewName()).to.equal(null);
    await open(chats[0]);
    expect(previewName()).to.equal('dropped.png');
  });

  it('shows a kept file again when its chat, closed in one pane, is opened again', async () => {
    panel.style.width = '420px'; // one pane: going back to the list closes the conversation
    await open(chats[0]);
    await pickFile(new File(['%PDF-1.4 kept'], 'kept.pdf', { type: 'application/pdf' }));
    const first = panel.shadowRoot!.querySelector('ocp-composer');
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__back')!.click();
    await waitUntil(() => panel.shadowRoot!.querySelector('ocp-composer') === null, 'back at the list', longWait);

    await open(chats[0]);

    expect(panel.shadowRoot!.querySelector('ocp-composer')).to.not.equal(first);
    await waitUntil(() => previewName() === 'kept.pdf', 'the kept file previewed', longWait);
  });

  it('keeps text, reply target and note flag with their chat', async () => {
    await open(chats[0]);
    await typeInComposer(panel, 'Half-written answer for A');
    const reply = parts(panel, 'message')
      .map((message) => message.querySelector<HTMLButtonElement>('.message__action:last-of-type'))
      .find((button) => button?.textContent?.trim() === 'Reply')!;
    reply.click();
    await waitUntil(() => replyShown() !== null, 'the reply target in the composer', longWait);
    const quoted = replyShown();
    part(panel, 'note-toggle')!.click();
    await waitUntil(() => noteOn(), 'note mode', longWait);

    await open(chats[1]);
    expect(composerText()).to.equal('');
    expect(replyShown()).to.equal(null);
    expect(noteOn()).to.equal(false);

    await open(chats[0]);
    expect(composerText()).to.equal('Half-written answer for A');
    expect(replyShown()).to.equal(quoted);
    expect(noteOn()).to.equal(true);
  });

  it('clears a refusal when the operator moves to another chat', async () => {
    panel.setAttribute('max-upload-bytes', '4');
    await open(chats[0]);
    const input = panel.shadowRoot!.querySelector<HTMLInputElement>('.composer__file')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['far too large'], 'big.txt', { type: 'text/plain' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => panel.shadowRoot!.querySelector('.composer__refusal') !== null, 'the refusal', longWait);
    await open(chats[1]);
    expect(panel.shadowRoot!.querySelector('.composer__refusal')).to.equal(null);
  });
});
