/**
 * Notes in the chat list (issue 26.4): where the panel knows a chat's last message is an internal
 * note (it sent it, received it as an event, or holds the chat's messages), the row marks it as a
 * note and never as "You:"; a note draft says so too. A chat record merged from the service (the
 * answer to a status change) keeps it so (issue 52.2).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, requests, seedChat, type TestOrg } from './support/reference-api.js';
import {
  chatRow,
  mountPanel,
  openChatByClick,
  part,
  rowLastLine as lastLine,
  sendFromComposer,
  shownWait,
  typeInComposer,
  waitForPart,
} from './support/panel.js';
import { press } from './a11y/keys.js';
import { longWait } from './support/waits.js';

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
    await sendFromComposer(panel, 'Customer asked for a discount, checking with sales', 'note');
    await waitUntil(() => lastLine(panel, chats[1]).startsWith('Note:'), 'the row marks the note', longWait);
    expect(lastLine(panel, chats[1])).to.equal('Note: Customer asked for a discount, checking with sales');
    // The service reports the note as the chat's last message, with nothing saying it is one.
    await panel.refresh();
    await panel.updateComplete;
    expect(lastLine(panel, chats[1])).to.equal('Note: Customer asked for a discount, checking with sales');
    // A public reply after it is the operator's again.
    await sendFromComposer(panel, 'We can offer 10% off', 'customer');
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

describe('operator-chat-panel: a note stays a note when the chat changes status (issue 52.2)', function () {
  this.timeout(40000);
  let org: TestOrg;
  let panel: OperatorChatPanel;
  let chatId: number;

  beforeEach(async () => {
    org = await createOrg('empty');
    const { chat } = await seedChat(org, {
      name: 'Order change',
      status: 1, // Open
      read: true,
      messages: [{ text: 'Can I change the size of my order?', minutesAgo: 12 }],
    });
    chatId = chat.id;
    // No events, no refresh while the test runs: the list's record of the chat (the customer's
    // message last) is the one the panel has until the status answer brings another.
    panel = await mountPanel({ token: org.token, events: 'off' });
    await waitForPart(panel, 'chat-item', (rows) => rows.length === 1);
  });

  afterEach(() => panel.remove());

  const select = () => part(panel, 'status-select') as HTMLSelectElement;
  const row = () => chatRow(panel, chatId)!;
  const rowWait = () => shownWait(panel, row().querySelector<HTMLTimeElement>('[part~="wait-time"]'));

  /**
   * Changes the status on the service's side too: the status answer's record is the one that
   * carries the star, so the row shows it once that record is merged.
   */
  async function starOnTheService(): Promise<void> {
    await seedChat(org, { chatId, messages: [], details: { isStarred: true } });
  }

  async function answerMerged(status: number): Promise<void> {
    await waitUntil(() => row().querySelector('.chat-item__star'), 'the status answer is merged', longWait);
    const put = (await requests(org)).filter((request) => request.path === '/api/chat/status');
    expect(put.map((request) => request.jsonBody)).to.deep.equal([{ id: chatId, status }]);
    expect(row().dataset.status).to.equal(String(status));
  }

  it('by keyboard: a note the operator sent still reads "Note:", and the customer still waits', async () => {
    await openChatByClick(panel, chatId);
    await sendFromComposer(panel, 'replying to customer msg', 'note');
    await waitUntil(() => lastLine(panel, chatId) === 'Note: replying to customer msg', 'the note', longWait);
    await starOnTheService();

    select().focus();
    await press('ArrowUp'); // New
    await press('Enter');
    await answerMerged(0);
    expect(lastLine(panel, chatId)).to.equal('Note: replying to customer msg');
    expect(rowWait()).to.equal('12 min overdue');
  });

  it('by pointer: a note among the messages the panel holds still reads "Note:", and the customer still waits', async () => {
    // Written by another operator while no event reaches the panel: only the chat's messages hold it.
    const [noteId] = (
      await seedChat(org, {
        chatId,
        messages: [{ author: 'operator', isInternal: true, text: 'Size M is out of stock' }],
      })
    ).messageIds;
    await openChatByClick(panel, chatId);
    await waitForPart(panel, 'message', (messages) => messages.some((m) => m.dataset.messageId === String(noteId)));
    await starOnTheService();

    // What a click on an option fires: input, then change, with the new value.
    select().value = '2';
    select().dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    select().dispatchEvent(new Event('change', { bubbles: true }));
    await answerMerged(2);
    expect(lastLine(panel, chatId)).to.equal('Note: Size M is out of stock');
    expect(rowWait()).to.equal('12 min overdue');
  });
});
