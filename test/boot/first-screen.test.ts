/**
 * The first screen the script tag draws from the list's early answer while the panel's code is
 * on its way (contract §1, src/boot/first-screen.ts), and how the panel takes it over: in place,
 * the same row elements at the same places, with what the operator did there. This file imports
 * the panel only in its last tests: until then the element stays undefined, as it is on a slow
 * network until its chunk is in.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { askEarly } from '../../src/boot/early-answers.js';
import { drawFirstScreen } from '../../src/boot/first-screen.js';
import { handOver } from '../../src/boot/handover.js';
import type { ReadAnswer } from '../../src/core/api/chat-requests.js';
import { mountedEarly } from '../support/first-screen.js';
import { parts } from '../support/parts.js';
import { createOrg, listChats, requests, seedChat, type TestOrg } from '../support/reference-api.js';
import { longWait } from '../support/waits.js';
import { scriptTag, scriptUrl } from '../support/script-tag.js';

/** The rows the operator sees: inside the panel's box, with a size. */
function rowsOnScreen(panel: Element): HTMLElement[] {
  const box = panel.getBoundingClientRect();
  return parts(panel, 'chat-item').filter((row) => {
    const rect = row.getBoundingClientRect();
    return rect.height > 0 && rect.top >= box.top - 1 && rect.top < box.bottom && rect.left >= box.left - 1;
  });
}

const topIn = (panel: Element, row: Element) => row.getBoundingClientRect().top - panel.getBoundingClientRect().top;

function answerOf(body: unknown, status = 200): ReadAnswer {
  return { status, header: () => 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) };
}

