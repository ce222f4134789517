/**
 * Triage by tag (issue 55 item 3, contract §4 and §7 `tag-filter`): the list filters offer by name
 * the tags with an id of the chats the panel has seen, several at once; choosing asks the service
 * with `tagIds` repeated, one per tag, beside the other filters; the list shows the chats carrying
 * any of them; the choice and its names are kept across a reload. Asserted on the requests the
 * reference API logged and on what the operator sees.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { clearRequests, createOrg, listChats, seedChat, setFaults, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, seenInPanel, waitForPart } from './support/panel.js';
import { idsOf, pressed, rowIds, rowsSettled, waitForListRequest } from './support/list-requests.js';
import {
  checkedTags,
  idTagsOf,
  openTagMenu,
  tagButton,
  tagItem,
  tagItems,
  tagMenu,
  tagNames,
} from './support/tag-menu.js';
import { longWait } from './support/waits.js';

const active = '&status=0&status=1&status=2&status=3';

describe('operator-chat-panel: triage by tag', function () {
  this.timeout(40000);
  let org: TestOrg;
  let panel: OperatorChatPanel;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'per-page': '50', 'poll-interval': '0' });
    await waitForPart(panel, 'chat-item');
  });

  afterEach(() => {
    panel.remove();
    sessionStorage.clear();
  });

  it('offers by name, in alphabetical order, the tags with an id of the chats shown, and none without an id', async () => {
    const shown = (await listChats(org, active)).items;
    const withId = new Set(shown.flatMap((chat) => idTagsOf(chat).map((tag) => tag.name)));
    const withoutId = shown.flatMap((chat) => (chat.tags as unknown[]).filter((tag) => typeof tag === 'string'));
    expect(withId.size, 'the seed tags chats').to.be.at.least(5);
    expect(withoutId, 'and carries a tag without an id').to.include('wholesale');
    const button = tagButton(panel)!;
    expect(part(panel, 'list-filters')!.contains(button)).to.equal(true);
    expect(button.tagName).to.equal('BUTTON');
    expect(button.getAttribute('aria-haspopup')).to.equal('menu');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.textContent!.trim()).to.equal('Tags');
    await openTagMenu(panel);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.getAttribute('aria-controls')).to.equal(tagMenu(panel)!.id);
    expect(new Set(tagNames(panel))).to.deep.equal(withId);
    expect(tagNames(panel)).to.deep.equal([...tagNames(panel)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(tagNames(panel)).to.not.include('wholesale');
    // Over the rows, inside the panel, every item on screen.
    for (const name of tagNames(panel)) expect(seenInPanel(panel, tagItem(panel, name)!), name).to.equal(true);
  });

  it('asks for two chosen tags with tagIds repeated beside the other filters, and shows only their chats', async () => {
    part(panel, 'filter-unread')!.click();
    await waitForListRequest(org, (p) => p.get('isUnread') === 'true', 'Unread on');
    await clearRequests(org);
    await openTagMenu(panel);
    const ids = Object.fromEntries(
      (await listChats(org, active)).items.flatMap((chat) => idTagsOf(chat).map((tag) => [tag.name, tag.id])),
    );
    tagItem(panel, 'VIP')!.click();
    await waitUntil(() => checkedTags(panel).includes('VIP'), 'VIP checked', longWait);
    tagItem(panel, 'Delivery')!.click();
    const asked = await waitForListRequest(org, (p) => p.getAll('tagIds').length === 2, 'the two tags asked for');
    expect(asked.getAll('tagIds'), 'one per tag, in the order chosen').to.deep.equal([
      String(ids.VIP),
      String(ids.Delivery),
    ]);
    expect(asked.get('isUnread')).to.equal('true');
    expect(asked.getAll('status')).to.deep.equal(['0', '1', '2', '3']);
    expect(asked.get('page')).to.equal('1');
    expect(checkedTags(panel)).to.have.members(['VIP', 'Delivery']);
    expect(tagMenu(panel), 'the menu stays open for more').to.not.equal(null);
    const expected = await listChats(org, `&isUnread=true&tagIds=${ids.VIP}&tagIds=${ids.Delivery}${active}`);
    expect(expected.items.length).to.be.greaterThan(1);
    for (const chat of expected.items)
      expect(idTagsOf(chat).some((tag) => tag.id === ids.VIP || tag.id === ids.Delivery)).to.equal(true);
    await rowsSettled(panel, idsOf(expected), 'only the unread chats carrying VIP or Delivery');
    // The menu closed (a click elsewhere), the operator sees those rows, and the button names the tags.
    part(panel, 'chat-list')!
      .querySelector<HTMLElement>('.chat-list__count')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitUntil(() => tagMenu(panel) === null, 'the menu closed', longWait);
    expect(tagButton(panel)!.textContent!.trim()).to.equal('Tags: VIP, Delivery');
    expect(tagButton(panel)!.getAttribute('aria-expanded')).to.equal('false');
    const first = parts(panel, 'chat-item')[0];
    expect(seenInPanel(panel, first), 'the first row on screen').to.equal(true);
    expect(Number(first.dataset.chatId)).to.equal(idsOf(expected)[0]);
  });

  it('is worked by keyboard: the arrows open and move, Space checks, and Escape closes only the menu', async () => {
    // The customer details are open beside a chat: the menu, opened after them, is Escape's first layer.
    await openChatByClick(panel, rowIds(panel)[0]);
    part(panel, 'customer-details-toggle')!.click();
    await waitForPart(panel, 'customer-details');
    await waitUntil(() => tagButton(panel) !== null, 'the tag menu’s button', longWait);
    const button = tagButton(panel)!;
    button.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => tagItems(panel).length > 0, 'the menu open', longWait);
    const focused = () => panel.shadowRoot!.activeElement as HTMLElement | null;
    expect(focused(), 'the first tag focused').to.equal(tagItems(panel)[0]);
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal(tagItems(panel).at(-1));
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(), 'round to the first').to.equal(tagItems(panel)[0]);
    const first = tagNames(panel)[0];
    await clearRequests(org);
    await sendKeys({ press: 'Space' });
    const asked = await waitForListRequest(org, (p) => p.getAll('tagIds').length === 1, 'the tag asked for');
    expect(asked.getAll('tagIds')).to.have.length(1);
    expect(checkedTags(panel)).to.deep.equal([first]);
    expect(tagMenu(panel), 'the menu stays open for more').to.not.equal(null);
    // Escape: the menu closes, the focus is back on its button, and nothing else closed.
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => tagMenu(panel) === null, 'the menu closed', longWait);
    expect(focused()).to.equal(tagButton(panel));
    expect(tagButton(panel)!.textContent!.trim()).to.equal(`Tags: ${first}`);
    expect(part(panel, 'customer-details'), 'the details opened before it stay').to.not.equal(null);
  });

  it('still offers every tag seen once the list is narrowed to one', async () => {
    await openTagMenu(panel);
    const offered = tagNames(panel);
    tagItem(panel, 'Pre-order')!.click();
    const preOrder = idsOf(await listChats(org, `&tagIds=21${active}`));
    await rowsSettled(panel, preOrder, 'the Pre-order chats');
    expect(tagNames(panel)).to.deep.equal(offered);
    expect(checkedTags(panel)).to.deep.equal(['Pre-order']);
    // Unchecked again: the whole list comes back.
    tagItem(panel, 'Pre-order')!.click();
    await waitUntil(() => rowIds(panel).length > preOrder.length, 'every chat back', longWait);
    expect(tagButton(panel)!.textContent!.trim()).to.equal('Tags');
  });

  it('says which tags hid every chat, and clears them with the other filters', async () => {
    part(panel, 'filter-starred')!.click();
    await openTagMenu(panel);
    tagItem(panel, 'Complaint')!.click();
    expect((await listChats(org, `&starMark=true&tagIds=15${active}`)).total).to.equal(0);
    const [empty] = await waitForPart(panel, 'list-empty');
    expect(empty.textContent).to.contain('No chats match these filters: Starred · Tags: Complaint.');
    empty.querySelector('button')!.click();
    await waitUntil(() => rowIds(panel).length > 0, 'the chats back', longWait);
    expect(pressed(panel, 'filter-starred')).to.equal('false');
    expect(tagButton(panel)!.textContent!.trim()).to.equal('Tags');
    expect(sessionStorage.length, 'nothing left to remember').to.equal(0);
  });

  it('keeps the choice and its names across a reload, shown before any chat carrying them is loaded', async () => {
    await openTagMenu(panel);
    tagItem(panel, 'Returning')!.click();
    tagItem(panel, 'Instagram lead')!.click();
    await waitForListRequest(org, (p) => p.getAll('tagIds').length === 2, 'the two tags asked for');
    const stored = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`);
    expect(stored.join('\n')).to.not.contain(org.token.split('.')[2]);
    panel.remove();
    await clearRequests(org);
    // The list cannot be read after the reload: no chat carrying the tags reaches the panel.
    await setFaults(org, { fail500: 1000, paths: '^/api/chat/chats$' });
    panel = await mountPanel({ token: org.token, 'per-page': '50', 'poll-interval': '0' });
    const first = await waitForListRequest(org, () => true, 'the first list request after the reload');
    expect(first.getAll('tagIds')).to.deep.equal(['7', '3']);
    await waitUntil(() => tagButton(panel) !== null, 'the tag menu’s button', longWait);
    expect(rowIds(panel)).to.deep.equal([]);
    expect(tagButton(panel)!.textContent!.trim()).to.equal('Tags: Returning, Instagram lead');
    await openTagMenu(panel);
    expect(tagNames(panel)).to.deep.equal(['Instagram lead', 'Returning']);
    expect(checkedTags(panel)).to.deep.equal(['Instagram lead', 'Returning']);
    // Readable again: the chats carrying them, and every tag they carry on offer.
    await setFaults(org, { fail500: 0 });
    await panel.refresh();
    await rowsSettled(panel, idsOf(await listChats(org, `&tagIds=7&tagIds=3${active}`)), 'their chats');
    await waitUntil(() => tagNames(panel).includes('Delivery'), 'the tags of those chats offered', longWait);
  });
});

describe('operator-chat-panel: tags of a record in other shapes', function () {
  this.timeout(30000);

  it('offers a tag whose id is written in digits, and never one without an id', async () => {
    sessionStorage.clear();
    const org = await createOrg('empty');
    const gold = await seedChat(org, {
      name: 'Gold customer',
      details: { tags: [{ id: '42', title: 'Gold' }, 'walk-in'] },
      messages: [{ text: 'Hello' }],
    });
    const plain = await seedChat(org, {
      name: 'Plain customer',
      details: { tags: ['walk-in', { name: 'Nameless id' }] },
      messages: [{ text: 'Hi' }],
    });
    const panel = await mountPanel({ token: org.token, 'poll-interval': '0' });
    try {
      await rowsSettled(panel, [gold.chat.id, plain.chat.id], 'both chats');
      await openTagMenu(panel);
      expect(tagNames(panel)).to.deep.equal(['Gold']);
      tagItem(panel, 'Gold')!.click();
      await rowsSettled(panel, [gold.chat.id], 'the Gold chat only');
    } finally {
      panel.remove();
      sessionStorage.clear();
    }
  });
});
