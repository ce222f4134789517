/**
 * The panel's height: a default when the page gives the element none, and whatever height the
 * page (its own CSS, a parent with a height, a flex or grid parent) gives it otherwise.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg } from './support/reference-api.js';
import { part, waitForPart } from './support/panel.js';
import { longWait } from './support/waits.js';

const defaultHeight = 600;

/** A panel with every chat of the seed loaded, in a parent styled as a page would. */
async function placePanel(parentStyle: string, panelStyle = '', mode = 'inline'): Promise<OperatorChatPanel> {
  const org = await createOrg();
  const parent = await fixture<HTMLDivElement>(html`<div style=${parentStyle}></div>`);
  const panel = document.createElement('operator-chat-panel');
  panel.setAttribute('token', org.token);
  panel.setAttribute('events', 'off');
  panel.setAttribute('mode', mode);
  panel.setAttribute('per-page', '50'); // the whole seed (45 chats): as long as the list gets
  panel.style.cssText = panelStyle;
  parent.append(panel);
  await waitForPart(panel, 'chat-item');
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
  return panel;
}

const heightOf = (element: Element) => Math.round(element.getBoundingClientRect().height);

describe('operator-chat-panel: height', () => {
  it(`is ${defaultHeight}px tall in a plain block that gives it no height, and its list scrolls inside`, async () => {
    const panel = await placePanel('');
    expect(heightOf(panel)).to.equal(defaultHeight);
    expect(heightOf(part(panel, 'panel')!)).to.equal(defaultHeight);
    const list = part(panel, 'chat-list')!;
    expect(list.getBoundingClientRect().bottom).to.be.at.most(panel.getBoundingClientRect().bottom);
  });

  it('takes its default height from --ocp-default-height', async () => {
    const panel = await placePanel('--ocp-default-height: 420px');
    expect(heightOf(panel)).to.equal(420);
  });

  it('keeps a height the page sets on the element, below or above the default', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = '.page-sized { height: 450px; } .page-tall { height: 900px; }';
    document.head.append(sheet);
    try {
      const short = await placePanel('');
      short.className = 'page-sized';
      await waitUntil(() => heightOf(short) === 450, `450px, not ${heightOf(short)}px`, longWait);
      expect(heightOf(part(short, 'panel')!)).to.equal(450);
      const tall = await placePanel('');
      tall.className = 'page-tall';
      await waitUntil(() => heightOf(tall) === 900, `900px, not ${heightOf(tall)}px`, longWait);
      expect(heightOf(part(tall, 'panel')!)).to.equal(900);
    } finally {
      sheet.remove();
    }
  });

  it('fills a parent with a height when the page sets height: 100% on it, taller or shorter than the default', async () => {
    const tall = await placePanel('height: 900px', 'height: 100%');
    expect(heightOf(tall)).to.equal(900);
    expect(heightOf(part(tall, 'panel')!)).to.equal(900);
    const short = await placePanel('height: 400px', 'height: 100%');
    expect(heightOf(short)).to.equal(400);
    expect(heightOf(part(short, 'panel')!)).to.equal(400);
  });

  it('is sized by a flex or grid parent', async () => {
    const flexColumn = await placePanel('display: flex; flex-direction: column; height: 760px', 'flex: 1');
    expect(heightOf(flexColumn)).to.equal(760);
    expect(heightOf(part(flexColumn, 'panel')!)).to.equal(760);
    const flexRow = await placePanel('display: flex; height: 700px', 'flex: 1');
    expect(heightOf(flexRow)).to.equal(700);
    const grid = await placePanel('display: grid; grid-template-rows: 500px');
    expect(heightOf(grid)).to.equal(500);
    expect(heightOf(part(grid, 'panel')!)).to.equal(500);
  });

  it('leaves floating mode alone: the element takes no room and the popup keeps its size', async () => {
    const panel = await placePanel('', '', 'floating');
    expect(heightOf(panel)).to.equal(0);
    part(panel, 'launcher')!.click();
    const popup = panel.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')!;
    await waitUntil(() => heightOf(popup) > 0, 'the popup opens', longWait);
    expect(heightOf(popup)).to.equal(Math.min(640, window.innerHeight - 120));
    expect(heightOf(part(panel, 'panel')!)).to.equal(heightOf(popup));
  });
});
