/**
 * Notes in the chat list (issue 26.4): where the panel knows a chat's last message is an internal
 * note (it sent it, received it as an event, or holds the chat's messages), the row marks it as a
 * note and never as "You:"; a note draft says so too.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, seedChat, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, typeInComposer, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

/** What the operator reads in a chat's row as its last message (or its draft). */
function lastLine(panel: OperatorChatPanel, chatId: number): string {
  const row = panel.shadowRoot!.querySelector(`[part~="chat-item"][data-chat-id="${chatId}"] .chat-item__last`);
  return row?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

async function sendNote(panel: OperatorChatPanel, text: string): Promise<void> {
  part(panel, 'note-toggle')!.click();
  await typeInComposer(panel, text);
  const sent = oneEvent(panel, 'ocp-message-sent');
  (part(panel, 'send-button') as HTMLButtonElement).click();
  await sent;
}

describe('operator-chat-panel: notes in the chat list', function () {
  let org: TestOrg;
  let panel: OperatorChatPanel;
  let chats: number[];

  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    const rows = await waitForPart(panel, 'chat-item', (items) => items.length >= 3);
    chats = rows.slice(0, 3).map((row) => Number(row.dataset.chatId));
  });

  afterEach(() => panel.remove());

  it('marks a note the operator sent as a note, never "You:", also after the list is fetched again', async () => {
    await openChatByClick(panel, chats[1]);
    await sendNote(panel, 'Customer asked for a discount, checking with sales');
    await waitUntil(() => lastLine(panel, chats[1]).startsWith('Note:'), 'the row marks the note', longWait);
    expect(lastLine(panel, chats[1])).to.equal('Note: Customer asked for a discount, checking with sales');
    // The service reports the note as the chat's last message, with nothing saying it is one.
    await panel.refresh();
    await panel.updateComplete;
    expect(lastLine(panel, chats[1])).to.equal('Note: Customer asked for a discount, checking with sales');
    // A public reply after it is the operator's again.
    await typeInComposer(panel, 'We can offer 10% off');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await sent;
    await waitUntil(() => lastLine(panel, chats[1]) === 'You: We can offer 10% off', 'a public reply', longWait);
  });

  it('marks a note that arrives as an event from another operator', async () => {
    await seedChat(org, {
      chatId: chats[2],
      messages: [{ author: 'operator', isInternal: true, text: 'Escalated to billing (Maria)' }],
    });
    await waitUntil(
      () => lastLine(panel, chats[2]) === 'Note: Escalated to billing (Maria)',
      `the row of ${chats[2]} marks the note (it says "${lastLine(panel, chats[2])}")`,
      longWait,
    );
  });

  it("marks a chat's last message as a note once its messages are loaded", async () => {
    // Seeded outside the panel's view: the list knows only the service's record of it.
    const { chat } = await seedChat(org, {
      name: 'Quiet customer',
      read: true,
      messages: [{ text: 'Where is parcel 77?' }, { author: 'operator', isInternal: true, text: 'Lost in transit' }],
    });
    await panel.refresh();
    await waitUntil(() => lastLine(panel, chat.id) !== '', 'the new chat listed', longWait);
    await openChatByClick(panel, chat.id);
    await openChatByClick(panel, chats[0]); // its row shows its last message again once another chat is open
    await waitUntil(() => lastLine(panel, chat.id) === 'Note: Lost in transit', 'the row marks the note', longWait);
  });

  it('says "Note draft:" for a draft in note mode, and "Draft:" for one to the customer', async () => {
    await openChatByClick(panel, chats[0]);
    part(panel, 'note-toggle')!.click();
    await typeInComposer(panel, 'Ask the warehouse');
    await openChatByClick(panel, chats[1]);
    await typeInComposer(panel, 'Your refund is on its way');
    await openChatByClick(panel, chats[2]);
    await waitUntil(() => lastLine(panel, chats[1]).startsWith('Draft:'), 'the draft mark', longWait);
    expect(lastLine(panel, chats[0])).to.equal('Note draft: Ask the warehouse');
    expect(lastLine(panel, chats[1])).to.equal('Draft: Your refund is on its way');
  });
});