describe('the first screen, before the panel is in', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('shows the first page of chats in the list order, inside the panel, as the panel draws them', async () => {
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    await new Promise(requestAnimationFrame);

    expect(handover.drawn, 'handed over as drawn').to.equal(true);
    await questions.unreadTotal;
    expect(
      (await requests(org)).filter((logged) => logged.path === '/api/chat/chats').length,
      'only the early two',
    ).to.equal(2);
    const shown = rowsOnScreen(panel);
    const { items } = await listChats(org, '&status=0&status=1&status=2&status=3');
    expect(shown.length, 'rows on screen').to.be.greaterThan(3);
    expect(shown.map((row) => Number(row.dataset.chatId))).to.deep.equal(
      items.slice(0, shown.length).map((chat) => chat.id),
    );
    const first = items[0] as { client?: { name?: string }; textLastMess?: string };
    expect(shown[0].textContent).to.contain(first.client?.name);
    expect(shown[0].textContent).to.contain(first.textLastMess);
    // The panel's own box and list: its header, its filters, its rows' parts.
    for (const name of ['panel', 'header', 'chat-list', 'search-input', 'list-filters'])
      expect(panel.shadowRoot!.querySelector(`[part~="${name}"]`), name).to.not.equal(null);
    expect(getComputedStyle(shown[0].querySelector('.chat-item__avatar')!).width, 'styled').to.equal('40px');
  });

  it('shows what the answer says, in the panel’s language', async () => {
    const { chat } = await seedChat(org, { name: 'Zoë Перша', messages: [{ text: 'Где моя посылка?' }] });
    const { panel, questions, handover } = await mountedEarly(org, { lang: 'ru' });
    await drawFirstScreen(panel, questions, handover);
    const row = parts(panel, 'chat-item').find((candidate) => candidate.dataset.chatId === String(chat.id))!;
    expect(row.textContent).to.contain('Zoë Перша');
    expect(row.textContent).to.contain('Где моя посылка?');
    expect(panel.shadowRoot!.querySelector('.panel__title')!.textContent, 'the header in Russian').to.equal('Чаты');
    expect(panel.shadowRoot!.querySelector('[part~="panel"]')!.getAttribute('lang')).to.equal('ru');
  });

  it('draws the frame at once, the list loading until its answer, and no row for an answer that is not a page of chats', async () => {
    for (const answer of [
      answerOf({ message: 'Unauthorized' }, 401),
      answerOf('<html>proxy error</html>'),
      answerOf({ items: [{ name: 'no id' }] }),
      answerOf({ items: 'none' }),
      answerOf({ total: 1, items: [{ id: 1 }] }, 500),
    ]) {
      const { panel, questions, handover } = await mountedEarly(org);
      let answered: (read: ReadAnswer) => void = () => undefined;
      Object.defineProperty(questions, 'list', { value: new Promise<ReadAnswer>((done) => (answered = done)) });
      const drawn = drawFirstScreen(panel, questions, handover);
      // Before the answer: the panel's frame, its list saying it is loading, as the panel's own does.
      await waitUntil(() => handover.drawn, 'the frame drawn before the answer', longWait);
      const count = () => panel.shadowRoot!.querySelector('.chat-list__count')!.textContent!.trim();
      await waitUntil(() => count() === 'Loading…', `the list says it is loading (${count()})`, longWait);
      expect(panel.shadowRoot!.querySelector('.panel__title')!.textContent, 'the header').to.equal('Chats');
      answered(answer);
      await drawn;
      // The panel reads the same answer once it is in, and says what went wrong.
      expect(parts(panel, 'chat-item').length, answer.text).to.equal(0);
      expect(count(), answer.text).to.equal('Loading…');
    }
  });

  it('shows a filter the operator changed, without rows that are not its answer, and hands it over', async () => {
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    const unread = panel.shadowRoot!.querySelector<HTMLButtonElement>('[part~="filter-unread"]')!;
    unread.click();
    await waitUntil(() => unread.getAttribute('aria-pressed') === 'true', 'Unread pressed', longWait);
    expect(parts(panel, 'chat-item').length, 'no rows that are not its answer').to.equal(0);
    expect(handover.filter?.unread, 'handed over').to.equal(true);
  });

  it('says in the conversation’s place, beside the list, that a chat is to be chosen', async () => {
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    const place = panel.shadowRoot!.querySelector<HTMLElement>('[part~="conversation"]')!;
    expect(place.textContent!.trim()).to.equal('Choose a chat to read it.');
    expect(getComputedStyle(place).display, 'styled as the panel styles it').to.equal('grid');
    const text = place.querySelector('p')!.getBoundingClientRect();
    const list = panel.shadowRoot!.querySelector('[part~="chat-list"]')!.getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    expect(text.height, 'shown').to.be.greaterThan(0);
    expect(text.left, 'right of the list').to.be.at.least(list.right);
    expect(text.right, 'inside the panel').to.be.at.most(box.right);
    expect(text.top > box.top && text.bottom < box.bottom, 'inside the panel').to.equal(true);
  });

  it('shows a chat chosen as chosen, and asks for its messages at once', async () => {
    const { chat } = await seedChat(org, { name: 'Ada Chosen', messages: [{ text: 'Hello?' }] });
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    const row = parts(panel, 'chat-item').find((candidate) => candidate.dataset.chatId === String(chat.id))!;
    row.click();
    await waitUntil(() => row.getAttribute('aria-selected') === 'true', 'shown as chosen', longWait);
    expect(handover.chosenChatId).to.equal(chat.id);
    expect(
      panel.shadowRoot!.querySelector('[part~="conversation"]')!.textContent,
      'no word to choose a chat once one is',
    ).not.to.contain('Choose a chat');
    await waitUntil(
      async () => (await requests(org)).some((logged) => logged.path === `/api/chat/chats/${chat.id}/messages`),
      'its messages asked for before the panel is in',
      longWait,
    );
  });
});

