/**
 * A chat chosen on the first screen, before the panel's code is in (contract §1, the operator's
 * next wait; src/boot/first-conversation.ts): drawn as the conversation draws it, from its
 * messages asked at the click, and taken over by the panel without a message moving. This file
 * imports the panel only in its last test: until then the element stays undefined, as it is on a
 * slow network until its chunk is in.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { drawFirstScreen } from '../../src/boot/first-screen.js';
import { mountedEarly } from '../support/first-screen.js';
import { messageElement, messageList } from '../support/on-screen.js';
import { parts } from '../support/parts.js';
import { createOrg, requests, seedChat, setFaults, type SeedMessage, type TestOrg } from '../support/reference-api.js';
import { longWait } from '../support/waits.js';

/** A chat like an everyday one: read history, long and short messages, a late picture, then `unread` new questions. */
async function everydayChat(org: TestOrg, name: string, unread: number) {
  const history: SeedMessage[] = Array.from({ length: 24 }, (_, index) => ({
    text:
      index % 5 === 0
        ? `Line ${index}: ${'a longer message that wraps over several lines in the bubble, '.repeat(3)}`
        : `Line ${index}`,
    author: index % 2 === 0 ? 'customer' : 'operator',
    minutesAgo: 200 - index,
  }));
  history.splice(20, 0, {
    text: 'The parcel',
    minutesAgo: 181,
    media: { name: 'parcel.png', url: '/media/slow/600/320x240.png', type: 1, format: 'image/png' },
  });
  const { chat, messageIds } = await seedChat(org, { name, read: true, messages: history });
  const asked = Array.from({ length: unread }, (_, index) => ({
    text: `New question ${index + 1}`,
    minutesAgo: unread - index,
  }));
  const more = unread > 0 ? await seedChat(org, { chatId: chat.id, messages: asked }) : { messageIds: [] };
  return { chatId: chat.id, ids: [...messageIds, ...more.messageIds] };
}

/** Where each message shown in the list is, from the list's top: what the operator sees, by message id. */
function messagesInView(panel: Element): Map<string, number> {
  if (!panel.shadowRoot!.querySelector('[part~="message-list"]')) return new Map();
  const list = messageList(panel).getBoundingClientRect();
  const shown = new Map<string, number>();
  for (const message of parts(panel, 'message')) {
    const box = message.getBoundingClientRect();
    if (box.height > 0 && box.bottom > list.top + 1 && box.top < list.bottom - 1)
      shown.set(message.dataset.messageId!, Math.round((box.top - list.top) * 2) / 2);
  }
  return shown;
}

/**
 * The chat's picture (in its media element's own shadow root) has loaded and shows at its size:
 * its loading box is gone. An image is `complete` a task before its load event, which sizes it.
 */
function pictureIn(panel: Element): boolean {
  const media = panel.shadowRoot!.querySelector('ocp-message-media')?.shadowRoot;
  const picture = media?.querySelector<HTMLImageElement>('img');
  const loading = media?.querySelector('[part~="message-media--loading"]');
  return !!picture && picture.complete && picture.naturalWidth > 0 && !loading;
}

/** Waits for the chat's newest message on screen and its late picture loaded; answers the newest's id. */
async function newestWithPicture(panel: Element, ids: readonly number[]): Promise<string> {
  const newest = String(ids.at(-1));
  await waitUntil(() => messagesInView(panel).has(newest), 'its newest message on screen', longWait);
  await waitUntil(() => pictureIn(panel), 'the late picture in', longWait);
  return newest;
}

/** The first screen drawn, then its row of `chatId` clicked; `faults` (the reference API's) from that click on. */
async function chooseEarly(org: TestOrg, chatId: number, faults: Record<string, unknown> = {}) {
  // The code that draws it is in before the click, as on a slow network (it comes with the list's answer).
  await import('../../src/boot/first-conversation.js');
  const early = await mountedEarly(org);
  await drawFirstScreen(early.panel, early.questions, early.handover);
  await setFaults(org, faults);
  const row = parts(early.panel, 'chat-item').find((candidate) => candidate.dataset.chatId === String(chatId))!;
  row.click();
  return early;
}

