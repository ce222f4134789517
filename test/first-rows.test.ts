/**
 * The first rows the script tag draws from the list's early answer while the panel's code still
 * downloads (contract §1, src/first-rows.ts and first-rows-paint.ts), and how the panel takes them
 * over. This file never imports the panel before its last test: the element stays undefined, as
 * it is on a slow network until its chunk is in.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ReadAnswer } from '../src/core/api/chat-api.js';
import { askEarly } from '../src/early-answers.js';
import { firstRowsFor } from '../src/first-rows.js';
// Imported here, the drawing is in before any test: firstRowsFor's own import of it resolves at
// once, as it does on a slow network, where it comes before the list's answer.
import { firstRowsAttribute, firstRowsSheetKey, paintFirstRows } from '../src/first-rows-paint.js';
import {
  firstRowsAttribute as panelAttribute,
  firstRowsSheetKey as panelSheetKey,
} from '../src/panel/script-tag-handover.js';
import { createOrg, listChats, requests, seedChat, setFaults, type TestOrg } from './support/reference-api.js';

const scriptUrl = `${location.origin}/operator-chat-panel/widget-script.js`;

function scriptTag(token: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.setAttribute('token', token);
  return script;
}

/** A host of the page's as a page author gives the panel one: 1000 × 600 px. */
async function hostBox(): Promise<HTMLDivElement> {
  return fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
}

/** An element of its own name (never defined here) in the box: where the rows go. */
function undefinedPanel(box: HTMLElement, name = 'first-rows-probe'): HTMLElement {
  const panel = document.createElement(name);
  box.append(panel);
  return panel;
}

/** The rows drawn whatever the network (this test's is quick). */
const anyNetwork = { scriptMs: 0, answerMs: 0 };

const rowsOf = (panel: Element) => [...(panel.shadowRoot?.querySelectorAll<HTMLElement>('[part~="chat-item"]') ?? [])];

/** The rows the operator sees: inside the panel's box, with a size. */
function rowsOnScreen(panel: Element): HTMLElement[] {
  const box = panel.getBoundingClientRect();
  return rowsOf(panel).filter((row) => {
    const rect = row.getBoundingClientRect();
    return rect.height > 0 && rect.top >= box.top - 1 && rect.top < box.bottom && rect.left >= box.left - 1;
  });
}

function answerOf(body: unknown, status = 200): ReadAnswer {
  return { status, header: () => 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) };
}