describe('the panel takes the first screen over', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('in place: the same row elements at the same places in every frame, and the chosen chat opens', async function () {
    // The panel's code is imported here for the first time in this page: about 140 modules through
    // the dev server, which a busy machine makes take seconds in WebKit.
    this.timeout(30_000);
    const { chat } = await seedChat(org, { name: 'Zoë First-Row', messages: [{ text: 'Where is my parcel?' }] });
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    expect(handover.drawn, 'the first screen drawn before the panel is in').to.equal(true);
    // A second panel where no chat is chosen (another operator's: nothing of the first one's is
    // remembered for it): its conversation's place keeps its words.
    const idle = await mountedEarly(await createOrg());
    await drawFirstScreen(idle.panel, idle.questions, idle.handover);
    const noChatText = () => idle.panel.shadowRoot!.querySelector('[part~="conversation"] p');
    const where = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      const origin = idle.panel.getBoundingClientRect();
      return rect ? `${element!.textContent} at ${rect.left - origin.left},${rect.top - origin.top}` : 'none';
    };
    await new Promise(requestAnimationFrame);
    const noChatBefore = where(noChatText());
    expect(noChatBefore).to.contain('Choose a chat to read it.');
    const before = rowsOnScreen(panel).map((row) => ({ row, top: topIn(panel, row) }));
    const chosen = parts(panel, 'chat-item').find((row) => row.dataset.chatId === String(chat.id))!;
    chosen.click();
    await waitUntil(() => chosen.getAttribute('aria-selected') === 'true', 'shown as chosen', longWait);

    // Every frame from now until the conversation shows: the rows stay the same elements, where they were.
    const moved: string[] = [];
    let watching = true;
    const watch = () => {
      for (const { row, top } of before)
        if (!row.isConnected || Math.abs(topIn(panel, row) - top) > 0.5 || row.getBoundingClientRect().height === 0)
          moved.push(`chat ${row.dataset.chatId}: connected ${row.isConnected}, top ${top} → ${topIn(panel, row)}`);
      if (where(noChatText()) !== noChatBefore) moved.push(`the idle panel's conversation: ${where(noChatText())}`);
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    await import('../../src/operator-chat-panel.js');
    await waitUntil(
      () => panel.shadowRoot!.querySelector('[part~="conversation"]')?.textContent?.includes('Where is my parcel?'),
      'the chosen chat opens',
      longWait,
    );
    // The frame that shows it, too.
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    watching = false;

    expect(moved.slice(0, 5), 'rows that moved or went').to.deep.equal([]);
    expect(idle.panel.shadowRoot!.querySelector('ocp-conversation [part~="conversation"]'), 'taken over').to.not.equal(
      null,
    );
    expect(panel.shadowRoot!.querySelectorAll('[part~="panel"]').length, 'one panel box').to.equal(1);
    expect(chosen.getAttribute('aria-selected'), 'still the chosen row').to.equal('true');
    const listAsked = (await requests(org)).filter((logged) => logged.path === '/api/chat/chats');
    expect(listAsked.length, 'the list asked once, early (and the unread total)').to.equal(2);
    const opened = (await requests(org)).filter((logged) => logged.path === `/api/chat/chats/${chat.id}/messages`);
    expect(opened.length, 'its messages asked once').to.equal(1);
  });

  it('with the filter the operator changed there: its first render shows it, and asks for it', async () => {
    const { filter } = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
    const box = await fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
    const panel = document.createElement('operator-chat-panel');
    for (const [name, value] of Object.entries({ token: org.token, events: 'off' })) panel.setAttribute(name, value);
    const questions = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
    handOver(panel, {
      answers: questions,
      drawn: false,
      chosenChatId: null,
      drawing: null,
      filter: { ...filter, unread: true },
    });
    box.append(panel);
    await (panel as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const unread = panel.shadowRoot!.querySelector<HTMLButtonElement>('[part~="filter-unread"]')!;
    expect(unread.getAttribute('aria-pressed'), 'in its first render').to.equal('true');
    await waitUntil(
      async () => (await requests(org)).some((logged) => logged.search.includes('isUnread=true')),
      'the list asked with it',
      longWait,
    );
    expect(sessionStorage.getItem(`ocp:list-triage:${org.organizationId}:${org.operatorId}`), 'remembered').to.contain(
      '"unread":true',
    );
  });

  it('draws nothing once the panel is in', async () => {
    const { panel, questions, handover } = await mountedEarly(org);
    await drawFirstScreen(panel, questions, handover);
    expect(handover.drawn).to.equal(false);
  });
});