describe('a chat chosen on the first screen, before the panel is in', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('shows its header at once and its newest message at the bottom of its list, asked once, at the click', async () => {
    const { chatId, ids } = await everydayChat(org, 'Zoë Early', 0);
    const { panel, handover } = await chooseEarly(org, chatId, { hold: true, paths: '/messages$' });
    await waitUntil(() => panel.shadowRoot!.querySelector('.conversation__name'), 'its header', longWait);
    expect(panel.shadowRoot!.querySelector('.conversation__name')!.textContent).to.equal('Zoë Early');
    expect(panel.shadowRoot!.querySelector('[part~="conversation"]')!.textContent, 'its list loading').to.contain(
      'Loading…',
    );
    expect(handover.drawing, 'the panel would wait for its messages').to.not.equal(null);
    await setFaults(org, { hold: false });

    const newest = String(ids.at(-1));
    await waitUntil(() => messagesInView(panel).has(newest), 'its newest message on screen', longWait);
    const list = messageList(panel).getBoundingClientRect();
    const bottom = messageElement(panel, newest)!.getBoundingClientRect().bottom;
    expect(list.bottom - bottom, 'at the bottom of the list').to.be.within(0, 24);
    expect(messagesInView(panel).size, 'the list filled').to.be.greaterThan(3);
    const place = panel.shadowRoot!.querySelector('.composer-place')!.getBoundingClientRect();
    expect(place.height, 'the composer’s place held').to.be.greaterThan(40);
    expect(Math.abs(place.top - list.bottom), 'under the list').to.be.below(1);
    await waitUntil(() => handover.drawing === null, 'the panel may take over', longWait);
    const asked = (await requests(org)).filter((logged) => logged.path === `/api/chat/chats/${chatId}/messages`);
    expect(asked.length, 'asked once').to.equal(1);
  });

  it('holds the newest message at the bottom while a picture above it loads late', async () => {
    const { chatId, ids } = await everydayChat(org, 'Late Picture', 2);
    const { panel } = await chooseEarly(org, chatId);
    const newest = await newestWithPicture(panel, ids);
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    const list = messageList(panel).getBoundingClientRect();
    const bottom = messageElement(panel, newest)!.getBoundingClientRect().bottom;
    expect(list.bottom - bottom, 'still at the bottom').to.be.within(0, 24);
  });

  it('opens at the "New messages" divider when the unread messages are taller than the view', async () => {
    const { chatId, ids } = await everydayChat(org, 'Many Questions', 40);
    const { panel } = await chooseEarly(org, chatId);
    const firstUnread = String(ids[ids.length - 40]);
    await waitUntil(() => messagesInView(panel).has(firstUnread), 'the first unread message on screen', longWait);
    const divider = panel.shadowRoot!.querySelector('[part~="unread-divider"]')!.getBoundingClientRect();
    const list = messageList(panel).getBoundingClientRect();
    expect(divider.top - list.top, 'the divider at the top of the list').to.be.within(-1, 16);
    expect(messagesInView(panel).has(String(ids.at(-1))), 'the newest below the view').to.equal(false);
    const wait = panel.shadowRoot!.querySelector('.conversation__header [part~="wait-time"]');
    expect(wait?.textContent, 'the customer’s wait in the header').to.match(/\d+ (min|hr)/);
  });

  it('leaves the list loading when the answer is not messages, and lets the panel take over', async () => {
    const { chatId } = await everydayChat(org, 'Broken Answer', 1);
    const { panel, handover } = await chooseEarly(org, chatId, { fail500: 1, paths: '/messages' });
    await waitUntil(() => handover.drawing === null, 'the panel may take over', longWait);
    expect(panel.shadowRoot!.querySelector('[part~="conversation"]')!.textContent).to.contain('Loading…');
    expect(parts(panel, 'message').length).to.equal(0);
  });

  it('hands over as soon as the operator touches the panel while the messages are on their way', async () => {
    const { chatId } = await everydayChat(org, 'Slow Answer', 1);
    const { panel, handover } = await chooseEarly(org, chatId, { hold: true, paths: '/messages$' });
    await waitUntil(() => handover.drawing !== null, 'waiting for its messages', longWait);
    panel
      .shadowRoot!.querySelector<HTMLElement>('[part~="search-input"]')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitUntil(() => handover.drawing === null, 'the panel may take over', longWait);
    await setFaults(org, { hold: false });
  });
});

describe('the panel takes over a chat chosen on the first screen', () => {
  it('in place: every message on screen stays where it was in every frame, and the composer takes its held place', async function () {
    // The panel's code is imported here for the first time in this page: about 140 modules through
    // the dev server, which a busy machine makes take seconds in WebKit.
    this.timeout(30_000);
    sessionStorage.clear();
    const org = await createOrg();
    const { chatId, ids } = await everydayChat(org, 'Takeover Chat', 3);
    const { panel } = await chooseEarly(org, chatId);
    await newestWithPicture(panel, ids);
    await new Promise(requestAnimationFrame);
    const before = messagesInView(panel);
    const listBottom = messageList(panel).getBoundingClientRect().bottom;
    // The customer's wait, in the header and the row, as the panel will tell it from the messages.
    const waits = () =>
      [
        ...panel.shadowRoot!.querySelectorAll(`.conversation__header, [part~="chat-item"][data-chat-id="${chatId}"]`),
      ].map((where) => where.querySelector('[part~="wait-time"]')?.textContent);
    const waitsBefore = waits();
    expect(waitsBefore.length, 'the header and the row').to.equal(2);
    expect(waitsBefore[0], 'a wait').to.match(/\d+ (min|hr)/);

    const moved: string[] = [];
    let watching = true;
    const watch = () => {
      const now = messagesInView(panel);
      for (const [id, top] of before)
        if (now.get(id) !== top) moved.push(`message ${id}: ${top} → ${now.get(id) ?? 'not on screen'}`);
      const bottom = messageList(panel).getBoundingClientRect().bottom;
      if (Math.abs(bottom - listBottom) > 0.5) moved.push(`the list's bottom: ${listBottom} → ${bottom}`);
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    await import('../../src/operator-chat-panel.js');
    await waitUntil(
      () => panel.shadowRoot!.querySelector('ocp-conversation ocp-composer [part~="composer-input"]'),
      'the panel’s conversation and composer',
      longWait,
    );
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    watching = false;

    expect(moved.slice(0, 5), 'what moved').to.deep.equal([]);
    expect(waits(), 'the same waits').to.deep.equal(waitsBefore);
    expect(panel.shadowRoot!.querySelector('.conversation-frame'), 'the first screen’s frame replaced').to.equal(null);
    const composer = panel.shadowRoot!.querySelector('ocp-composer')!.getBoundingClientRect();
    expect(Math.abs(composer.top - listBottom), 'the composer where its place was').to.be.below(1);
    const asked = (await requests(org)).filter((logged) => logged.path === `/api/chat/chats/${chatId}/messages`);
    expect(asked.length, 'its messages asked once, at the click').to.equal(1);
  });
});
