import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { createOrg, listChats, requests } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';

describe('operator-chat-panel: finding chats', () => {
  it('sends source and entity-id together, and only the chats of that account show', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, source: '7', 'entity-id': '701', events: 'off' });
    await waitForPart(panel, 'chat-item');
    const expected = await listChats(org, '&source=7&entityId=701&status=0&status=1&status=2&status=3');
    expect(parts(panel, 'chat-item').map((row) => row.dataset.chatId)).to.deep.equal(
      expected.items.map((chat) => String(chat.id)),
    );
    const list = (await requests(org)).find(
      (request) => request.path === '/api/chat/chats' && request.search.includes('source=7'),
    )!;
    expect(list.search).to.contain('entityId=701');
  });

  it('debounces the search into one request and shows its matches', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await waitForPart(panel, 'chat-item');
    const input = part(panel, 'search-input') as HTMLInputElement;
    for (const value of ['A', 'An', 'Ann', 'Anna']) {
      input.value = value;
      input.dispatchEvent(new Event('input'));
    }
    await waitUntil(
      async () => (await requests(org)).some((request) => request.search.includes('search=Anna')),
      'search sent',
    );
    const matches = await listChats(org, '&search=Anna&status=0&status=1&status=2&status=3');
    expect(matches.items.length).to.be.greaterThan(0);
    const ids = matches.items.map((chat) => String(chat.id));
    await waitUntil(
      () => JSON.stringify(parts(panel, 'chat-item').map((row) => row.dataset.chatId)) === JSON.stringify(ids),
      'only matches',
    );
    const searches = (await requests(org)).filter(
      (request) => request.search.includes('search=') && request.search.includes('page=1&'),
    );
    expect(searches.map((request) => new URLSearchParams(request.search).get('search'))).to.deep.equal(['Anna']);
  });

  it('loads the next page when the list is scrolled to its end', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, 'per-page': '10', events: 'off' });
    await waitForPart(panel, 'chat-item', (rows) => rows.length === 10);
    const scroller = panel.shadowRoot!.querySelector('.chat-list__scroll')!;
    scroller.scrollTop = scroller.scrollHeight;
    await waitForPart(panel, 'chat-item', (rows) => rows.length === 20, 'second page');
    expect((await requests(org)).some((request) => request.search.includes('page=2'))).to.equal(true);
  });

  it('moves between chats with the arrow keys and opens one with Enter', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off' });
    const rows = await waitForPart(panel, 'chat-item');
    rows[0].focus();
    const list = panel.shadowRoot!.querySelector('[role="listbox"]')!;
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await waitUntil(() => panel.shadowRoot!.activeElement === parts(panel, 'chat-item')[1], 'focus moved down');
    const opened = oneEvent(panel, 'ocp-chat-open');
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect((await opened).detail.chatId).to.equal(Number(rows[1].dataset.chatId));
  });

  it('opens the newest chat with a phone through openByPhone', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, events: 'off' });
    await waitForPart(panel, 'chat-item');
    const withPhone = (await listChats(org)).items.find((chat) => typeof chat.phone === 'string')!;
    const opened = oneEvent(panel, 'ocp-chat-open');
    await panel.openByPhone(withPhone.phone as string);
    expect((await opened).detail.chatId).to.be.a('number');
    const sent = (await requests(org)).find((request) => request.search.includes('phone='))!;
    expect(new URLSearchParams(sent.search).get('phone')).to.equal(withPhone.phone);
  });

  it('links to the full panel with the chat id when panel-url is set', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, 'panel-url': 'https://panel.example', events: 'off' });
    const rows = await waitForPart(panel, 'chat-item');
    const chatId = Number(rows[0].dataset.chatId);
    await openChatByClick(panel, chatId);
    const link = panel.shadowRoot!.querySelector<HTMLAnchorElement>('.conversation__deeplink')!;
    const url = new URL(link.href);
    expect(url.origin).to.equal('https://panel.example');
    expect(url.searchParams.get('chat_raw_id')).to.equal(String(chatId));
    expect(url.searchParams.get('token')).to.equal(org.token);
  });

  it('readonly shows no composer, status control or delete', async () => {
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, readonly: true, events: 'off' });
    const rows = await waitForPart(panel, 'chat-item');
    await openChatByClick(panel, Number(rows[0].dataset.chatId));
    expect(part(panel, 'composer')).to.equal(null);
    expect(part(panel, 'status-select')).to.equal(null);
    expect(panel.shadowRoot!.querySelector('.conversation__delete')).to.equal(null);
  });
});
