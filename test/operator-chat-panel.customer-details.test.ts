/**
 * Customer details (issue 29.1-2, contract §4 "Customer details"): the header's toggle opens what
 * the chat's record holds about the customer, beside the conversation when wide and over it when
 * narrow, remembered per operator; undocumented fields in shapes the panel does not know are left
 * out without a crash; the customer's other chats are listed newest first and open on a click.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, requests, seedChat, setFaults, type TestOrg } from './support/reference-api.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

async function openDetails(panel: OperatorChatPanel): Promise<HTMLElement> {
  const toggle = (await waitForPart(panel, 'customer-details-toggle'))[0];
  expect(toggle.getAttribute('aria-expanded')).to.equal('false');
  toggle.click();
  const [details] = await waitForPart(panel, 'customer-details');
  expect(toggle.getAttribute('aria-expanded')).to.equal('true');
  return details;
}

/** A field's text in the details (`data-field`), or null when it is not shown. */
function field(details: HTMLElement, name: string): string | null {
  const element = details.querySelector(`[data-field="${name}"]`);
  return element ? (element.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
}

/** The tags shown, one by one. */
function tags(details: HTMLElement): string[] {
  return Array.from(details.querySelectorAll('[data-field="tags"] > * > *'), (tag) => tag.textContent ?? '');
}

describe('operator-chat-panel: customer details', function () {
  let org: TestOrg;
  let panel: OperatorChatPanel | undefined;

  beforeEach(async () => {
    org = await createOrg('empty');
  });

  afterEach(() => panel?.remove());

  it('shows what a full record holds: name, channel, account, phone to copy, tags, rating, language, first contact, blocked and stop list', async () => {
    const { chat } = await seedChat(org, {
      name: 'Greta Full',
      phone: '+49 151 7654321',
      source: 0,
      details: {
        tags: ['VIP', { id: 2, name: 'Wholesale' }],
        rate: 4,
        rateComment: 'Helpful, a bit slow',
        lang: 'de',
        isBlocked: true,
        isInStopList: true,
      },
      messages: [{ text: 'Hallo!', minutesAgo: 90 }],
    });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    const details = await openDetails(panel);
    await waitUntil(() => field(details, 'name') === 'Greta Full', 'the name', longWait);
    expect(field(details, 'channel')).to.equal('MessengerA');
    expect(field(details, 'account')).to.equal((chat.photoAccount as { name: string }).name);
    expect(field(details, 'phone')).to.contain('+49 151 7654321');
    expect(details.querySelector('[data-field="phone"] button'), 'a copy button').to.exist;
    expect(tags(details)).to.deep.equal(['VIP', 'Wholesale']);
    expect(field(details, 'rating')).to.contain('4').and.contain('Helpful, a bit slow');
    expect(field(details, 'lang')).to.equal('German (de)');
    expect(details.querySelector<HTMLTimeElement>('[data-field="created"] time')!.dateTime).to.equal(chat.createdAt);
    expect(field(details, 'blocked')).to.equal('Blocked');
    expect(field(details, 'stop-list')).to.equal('In the stop list');
  });

  it('shows a record with no optional fields at all: the id, no empty rows', async () => {
    const { chat } = await seedChat(org, {
      name: 'Nobody',
      omit: [
        'client',
        'photoUser',
        'photoAccount',
        'operator',
        'phone',
        'tags',
        'rate',
        'rateComment',
        'lang',
        'createdAt',
        'isBlocked',
        'isInStopList',
        'theme',
        'socialUserId',
        'isStarred',
        'countUnread',
      ],
      messages: [{ text: 'Hi' }],
    });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    const details = await openDetails(panel);
    expect(field(details, 'name')).to.equal('Customer');
    for (const name of ['account', 'phone', 'tags', 'rating', 'lang', 'created', 'blocked', 'stop-list', 'handle'])
      expect(field(details, name), name).to.equal(null);
    expect(details.querySelectorAll('dd:empty').length).to.equal(0);
    await waitUntil(() => details.textContent?.includes('No other chats.'), 'no customer to ask about', longWait);
  });

  it('leaves out fields of unexpected shapes without a crash', async () => {
    const { chat } = await seedChat(org, {
      name: 'Odd Shapes',
      details: {
        tags: [1, { id: 2 }, [['nested']], { name: 5 }, null, 'ok', { name: 'named' }],
        rate: { value: 5 },
        rateComment: ['not', 'text'],
        lang: ['en'],
        createdAt: { when: 'yesterday' },
        isInStopList: 'yes',
        photoUser: 'not an object',
        phone: 42,
      },
      messages: [{ text: 'Hello' }],
    });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    const details = await openDetails(panel);
    expect(field(details, 'name')).to.equal('Odd Shapes');
    expect(tags(details)).to.deep.equal(['1', 'ok', 'named']);
    expect(field(details, 'rating')).to.equal(null);
    expect(field(details, 'lang')).to.equal(null);
    expect(field(details, 'created')).to.equal(null);
    expect(field(details, 'stop-list')).to.equal(null);
    expect(field(details, 'phone')).to.equal(null);
    expect(part(panel, 'banner'), 'no error banner').to.equal(null);
  });

  it('remembers the toggle for the operator across a remount', async () => {
    const { chat } = await seedChat(org, { name: 'Remembered', messages: [{ text: 'Hi' }] });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    await openDetails(panel);
    panel.remove();

    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    await waitForPart(panel, 'customer-details');
    const toggle = part(panel, 'customer-details-toggle')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    toggle.click();
    await panel.updateComplete;
    expect(part(panel, 'customer-details')).to.equal(null);
    panel.remove();

    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, chat.id);
    await waitForPart(panel, 'customer-details-toggle');
    expect(part(panel, 'customer-details-toggle')!.getAttribute('aria-expanded')).to.equal('false');
    expect(part(panel, 'customer-details')).to.equal(null);
  });

  it('sits beside the conversation when wide and over it when narrow', async () => {
    const { chat } = await seedChat(org, { name: 'Layout', messages: [{ text: 'Hi' }] });
    panel = await mountPanel({ token: org.token });
    panel.style.width = '1280px';
    await openChatByClick(panel, chat.id);
    const details = await openDetails(panel);
    await panel.updateComplete;
    const list = part(panel, 'message-list')!;
    const beside = details.getBoundingClientRect();
    expect(beside.width).to.be.greaterThan(200);
    expect(beside.left, 'to the right of the messages').to.be.at.least(list.getBoundingClientRect().right - 1);
    expect(part(panel, 'conversation')!.getBoundingClientRect().right).to.be.at.most(beside.left + 1);

    panel.style.width = '420px';
    await waitUntil(
      () => details.getBoundingClientRect().left < list.getBoundingClientRect().right - 100,
      'a sheet',
      longWait,
    );
    const sheet = details.getBoundingClientRect();
    const messages = list.getBoundingClientRect();
    expect(sheet.right).to.be.closeTo(messages.right, 1);
    expect(sheet.left, 'over the messages').to.be.lessThan(messages.left + 100);
    expect(sheet.height).to.be.greaterThan(messages.height);

    // Escape in the sheet closes it, not the conversation; focus goes back to the toggle.
    details.querySelector<HTMLButtonElement>('button')!.focus();
    details
      .querySelector('section')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
    await waitUntil(() => part(panel!, 'customer-details') === null, 'the sheet closed', longWait);
    expect(part(panel, 'conversation')!.getBoundingClientRect().width, 'the chat stays open').to.be.greaterThan(300);
    await waitUntil(
      () => panel!.shadowRoot!.activeElement === part(panel!, 'customer-details-toggle'),
      'focus on the toggle',
      longWait,
    );
  });

  it("lists the customer's other chats newest first, and opens one the list's filter hides", async () => {
    const oldest = await seedChat(org, {
      name: 'Rita Repeat',
      status: 4,
      messages: [{ text: 'Closed one', minutesAgo: 4000 }],
    });
    const middle = await seedChat(org, {
      sameClientAs: oldest.chat.id,
      status: 1,
      messages: [{ text: 'Second time', minutesAgo: 60 }],
    });
    const newest = await seedChat(org, {
      sameClientAs: oldest.chat.id,
      messages: [{ text: 'Me again', minutesAgo: 2 }],
    });
    await seedChat(org, { name: 'Someone Else', messages: [{ text: 'Unrelated' }] });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, newest.chat.id);
    await openDetails(panel);
    const chats = await waitForPart(panel, 'customer-chat', (items) => items.length === 2);
    expect(chats.map((item) => Number(item.dataset.chatId))).to.deep.equal([middle.chat.id, oldest.chat.id]);
    expect(chats[0].textContent).to.contain('Open').and.contain('Second time');
    expect(chats[1].textContent).to.contain('Closed').and.contain('Closed one');
    const asked = (await requests(org)).filter((request) => request.search.includes('clientId='));
    expect(asked.at(-1)!.search, 'over every status').to.not.contain('status=');

    // Closed: the list (all but Closed) does not show it.
    expect(panel.shadowRoot!.querySelector(`[part~="chat-item"][data-chat-id="${oldest.chat.id}"]`)).to.equal(null);
    const opened = oneEvent(panel, 'ocp-chat-open');
    chats[1].click();
    expect((await opened).detail.chatId).to.equal(oldest.chat.id);
    await waitUntil(
      () => parts(panel!, 'message').some((message) => message.textContent?.includes('Closed one')),
      'the closed chat opened',
      longWait,
    );
    expect(part(panel, 'conversation-header')!.textContent).to.contain('Rita Repeat');
    const again = await waitForPart(panel, 'customer-chat', (items) =>
      items.some((item) => item.dataset.chatId === String(newest.chat.id)),
    );
    expect(again.map((item) => Number(item.dataset.chatId))).to.deep.equal([newest.chat.id, middle.chat.id]);
  });

  it("finds a photo-network customer's chats by photo_user_id and shows the handle", async () => {
    const first = await seedChat(org, {
      name: 'Pat Photo',
      source: 7,
      handle: 'pat.photo',
      messages: [{ text: 'A', minutesAgo: 100 }],
    });
    const second = await seedChat(org, {
      sameClientAs: first.chat.id,
      source: 7,
      messages: [{ text: 'B', minutesAgo: 1 }],
    });
    panel = await mountPanel({ token: org.token });
    await openChatByClick(panel, second.chat.id);
    const details = await openDetails(panel);
    expect(field(details, 'handle')).to.equal('@pat.photo');
    const [other] = await waitForPart(panel, 'customer-chat');
    expect(Number(other.dataset.chatId)).to.equal(first.chat.id);
    const asked = (await requests(org)).filter((request) => request.search.includes('photo_user_id='));
    expect(asked, 'asked by photo_user_id').to.have.length.greaterThan(0);
  });

  it('says quietly when the other chats cannot be loaded, and retries', async () => {
    const first = await seedChat(org, { name: 'Fay Failure', messages: [{ text: 'One', minutesAgo: 50 }] });
    const second = await seedChat(org, { sameClientAs: first.chat.id, messages: [{ text: 'Two' }] });
    panel = await mountPanel({ token: org.token, 'poll-interval': '0' });
    await openChatByClick(panel, second.chat.id);
    await waitForPart(panel, 'message');
    await setFaults(org, { fail500: 1, paths: '^/api/chat/chats$' });
    const details = await openDetails(panel);
    await waitUntil(() => details.querySelector('[data-state="failed"]'), 'the failure', longWait);
    expect(details.textContent).to.contain('Their other chats could not be loaded.');
    expect(part(panel, 'banner'), 'no banner').to.equal(null);
    details.querySelector<HTMLButtonElement>('[data-state="failed"] button')!.click();
    const [other] = await waitForPart(panel, 'customer-chat');
    expect(Number(other.dataset.chatId)).to.equal(first.chat.id);
    expect(details.querySelector('[data-state="failed"]')).to.equal(null);
  });
});
