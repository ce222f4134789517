import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, listChats, requests, type TestOrg } from './support/reference-api.js';
import { part, parts, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

/** A panel as a page makes it, not yet added. */
function newPanel(attributes: Record<string, string>): OperatorChatPanel {
  const panel = document.createElement('operator-chat-panel');
  for (const [name, value] of Object.entries(attributes)) panel.setAttribute(name, value);
  panel.style.height = '600px';
  panel.style.width = '1000px';
  return panel;
}

/** A panel whose listeners are attached before it connects, so nothing fired at start is missed. */
async function mountListening(
  attributes: Record<string, string>,
  events: string[],
): Promise<{ panel: OperatorChatPanel; fired: Array<{ type: string; detail: unknown }> }> {
  const panel = newPanel(attributes);
  const fired: Array<{ type: string; detail: unknown }> = [];
  for (const type of events)
    panel.addEventListener(type, (event) => fired.push({ type, detail: (event as CustomEvent).detail }));
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.append(panel);
  return { panel, fired };
}

const activeRows = (panel: OperatorChatPanel) =>
  parts(panel, 'chat-item')
    .filter((row) => row.getAttribute('part')!.includes('chat-item--active'))
    .map((row) => Number(row.dataset.chatId));

const shownMessages = (panel: OperatorChatPanel) => parts(panel, 'message').map((message) => message.dataset.messageId);

async function messageIdsOf(org: TestOrg, chatId: number): Promise<string[]> {
  const response = await fetch(`/api/chat/chats/${chatId}/messages`, {
    headers: { Authorization: `Bearer ${org.token}` },
  });
  return ((await response.json()) as Array<{ id: number }>).map((message) => String(message.id));
}

async function waitForChat(panel: OperatorChatPanel, org: TestOrg, chatId: number): Promise<void> {
  const expected = await messageIdsOf(org, chatId);
  await waitUntil(() => JSON.stringify(shownMessages(panel)) === JSON.stringify(expected), `chat ${chatId} on screen`, {
    timeout: 8000,
  });
}

describe('operator-chat-panel: the chat-id attribute and openChat()', () => {
  let org: TestOrg;
  let chatIds: number[];

  beforeEach(async () => {
    org = await createOrg();
    chatIds = (await listChats(org, '&status=0&status=1&status=2&status=3')).items.map((chat) => chat.id as number);
  });

  it('opens the chat named by chat-id on start and fires ocp-chat-open with its id', async () => {
    const chatId = chatIds[5];
    const { panel, fired } = await mountListening({ token: org.token, events: 'off', 'chat-id': String(chatId) }, [
      'ocp-chat-open',
    ]);
    await waitForChat(panel, org, chatId);
    expect(fired).to.deep.equal([{ type: 'ocp-chat-open', detail: { chatId } }]);
    await waitUntil(() => activeRows(panel).length > 0, 'the list with the open chat marked', longWait);
    expect(activeRows(panel)).to.deep.equal([chatId]);
  });

  it('opens another chat when chat-id changes later', async () => {
    const { panel, fired } = await mountListening({ token: org.token, events: 'off', 'chat-id': String(chatIds[1]) }, [
      'ocp-chat-open',
    ]);
    await waitForChat(panel, org, chatIds[1]);

    panel.setAttribute('chat-id', String(chatIds[3]));

    await waitForChat(panel, org, chatIds[3]);
    expect(fired.map((event) => event.detail)).to.deep.equal([{ chatId: chatIds[1] }, { chatId: chatIds[3] }]);
    expect(activeRows(panel)).to.deep.equal([chatIds[3]]);
  });

  it('shows an error banner, not a blank panel, for an unknown chat id', async () => {
    const unknown = org.organizationId * 10000 + 9999;
    const { panel, fired } = await mountListening({ token: org.token, events: 'off', 'chat-id': String(unknown) }, [
      'ocp-error',
    ]);
    await waitUntil(() => parts(panel, 'banner').some((banner) => banner.dataset.kind === 'error'), 'an error banner', {
      timeout: 8000,
    });
    const banner = parts(panel, 'banner').find((element) => element.dataset.kind === 'error')!;
    expect(banner.textContent).to.contain(String(unknown));
    expect(fired.map((event) => (event.detail as { code: string }).code)).to.include('not-found');
    // Back to the list, to choose another chat from; no empty conversation left open.
    await waitForPart(panel, 'chat-item');
    expect(parts(panel, 'message')).to.have.length(0);
    expect(part(panel, 'conversation-header')).to.equal(null);
  });

  it('openChat() and openByPhone() called before the first update, as the element is added, still open', async () => {
    // Arrange: a phone of one of the chats, and two panels made as a page makes them
    const withPhone = (await listChats(org)).items.find((chat) => typeof chat.phone === 'string')!;
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    const [byId, byPhone] = [0, 1].map(() => newPanel({ token: org.token, events: 'off' }));
    wrapper.append(byId, byPhone);

    // Act: right after being added, before either took up its token
    expect([byId.hasUpdated, byPhone.hasUpdated]).to.deep.equal([false, false]);
    const opened = oneEvent(byPhone, 'ocp-chat-open');
    await Promise.all([byId.openChat(chatIds[4]), byPhone.openByPhone(withPhone.phone as string)]);

    // Assert
    await waitForChat(byId, org, chatIds[4]);
    await waitUntil(() => activeRows(byId).length > 0, 'the list with the open chat marked', longWait);
    expect(activeRows(byId)).to.deep.equal([chatIds[4]]);
    expect((await opened).detail.chatId).to.be.a('number');
    const asked = (await requests(org)).find((request) => request.search.includes('phone='))!;
    expect(new URLSearchParams(asked.search).get('phone')).to.equal(withPhone.phone);
  });

  it('openChat() opens the chat and fires the same ocp-chat-open', async () => {
    const { panel } = await mountListening({ token: org.token, events: 'off' }, []);
    await waitForPart(panel, 'chat-item');
    const opened = oneEvent(panel, 'ocp-chat-open');

    await panel.openChat(chatIds[2]);

    expect((await opened).detail).to.deep.equal({ chatId: chatIds[2] });
    await waitForChat(panel, org, chatIds[2]);
    expect(
      (await requests(org)).some(
        (request) => request.method === 'GET' && request.path === `/api/chat/chats/${chatIds[2]}/messages`,
      ),
    ).to.equal(true);
  });
});
