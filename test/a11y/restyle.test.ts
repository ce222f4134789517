/**
 * The restyled demo's stylesheet (demo/restyle.css) themes the panel from the page through
 * `--ocp-*` properties and `::part()` alone, and the result is still free of axe violations.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mountPanel, part, parts, waitForPart } from '../support/panel.js';
import { expectAccessible, seededOrg } from './helpers.js';
import { longWait } from '../support/waits.js';

describe('restyled demo stylesheet', () => {
  let link: HTMLLinkElement;

  beforeEach(async () => {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/demo/restyle.css';
    const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
    document.head.append(link);
    await loaded;
  });

  afterEach(() => link.remove());

  it('reaches inside the panel through custom properties and parts', async () => {
    const org = await seededOrg();
    const panel = await mountPanel({ token: org.token, theme: 'light' });
    await waitForPart(panel, 'chat-item');
    parts(panel, 'chat-item')[1].click();
    await waitForPart(panel, 'message');
    expect(getComputedStyle(part(panel, 'header')!).backgroundColor).to.equal('rgb(15, 107, 92)');
    expect(getComputedStyle(part(panel, 'send-button')!).textTransform).to.equal('uppercase');
    expect(getComputedStyle(part(panel, 'conversation')!).backgroundColor).to.equal('rgb(251, 247, 242)');
    expect(getComputedStyle(part(panel, 'message')!).borderStartStartRadius).to.equal('18px');
    expect(getComputedStyle(part(panel, 'panel')!).fontFamily).to.contain('Trebuchet MS');
    await expectAccessible(panel);
  });

  it('restyles the floating launcher and its badge, still accessible', async () => {
    const org = await seededOrg();
    const panel = await mountPanel({ token: org.token, mode: 'floating', theme: 'light' });
    await waitForPart(panel, 'chat-item');
    const launcher = part(panel, 'launcher')!;
    await waitUntil(() => launcher.querySelector('[part~="unread-badge"]'), 'badge shows', longWait);
    expect(getComputedStyle(launcher).borderTopLeftRadius).to.equal('16px');
    expect(getComputedStyle(launcher.querySelector('[part~="unread-badge"]')!).backgroundColor).to.equal(
      'rgb(43, 33, 24)',
    );
    await expectAccessible(panel);
  });
});