describe('first rows: the list drawn before the panel is in', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('marks its layer and its sheet as the panel looks for them', () => {
    expect(firstRowsAttribute).to.equal(panelAttribute);
    expect(firstRowsSheetKey).to.equal(panelSheetKey);
  });

  it('shows the first page of chats in the list order, inside the panel, in the frame after the answer', async () => {
    const askedAt = performance.now();
    const early = askEarly(scriptTag(org.token), scriptUrl)!;
    const panel = undefinedPanel(await hostBox());
    firstRowsFor(panel, early.firstList, anyNetwork);
    expect(panel.shadowRoot, 'the root is there at once').to.not.equal(null);
    await early.firstList;
    await new Promise(requestAnimationFrame);
    const chatRequests = async () => (await requests(org)).filter((logged) => logged.path === '/api/chat/chats');
    // Both early answers in (the unread total may come after the list), seen by the page itself:
    // the server logged each request before it answered.
    const answered = () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= askedAt && new URL(entry.name).pathname === '/api/chat/chats');
    await waitUntil(() => answered().length >= 2, 'the two early answers', { timeout: 5000 });
    expect((await chatRequests()).length, 'the two early requests').to.equal(2);
    await new Promise(requestAnimationFrame);
    expect((await chatRequests()).length, 'no request of its own').to.equal(2);
    const shown = rowsOnScreen(panel);
    const { items } = await listChats(org, '&status=0&status=1&status=2&status=3');
    expect(shown.length, 'rows on screen').to.be.greaterThan(3);
    expect(rowsOf(panel).length, 'no more rows than the box shows, and a few').to.be.at.most(Math.ceil(600 / 60));
    expect(shown.map((row) => Number(row.dataset.chatId))).to.deep.equal(
      items.slice(0, shown.length).map((chat) => chat.id),
    );
    const first = items[0] as { client?: { name?: string }; textLastMess?: string };
    expect(shown[0].textContent).to.contain(first.client?.name);
    expect(shown[0].textContent).to.contain(first.textLastMess);
  });

  it('shows names and messages as text, with the unread count and status the panel gives its rows', async () => {
    const names = ['<img src=x onerror="window.__firstRowsXss=1">', '&amp; 👩‍👩‍👧 עברית', '', 'Ω≈ç√'];
    const chats = names.map((name, index) => ({
      id: 900 + index,
      chatStatus: index,
      countUnread: index === 1 ? 120 : index,
      client: { name },
      phone: index === 2 ? '+15550001111' : undefined,
      textLastMess: `<b>last</b> ${name}`,
    }));
    const panel = undefinedPanel(await hostBox());
    expect(paintFirstRows(panel.attachShadow({ mode: 'open' }), answerOf({ total: 4, items: chats }))).to.equal(true);
    const rows = rowsOnScreen(panel);
    expect(rows.map((row) => row.dataset.chatId)).to.deep.equal(['900', '901', '902', '903']);
    expect(rows[0].textContent).to.contain(names[0]);
    expect(rows[0].querySelector('img, b'), 'no markup from the data').to.equal(null);
    expect((window as { __firstRowsXss?: number }).__firstRowsXss).to.equal(undefined);
    expect(rows[1].textContent).to.contain(names[1]);
    expect(rows[2].textContent, 'no name: the phone').to.contain('+15550001111');
    expect(rows.map((row) => row.dataset.status)).to.deep.equal(['0', '1', '2', '3']);
    expect(rows[0].getAttribute('part')).to.equal('chat-item');
    expect(rows[1].getAttribute('part')).to.equal('chat-item chat-item--unread');
    expect(rows[1].querySelector('[part="chat-item-badge"]')?.textContent).to.equal('99+');
  });

  it('draws nothing for an answer that is not a page of chats, and leaves the root to the panel', async () => {
    for (const answer of [
      answerOf({ message: 'Unauthorized' }, 401),
      answerOf('<html>proxy error</html>'),
      answerOf({ items: [{ name: 'no id' }] }),
      answerOf({ items: 'none' }),
      answerOf({ total: 1, items: [{ id: 1 }] }, 500),
    ]) {
      const panel = undefinedPanel(await hostBox());
      const root = panel.attachShadow({ mode: 'open' });
      expect(paintFirstRows(root, answer), answer.text).to.equal(false);
      expect(root.childNodes.length, answer.text).to.equal(0);
    }
  });

  it('draws nothing for an answer quicker than a slow network gives, where the panel follows at once', async () => {
    for (const quick of [
      { scriptMs: 0, answerMs: 60_000 },
      { scriptMs: 60_000, answerMs: 0 },
    ]) {
      const early = askEarly(scriptTag(org.token), scriptUrl)!;
      const panel = undefinedPanel(await hostBox());
      // This page's own script file stands for the widget's: it came quickly.
      firstRowsFor(panel, early.firstList, quick, new URL('../src/first-rows.ts', import.meta.url).href);
      await early.firstList;
      await new Promise(requestAnimationFrame);
      expect(panel.shadowRoot?.childNodes.length, `an empty root, for the panel: ${JSON.stringify(quick)}`).to.equal(0);
    }
  });

  it("draws nothing where the script tag's own timing is unknown", async () => {
    const early = askEarly(scriptTag(org.token), scriptUrl)!;
    const panel = undefinedPanel(await hostBox());
    firstRowsFor(panel, early.firstList, { scriptMs: 1, answerMs: 0 }, `${location.origin}/never-loaded.js`);
    await early.firstList;
    await new Promise(requestAnimationFrame);
    expect(panel.shadowRoot?.childNodes.length, 'an empty root, for the panel').to.equal(0);
  });

  it('draws nothing for a floating panel or once the panel is defined', async () => {
    const early = askEarly(scriptTag(org.token), scriptUrl)!;
    const box = await hostBox();
    const floating = undefinedPanel(box);
    floating.setAttribute('mode', 'floating');
    firstRowsFor(floating, early.firstList, anyNetwork);
    customElements.define('first-rows-defined', class extends HTMLElement {});
    const defined = undefinedPanel(box, 'first-rows-defined');
    firstRowsFor(defined, early.firstList, anyNetwork);
    await early.firstList;
    await new Promise(requestAnimationFrame);
    expect(floating.shadowRoot, 'floating').to.equal(null);
    expect(defined.shadowRoot, 'defined').to.equal(null);
  });

  // From here on the panel is defined, and stays so for the rest of the page.
  it('gives way to the panel at the same places, and a row chosen before the panel opens once it is in', async function () {
    // The panel's code is imported here for the first time in this page: about 140 modules through
    // the dev server, which a busy machine makes take seconds in WebKit.
    const { chat } = await seedChat(org, { name: 'Zoë First-Row', messages: [{ text: 'Where is my parcel?' }] });
    const early = askEarly(scriptTag(org.token), scriptUrl)!;
    const panel = undefinedPanel(await hostBox(), 'operator-chat-panel');
    panel.setAttribute('token', org.token);
    panel.setAttribute('events', 'off');
    panel.setAttribute('theme', 'light');
    Object.defineProperty(panel, Symbol.for('operator-chat-panel.early-answers'), { value: early, configurable: true });
    firstRowsFor(panel, early.firstList, anyNetwork);
    await early.firstList;
    await new Promise(requestAnimationFrame);
    const before = new Map(
      rowsOnScreen(panel).map((row) => [
        row.dataset.chatId,
        row.getBoundingClientRect().top - panel.getBoundingClientRect().top,
      ]),
    );
    const chosen = rowsOf(panel).find((row) => row.dataset.chatId === String(chat.id))!;
    expect(chosen, 'the new chat is among the first rows').to.not.equal(undefined);
    chosen.click();
    expect(chosen.getAttribute('aria-selected'), 'shown as chosen').to.equal('true');

    await import('../src/operator-chat-panel.js');
    await waitUntil(() => !panel.shadowRoot!.querySelector(`[${firstRowsAttribute}]`), 'the first rows give way', {
      timeout: 5000,
    });
    await waitUntil(
      () => panel.shadowRoot!.querySelector('[part~="conversation"]')?.textContent?.includes('Where is my parcel?'),
      'the chosen chat opens',
      { timeout: 10_000 },
    );
    const rows = rowsOnScreen(panel);
    expect(new Set(rows.map((row) => row.dataset.chatId)).size, 'one list').to.equal(rows.length);
    // The same chats at the same places: the panel's rows add times and labels, not height. (A
    // row whose customer waits has a waiting-time pill a pixel taller than its status: the rows
    // below it may move by as much; the first rows draw no waiting times.)
    const compared = rows.slice(0, 3);
    for (const row of compared) {
      const was = before.get(row.dataset.chatId);
      const top = row.getBoundingClientRect().top - panel.getBoundingClientRect().top;
      expect(was, `chat ${row.dataset.chatId} was among the first rows`).to.not.equal(undefined);
      expect(Math.abs(top - was!), `chat ${row.dataset.chatId} moved from ${was} to ${top}`).to.be.at.most(3);
    }
    const opened = (await requests(org)).filter((logged) => logged.path === `/api/chat/chats/${chat.id}/messages`);
    expect(opened.length, 'its messages asked once').to.be.at.least(1);
  });

  it('give way at once to what the panel shows in their place: a bad base-url, a list the service fails', async () => {
    await import('../src/operator-chat-panel.js');
    const { items } = await listChats(org, '&status=0&status=1&status=2&status=3');
    const answer = answerOf({ total: items.length, items });
    const box = await hostBox();
    /** A defined panel given first rows before it joins the page, as the entry's would be. */
    const panelWithRows = (attributes: Record<string, string>) => {
      const panel = document.createElement('operator-chat-panel');
      for (const [name, value] of Object.entries({ token: org.token, events: 'off', ...attributes }))
        panel.setAttribute(name, value);
      expect(paintFirstRows(panel.attachShadow({ mode: 'open' }), answer)).to.equal(true);
      box.append(panel);
      return panel;
    };
    // Connected while the list is slow to come: Lit sets the root's sheets, the rows keep theirs.
    await setFaults(org, { latencyMs: 1500, paths: '^/api/chat/chats$' });
    const waiting = panelWithRows({});
    await new Promise(requestAnimationFrame);
    const layer = waiting.shadowRoot!.querySelector(`[${firstRowsAttribute}]`);
    expect(layer, 'the rows are still there while the list loads').to.not.equal(null);
    const avatar = layer!.querySelector('[part~="chat-item"] > span')!;
    expect(getComputedStyle(avatar).width, 'and keep their look').to.equal('40px');
    const sheet = (layer as Element & Record<symbol, CSSStyleSheet>)[firstRowsSheetKey];
    expect(waiting.shadowRoot!.adoptedStyleSheets).to.include(sheet);
    await waitUntil(() => !waiting.shadowRoot!.querySelector(`[${firstRowsAttribute}]`), 'rows gone', {
      timeout: 10_000,
    });
    expect(rowsOnScreen(waiting).length, "the panel's own rows").to.be.greaterThan(3);
    expect(waiting.shadowRoot!.adoptedStyleSheets, 'their sheet went with them').to.not.include(sheet);
    waiting.remove();
    await setFaults(org, { latencyMs: 0 });

    const misconfigured = panelWithRows({ 'base-url': 'chat.example' });
    await waitUntil(() => !misconfigured.shadowRoot!.querySelector(`[${firstRowsAttribute}]`), 'rows gone', {
      timeout: 5000,
    });
    expect(misconfigured.shadowRoot!.querySelector('[part~="banner"]')?.textContent, 'the config banner').to.contain(
      'base-url',
    );
    misconfigured.remove();

    await setFaults(org, { fail500: 100, paths: '^/api/chat/chats$' });
    const failing = panelWithRows({});
    await waitUntil(() => !failing.shadowRoot!.querySelector(`[${firstRowsAttribute}]`), 'rows gone', {
      timeout: 5000,
    });
    await waitUntil(() => failing.shadowRoot!.querySelector('[part~="banner"]')?.textContent, 'the error is shown', {
      timeout: 5000,
    });
  });
});
