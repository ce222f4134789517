import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { createOrg, listChats, requests, seedChat } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

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

  it('names each row’s channel by its ChatSource name, and a code without a name as "Channel N"', async () => {
    // The seed has chats of every channel 0 to 9, the unnamed 3 and 6 among them.
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, status: '0,1,2,3,4', 'per-page': '100', events: 'off' });
    panel.style.height = '5000px'; // every row in view: the list renders only the rows in view
    const all = await listChats(org, '&status=0&status=1&status=2&status=3&status=4');
    await waitForPart(panel, 'chat-item', (rows) => rows.length === all.items.length, 'every chat listed');
    const names: Record<number, string> = {
      0: 'MessengerA',
      1: 'MessengerABot',
      2: 'MessengerBBot',
      3: 'Channel 3',
      4: 'Widget',
      5: 'MarketplaceA',
      6: 'Channel 6',
      7: 'PhotoApp',
      8: 'MarketplaceB',
      9: 'MarketplaceC',
    };
    const shown = new Map<number, string>();
    for (const chat of all.items) {
      const row = parts(panel, 'chat-item').find((item) => item.dataset.chatId === String(chat.id))!;
      // The channel, then " · " and the business account where the chat has one.
      const channel = row.querySelector('.chat-item__channel')!.textContent!.trim().split(' · ')[0];
      shown.set(chat.messSource as number, channel);
      expect(channel, `chat ${String(chat.id)}`).to.equal(names[chat.messSource as number]);
    }
    expect([...shown.keys()].sort(), 'every channel seen').to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
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
      longWait,
    );
    const matches = await listChats(org, '&search=Anna&status=0&status=1&status=2&status=3');
    expect(matches.items.length).to.be.greaterThan(0);
    const ids = matches.items.map((chat) => String(chat.id));
    await waitUntil(
      () => JSON.stringify(parts(panel, 'chat-item').map((row) => row.dataset.chatId)) === JSON.stringify(ids),
      'only matches',
      longWait,
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
    await waitUntil(
      () => panel.shadowRoot!.activeElement === parts(panel, 'chat-item')[1],
      'focus moved down',
      longWait,
    );
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

  it('opens the newest chat with the phone attribute, narrowed by from alone as the deeplinks narrow', async () => {
    // Arrange: one customer's phone in two channels, each with its business account (the reference
    // API's: 100 for channel 0, 101 for channel 1); the chat of account 101 is the newer
    const org = await createOrg();
    const phone = '+44 7700 900123';
    const older = await seedChat(org, {
      name: 'Ruth',
      phone,
      source: 0,
      messages: [{ text: 'Order 1', minutesAgo: 30 }],
    });
    const newer = await seedChat(org, {
      name: 'Ruth',
      phone,
      source: 1,
      messages: [{ text: 'Order 2', minutesAgo: 5 }],
    });
    const served = (await listChats(org, '&phone=447700900123')).items;
    const accountOf = (chatId: number) =>
      (served.find((chat) => chat.id === chatId)!.photoAccount as { id: number }).id;
    expect([accountOf(older.chat.id), accountOf(newer.chat.id)]).to.deep.equal([100, 101]);
    const openedWith = async (attributes: Record<string, string>) => {
      const panel = await mountPanel({ token: org.token, events: 'off', phone: '+447700900123', ...attributes });
      const opened = await oneEvent(panel, 'ocp-chat-open');
      panel.remove();
      return opened.detail.chatId;
    };

    // Act and assert: the phone alone opens the newest; from names the account, with or without source
    expect(await openedWith({}), 'the phone alone').to.equal(newer.chat.id);
    expect(await openedWith({ from: '100' }), 'from alone').to.equal(older.chat.id);
    expect(await openedWith({ from: '100', source: '0' }), 'from with source').to.equal(older.chat.id);
    expect(await openedWith({ from: '101' }), 'the other account').to.equal(newer.chat.id);
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
