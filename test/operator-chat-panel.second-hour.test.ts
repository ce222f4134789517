/**
 * The smaller things a working hour found (issue 26.8): the operator's own messages carry their
 * name from the token, also in a quote; messages and live news name who wrote them; the open chat
 * comes back after a reload; a message retried on a machine whose clock is behind lands where the
 * service puts it, and stays there.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { customerMessage, fakeJwt, setFaults } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, typeInComposer, waitForPart } from './support/panel.js';
import { bubble, openSeededChat, seededOrg } from './support/seeded-chat.js';
import { longWait, settled } from './support/waits.js';

/** Sends what the composer holds; resolves with the new message's id. */
async function send(panel: OperatorChatPanel, text: string): Promise<number> {
  await typeInComposer(panel, text);
  const sent = oneEvent(panel, 'ocp-message-sent');
  (part(panel, 'send-button') as HTMLButtonElement).click();
  return (await sent).detail.messageId;
}

/** Each message as the operator reads it: who wrote it (its label) and its text. */
const shown = (panel: OperatorChatPanel) =>
  parts(panel, 'message').map((message) => ({
    label: message.getAttribute('aria-label'),
    text: message.querySelector('.message__text')?.textContent ?? '',
  }));

describe('operator-chat-panel: a second working hour', function () {
  afterEach(() => document.querySelectorAll('operator-chat-panel').forEach((panel) => panel.remove()));

  it('names the operator from the token on a message they just sent, and in a quote of it, before any refetch', async () => {
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.bot);
    const id = await send(panel, 'Your parcel left today');
    await waitUntil(() => bubble(panel, id) !== undefined, 'the message shown', longWait);
    expect(bubble(panel, id)!.getAttribute('aria-label')).to.equal(org.operatorName);
    expect(bubble(panel, id)!.querySelector('.message__author')?.textContent).to.equal(org.operatorName);
    Array.from(bubble(panel, id)!.querySelectorAll('button'))
      .find((button) => button.textContent!.trim() === 'Reply')!
      .click();
    const quoteId = await send(panel, 'And the tracking number is 4471');
    await waitUntil(
      () => bubble(panel, quoteId)?.querySelector('.message__reply-author') != null,
      'the quote',
      longWait,
    );
    expect(bubble(panel, quoteId)!.querySelector('.message__reply-author')!.textContent!.trim()).to.equal(
      org.operatorName,
    );
  });

  it('labels each message with who wrote it: the customer by name, an operator by theirs', async () => {
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.notes);
    const labels = shown(panel).map(({ label }) => label);
    expect(labels).to.include('Олена Коваленко');
    expect(labels.filter((label) => label === 'Customer' || label === 'Operator')).to.deep.equal([]);
    expect(labels.some((label) => label?.startsWith('Internal note: '))).to.equal(true);
  });

  it('names the customer in the live announcement of a new chat the list does not hold yet', async () => {
    const org = await seededOrg();
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const region = () => panel.shadowRoot!.querySelector('[data-live-region]')?.textContent ?? '';
    await fetch(`/__control/orgs/${org.organizationId}/new-chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ source: 2, name: 'Brand New Bea', text: 'Hello there' }),
    });
    await waitUntil(() => region().includes('Hello there'), 'the announcement', longWait);
    expect(region()).to.contain('Brand New Bea');
  });

  it('opens the chat that was open before a reload, unless the page names one', async () => {
    const org = await seededOrg();
    let panel = await mountPanel({ token: org.token, events: 'off' });
    await openChatByClick(panel, org.fixtures.chats.storyReply);
    panel.remove();
    panel = await mountPanel({ token: org.token, events: 'off' }); // the reload
    await waitUntil(
      () => part(panel, 'chat-item--active')?.dataset.chatId === String(org.fixtures.chats.storyReply),
      'the chat open again',
      longWait,
    );
    await waitForPart(panel, 'message');
    // The page's own chat-id comes first.
    panel.remove();
    panel = await mountPanel({ token: org.token, events: 'off', 'chat-id': String(org.fixtures.chats.bot) });
    await waitUntil(
      () => part(panel, 'chat-item--active')?.dataset.chatId === String(org.fixtures.chats.bot),
      'the page’s chat-id wins',
      longWait,
    );
    // Another operator of the organization does not inherit it.
    const other = fakeJwt({
      organizationId: org.organizationId,
      operatorId: org.operatorId + 1,
      exp: Date.now() / 1000 + 3600,
    });
    panel.remove();
    panel = await mountPanel({ token: other, events: 'off' });
    // Its first answer in: the service's list, or the banner saying why there is none.
    await waitUntil(
      () => parts(panel, 'chat-item').length > 0 || part(panel, 'banner') !== null,
      'an answer',
      longWait,
    );
    await settled(panel);
    expect(part(panel, 'chat-item--active')).to.equal(null);
  });

  it('places a retried note after the messages shown, where the service puts it, also when this clock is behind', async () => {
    const org = await seededOrg();
    const chatId = org.fixtures.chats.bot;
    const panel = await openSeededChat(org, chatId, { 'poll-interval': '1000' });
    const texts = () => shown(panel).map(({ text }) => text);
    await setFaults(org, { fail500: 1, paths: '/message$' });
    part(panel, 'note-toggle')!.click();
    await typeInComposer(panel, 'Checked the warehouse');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    await waitForPart(panel, 'message--failed');
    await customerMessage(org, { chatId, text: 'Any news?' });
    await customerMessage(org, { chatId, text: 'Hello??' });
    await waitUntil(() => texts().includes('Hello??'), 'the later messages', longWait);
    const realNow = Date.now;
    Date.now = () => realNow() - 5 * 60_000; // the operator's machine is five minutes behind
    try {
      const sent = oneEvent(panel, 'ocp-message-sent');
      panel.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="retry"]')!.click();
      await sent;
      await panel.updateComplete;
    } finally {
      Date.now = realNow;
    }
    expect(texts().slice(-3)).to.deep.equal(['Any news?', 'Hello??', 'Checked the warehouse']);
    await panel.refresh();
    await panel.updateComplete;
    expect(texts().slice(-3)).to.deep.equal(['Any news?', 'Hello??', 'Checked the warehouse']);
  });
});
