/**
 * Triage in the chat list (issue 14 §2, contract §7): the Unread, Mine and Starred toggles and the
 * channel select ask the service for those chats, combine with search and status, keep the open
 * chat open, survive a reload, and live news respects them. Asserted on the requests the reference
 * API received and on the rows the operator sees.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import {
  clearRequests,
  createOrg,
  customerMessage,
  listChats,
  requests,
  seedChat,
  type TestOrg,
} from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { idsOf, listRequests, pressed, rowIds, rowsSettled, waitForListRequest } from './support/list-requests.js';
import { longWait, settled } from './support/waits.js';

describe('operator-chat-panel: triage filters', function () {
  let org: TestOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'per-page': '50', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    await waitUntil(() => part(panel, 'unread-badge') !== null, 'the unread total', longWait);
  });

  afterEach(() => {
    panel.remove();
    sessionStorage.clear();
  });

  it('shows the filter row with toggles that say whether they are on', () => {
    const row = part(panel, 'list-filters')!;
    for (const name of ['filter-unread', 'filter-mine', 'filter-starred']) {
      const toggle = part(panel, name)!;
      expect(row.contains(toggle), name).to.equal(true);
      expect(toggle.tagName).to.equal('BUTTON');
      expect(toggle.getAttribute('aria-pressed'), name).to.equal('false');
    }
    const channel = part(panel, 'channel-filter') as HTMLSelectElement;
    expect(row.contains(channel)).to.equal(true);
    const names = Array.from(channel.options).map((option) => option.textContent!.trim());
    expect(names).to.include.members(['All channels', 'MessengerA', 'Widget', 'PhotoApp']);
    // Inside the visible box of the list.
    const list = part(panel, 'chat-list')!.getBoundingClientRect();
    for (const control of [part(panel, 'filter-unread')!, channel]) {
      const box = control.getBoundingClientRect();
      expect(box.left).to.be.at.least(list.left - 1);
      expect(box.right).to.be.at.most(list.right + 1);
      expect(box.height).to.be.greaterThan(10);
    }
  });

  it('Unread asks for isUnread=true and shows those chats; the unread total stays the whole inbox', async () => {
    const total = part(panel, 'unread-badge')!.textContent!.trim();
    const expected = idsOf(await listChats(org, '&isUnread=true&status=0&status=1&status=2&status=3'));
    await clearRequests(org);
    part(panel, 'filter-unread')!.click();
    const params = await waitForListRequest(org, (p) => p.get('isUnread') === 'true', 'a list request with isUnread');
    expect(params.get('page')).to.equal('1');
    await rowsSettled(panel, expected, 'the unread chats');
    expect(pressed(panel, 'filter-unread')).to.equal('true');
    expect(part(panel, 'unread-badge')!.textContent!.trim()).to.equal(total);
    part(panel, 'filter-unread')!.click();
    await waitUntil(() => pressed(panel, 'filter-unread') === 'false', 'Unread off', longWait);
    // The toggle shows at once; its request reaches the server's log a moment later.
    await waitForListRequest(org, (p) => !p.has('isUnread'), 'a list request without isUnread');
    const last = (await listRequests(org)).at(-1)!;
    expect(last.has('isUnread')).to.equal(false);
  });

  it('Mine asks for the token operator’s chats, Starred for starMark=true', async () => {
    await clearRequests(org);
    part(panel, 'filter-mine')!.click();
    await waitForListRequest(
      org,
      (p) => p.get('operatorId') === String(org.operatorId),
      'operatorId in the list request',
    );
    const mine = idsOf(await listChats(org, `&operatorId=${org.operatorId}&status=0&status=1&status=2&status=3`));
    await rowsSettled(panel, mine, 'the operator’s chats');
    part(panel, 'filter-mine')!.click();
    part(panel, 'filter-starred')!.click();
    const params = await waitForListRequest(
      org,
      (p) => p.get('starMark') === 'true' && !p.has('operatorId'),
      'starMark in the list request',
    );
    expect(params.get('page')).to.equal('1');
    const starred = idsOf(await listChats(org, '&starMark=true&status=0&status=1&status=2&status=3'));
    expect(starred.length).to.be.greaterThan(0);
    await rowsSettled(panel, starred, 'the starred chats');
  });

  it('the channel select asks for source=<channel>; filters combine with search and status', async () => {
    await clearRequests(org);
    const channel = part(panel, 'channel-filter') as HTMLSelectElement;
    channel.value = '0';
    channel.dispatchEvent(new Event('change'));
    await waitForListRequest(org, (p) => p.get('source') === '0', 'source in the list request');
    const status = part(panel, 'status-filter') as HTMLSelectElement;
    status.value = 'all';
    status.dispatchEvent(new Event('change'));
    part(panel, 'filter-unread')!.click();
    const search = part(panel, 'search-input') as HTMLInputElement;
    search.value = 'a';
    search.dispatchEvent(new Event('input'));
    const params = await waitForListRequest(
      org,
      (p) => p.get('source') === '0' && p.get('isUnread') === 'true' && p.get('search') === 'a',
      'every filter in one request',
    );
    expect(params.getAll('status')).to.have.members(['0', '1', '2', '3', '4']);
    expect(params.get('page')).to.equal('1');
    const expected = idsOf(await listChats(org, '&source=0&isUnread=true&search=a'));
    await rowsSettled(panel, expected, 'the chats of every filter');
  });

  it('keeps the open chat open when a filter hides it from the list', async () => {
    const starred = idsOf(await listChats(org, '&starMark=true'));
    const chatId = rowIds(panel).find((id) => !starred.includes(id))!;
    await openChatByClick(panel, chatId);
    await waitForPart(panel, 'conversation-header');
    const header = part(panel, 'conversation-header')!.textContent;
    part(panel, 'filter-starred')!.click();
    await waitUntil(() => !rowIds(panel).includes(chatId) && rowIds(panel).length > 0, 'the starred list', longWait);
    expect(part(panel, 'conversation-header')!.textContent).to.equal(header);
    expect(parts(panel, 'message').length).to.be.greaterThan(0);
  });

  it('remembers the filters across a reload, under a key that holds no token', async () => {
    part(panel, 'filter-unread')!.click();
    part(panel, 'filter-starred')!.click();
    const channel = part(panel, 'channel-filter') as HTMLSelectElement;
    channel.value = '0';
    channel.dispatchEvent(new Event('change'));
    await waitForListRequest(
      org,
      (p) => p.get('isUnread') === 'true' && p.get('starMark') === 'true' && p.get('source') === '0',
      'the three filters',
    );
    const stored = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`);
    expect(stored.join('\n')).to.not.contain(org.token);
    expect(stored.join('\n')).to.not.contain(org.token.split('.')[2]);
    panel.remove();
    await clearRequests(org);
    panel = await mountPanel({ token: org.token, 'per-page': '50' });
    const first = await waitForListRequest(org, () => true, 'the first list request after the reload');
    expect(first.get('isUnread')).to.equal('true');
    expect(first.get('starMark')).to.equal('true');
    expect(first.get('source')).to.equal('0');
    await waitUntil(() => part(panel, 'filter-unread') !== null, 'the filters', longWait);
    expect(pressed(panel, 'filter-unread')).to.equal('true');
    expect(pressed(panel, 'filter-starred')).to.equal('true');
    expect(pressed(panel, 'filter-mine')).to.equal('false');
    expect((part(panel, 'channel-filter') as HTMLSelectElement).value).to.equal('0');
  });

  it('a message in a chat the filters hide raises the unread total but adds no row', async () => {
    const channel = part(panel, 'channel-filter') as HTMLSelectElement;
    channel.value = '0';
    channel.dispatchEvent(new Event('change'));
    const shown = idsOf(await listChats(org, '&source=0&status=0&status=1&status=2&status=3'));
    await rowsSettled(panel, shown, 'the channel’s chats');
    const other = idsOf(await listChats(org, '&source=4'))[0];
    expect(other, 'a Widget chat').to.be.a('number');
    const totals: number[] = [];
    panel.addEventListener('ocp-unread-change', (event) => totals.push(event.detail.total));
    const before = Number(part(panel, 'unread-badge')!.textContent);
    await clearRequests(org);
    await customerMessage(org, { chatId: other, text: 'On another channel' });
    await waitUntil(
      () => Number(part(panel, 'unread-badge')!.textContent) === before + 1,
      'the total up by one',
      longWait,
    );
    expect(totals).to.include(before + 1);
    // The list is asked again (news of a chat it does not hold) and still does not show it.
    await waitForListRequest(org, (params) => params.get('source') === '0', 'the list asked again');
    await waitUntil(
      async () => (await requests(org)).every((request) => request.status !== null),
      'its answer',
      longWait,
    );
    await settled(panel);
    expect(rowIds(panel)).to.not.include(other);
    expect(rowIds(panel).length).to.equal(shown.length);
  });

  it('a chat read under Unread stays listed until the list is refreshed', async () => {
    part(panel, 'filter-unread')!.click();
    const unread = idsOf(await listChats(org, '&isUnread=true&status=0&status=1&status=2&status=3'));
    await rowsSettled(panel, unread, 'the unread chats');
    const chatId = unread[1];
    await openChatByClick(panel, chatId);
    const row = () => parts(panel, 'chat-item').find((item) => item.dataset.chatId === String(chatId));
    await waitUntil(() => row() && !row()!.querySelector('[part~="chat-item-badge"]'), 'the chat read', longWait);
    // News in another listed chat: the list moves, the read chat stays.
    await customerMessage(org, { chatId: unread[2], text: 'More news' });
    await waitUntil(() => rowIds(panel)[0] === unread[2], 'the other chat on top', longWait);
    expect(rowIds(panel)).to.include(chatId);
    await panel.refresh();
    await waitUntil(() => !rowIds(panel).includes(chatId), 'gone after a refresh', longWait);
    // Still open: the operator is reading it.
    expect(part(panel, 'conversation-header')).to.not.equal(null);
  });

  it('an empty result says which filters are on and clears them on request', async () => {
    part(panel, 'filter-starred')!.click();
    const channel = part(panel, 'channel-filter') as HTMLSelectElement;
    channel.value = '8';
    channel.dispatchEvent(new Event('change'));
    expect((await listChats(org, '&starMark=true&source=8')).total).to.equal(0);
    const empty = await waitForPart(panel, 'list-empty');
    expect(empty[0].textContent).to.contain('Starred').and.to.contain('MarketplaceB');
    expect(empty[0].textContent).to.not.contain('Unread');
    empty[0].querySelector('button')!.click();
    await waitUntil(() => rowIds(panel).length > 0, 'the chats back', longWait);
    expect(pressed(panel, 'filter-starred')).to.equal('false');
    expect((part(panel, 'channel-filter') as HTMLSelectElement).value).to.equal('');
    const last = (await listRequests(org)).filter((p) => p.get('per_page') !== '1').at(-1)!;
    expect(last.has('starMark') || last.has('source')).to.equal(false);
  });
});

describe('operator-chat-panel: filters under a fixed channel', function () {
  it('has no channel select when the source attribute fixes the channel, and Mine with a token naming an operator', async () => {
    sessionStorage.clear();
    const org = await createOrg();
    const panel = await mountPanel({ token: org.token, source: '0' });
    await waitForPart(panel, 'chat-item');
    expect(part(panel, 'list-filters')).to.not.equal(null);
    expect(part(panel, 'channel-filter')).to.equal(null);
    expect(part(panel, 'filter-mine')).to.not.equal(null);
    panel.remove();
  });
});

describe('operator-chat-panel: channels without a published name (issue 52.11)', function () {
  this.timeout(40000);
  let org: TestOrg;
  let panel: OperatorChatPanel;
  const chats: Record<string, number> = {};

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg('empty');
    for (const [name, source] of [
      ['Third channel', 3],
      ['Sixth channel', 6],
      ['Widget visitor', 4],
    ] as const) {
      chats[name] = (await seedChat(org, { name, source, messages: [{ text: `Hello from ${name}` }] })).chat.id;
    }
    panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await rowsSettled(panel, Object.values(chats), 'the three chats');
  });

  afterEach(() => {
    panel.remove();
    sessionStorage.clear();
  });

  const select = () => part(panel, 'channel-filter') as HTMLSelectElement;
  const offered = () => Array.from(select().options, (option) => option.textContent!.trim());
  const chosen = () => select().selectedOptions[0]?.textContent?.trim();

  async function choose(code: number): Promise<void> {
    select().value = String(code);
    select().dispatchEvent(new Event('change'));
    await waitForListRequest(org, (params) => params.get('source') === String(code), `the list of channel ${code}`);
  }

  it('offers "Channel 3" and "Channel 6" beside the named channels, and isolates each', async () => {
    expect(offered()).to.deep.equal([
      'All channels',
      'MessengerA',
      'MessengerABot',
      'MessengerBBot',
      'Channel 3',
      'Widget',
      'MarketplaceA',
      'Channel 6',
      'PhotoApp',
      'MarketplaceB',
      'MarketplaceC',
    ]);
    await choose(3);
    await rowsSettled(panel, [chats['Third channel']], 'only the chat of channel 3');
    expect(chosen(), 'the choice shows while the list holds only its chats').to.equal('Channel 3');
    expect(offered(), 'the other unnamed channel is still offered').to.include('Channel 6');
    await choose(6);
    await rowsSettled(panel, [chats['Sixth channel']], 'only the chat of channel 6');
    expect(chosen()).to.equal('Channel 6');
  });

  it('keeps an unnamed channel chosen, and offered, across a reload', async () => {
    await choose(6);
    await rowsSettled(panel, [chats['Sixth channel']], 'only the chat of channel 6');
    panel.remove();
    await clearRequests(org);
    panel = await mountPanel({ token: org.token });
    const first = await waitForListRequest(org, () => true, 'the first list request after the reload');
    expect(first.get('source')).to.equal('6');
    await rowsSettled(panel, [chats['Sixth channel']], 'the chat of channel 6');
    expect(select().value).to.equal('6');
    expect(chosen()).to.equal('Channel 6');
    expect(
      offered().filter((name) => name === 'Channel 6'),
      'offered once',
    ).to.have.length(1);
  });
});
