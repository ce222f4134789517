import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, customerMessage, requests, setFaults, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';

async function control(org: TestOrg, path: string, body: unknown): Promise<void> {
  await fetch(`/__control/orgs/${org.organizationId}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('operator-chat-panel: live updates on screen', () => {
  let org: TestOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
  });

  it('shows a customer message in the open chat within a poll interval and fires ocp-message-received', async () => {
    const chatId = Number(parts(panel, 'chat-item')[2].dataset.chatId);
    await openChatByClick(panel, chatId);
    const received = oneEvent(panel, 'ocp-message-received');
    const created = await customerMessage(org, { chatId, text: 'Live hello' });
    expect((await received).detail).to.deep.equal({ chatId, messageId: created.id });
    const shown = await waitForPart(panel, 'message', (messages) =>
      messages.some((message) => message.dataset.messageId === String(created.id)),
    );
    expect(shown.filter((message) => message.dataset.messageId === String(created.id))).to.have.length(1);
  });

  it('moves the row of a chat that got a message to the top with its unread count', async () => {
    const rows = parts(panel, 'chat-item');
    const last = rows[rows.length - 1];
    const chatId = Number(last.dataset.chatId);
    const unreadChange = oneEvent(panel, 'ocp-unread-change');
    await customerMessage(org, { chatId, text: 'Me first' });
    await waitUntil(() => parts(panel, 'chat-item')[0].dataset.chatId === String(chatId), 'row moved to the top', {
      timeout: 8000,
    });
    const top = parts(panel, 'chat-item')[0];
    expect(top.textContent).to.contain('Me first');
    expect(top.getAttribute('part')).to.contain('chat-item--unread');
    expect((await unreadChange).detail.total).to.be.a('number');
  });

  it('shows each message once when events are duplicated and reordered', async () => {
    const chatId = Number(parts(panel, 'chat-item')[0].dataset.chatId);
    await openChatByClick(panel, chatId);
    await setFaults(org, { duplicateEvents: true, reorderEvents: true });
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push((await customerMessage(org, { chatId, text: `burst ${index}` })).id);
    await waitUntil(
      () => ids.every((id) => parts(panel, 'message').some((message) => message.dataset.messageId === String(id))),
      'all shown',
      { timeout: 10000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 2500)); // redeliveries come later
    for (const id of ids) {
      expect(parts(panel, 'message').filter((message) => message.dataset.messageId === String(id))).to.have.length(1);
    }
  });

  it('shows the typing indicator and ends it', async () => {
    const chatId = Number(parts(panel, 'chat-item')[0].dataset.chatId);
    await openChatByClick(panel, chatId);
    await control(org, 'typing', { chatId });
    await waitForPart(panel, 'typing-indicator');
    await control(org, 'typing', { chatId, end: true });
    await waitUntil(() => part(panel, 'typing-indicator') === null, 'typing ended', { timeout: 8000 });
  });

  it('stops every request when the element is removed', async () => {
    await waitUntil(
      async () => (await requests(org)).some((request) => request.path === '/api/chat/callback-events'),
      'polling started',
    );
    panel.remove();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await requests(org)).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await requests(org)).length).to.equal(before);
  });
});
