/**
 * The `(N) ` prefix of the page's title (notify="title"), shared by every panel of the page:
 * one prefix whatever the number of panels, the page's own title back at 0 and after the last
 * panel goes, and a page that changes its title meanwhile keeps its new title under the prefix.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { releaseTitle, reportUnreadForTitle, titlePrefix } from '../../src/attention/title-counter.js';
import { longWait } from '../support/waits.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** Every title written through `document.title` (by the module or the page) until `stop()`. */
function spyTitleWrites(): { writes: string[]; stop(): void } {
  const own = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
  const writes: string[] = [];
  Object.defineProperty(document, 'title', {
    configurable: true,
    get: () => own.get!.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      own.set!.call(document, value);
    },
  });
  return { writes, stop: () => delete (document as { title?: string }).title };
}

describe('title-counter: the unread count in the page title', () => {
  let pageTitle: string;
  const panelA = {};
  const panelB = {};

  beforeEach(() => {
    pageTitle = document.title;
    document.title = 'Inbox page';
  });

  afterEach(() => {
    releaseTitle(panelA);
    releaseTitle(panelB);
    document.title = pageTitle;
  });

  it('writes (N) , (99+) above 99, and nothing at 0', () => {
    expect([0, 1, 42, 99, 100, 12345].map(titlePrefix)).to.deep.equal([
      '',
      '(1) ',
      '(42) ',
      '(99) ',
      '(99+) ',
      '(99+) ',
    ]);
  });

  it('adds the prefix, updates it, and gives the page its own title back at 0', () => {
    reportUnreadForTitle(panelA, 3);
    expect(document.title).to.equal('(3) Inbox page');
    reportUnreadForTitle(panelA, 120);
    expect(document.title).to.equal('(99+) Inbox page');
    reportUnreadForTitle(panelA, 0);
    expect(document.title).to.equal('Inbox page');
  });

  it('gives the title back when the panel is released with messages still unread', () => {
    reportUnreadForTitle(panelA, 5);
    releaseTitle(panelA);
    expect(document.title).to.equal('Inbox page');
  });

  it('shows one prefix for two panels, with the larger total, until the last one goes', () => {
    reportUnreadForTitle(panelA, 2);
    reportUnreadForTitle(panelB, 7);
    expect(document.title).to.equal('(7) Inbox page');
    reportUnreadForTitle(panelB, 2);
    expect(document.title).to.equal('(2) Inbox page');
    releaseTitle(panelA);
    expect(document.title).to.equal('(2) Inbox page');
    releaseTitle(panelB);
    expect(document.title).to.equal('Inbox page');
  });

  it('follows a title the page sets meanwhile, and restores that one', async () => {
    reportUnreadForTitle(panelA, 4);
    document.title = 'Orders · Acme';
    await waitUntil(() => document.title === '(4) Orders · Acme', 'the prefix in front of the new title', longWait);
    reportUnreadForTitle(panelA, 5);
    expect(document.title).to.equal('(5) Orders · Acme');
    reportUnreadForTitle(panelA, 0);
    expect(document.title).to.equal('Orders · Acme');
  });

  it('takes a title the page built from the prefixed one without doubling the prefix', async () => {
    reportUnreadForTitle(panelA, 4);
    document.title = `${document.title} · 2 tasks`;
    await nextFrame();
    expect(document.title).to.equal('(4) Inbox page · 2 tasks');
    releaseTitle(panelA);
    expect(document.title).to.equal('Inbox page · 2 tasks');
  });

  it('sees a change the page made just before the total changed, before the observer reports it', () => {
    reportUnreadForTitle(panelA, 1);
    document.title = 'Settings';
    reportUnreadForTitle(panelA, 2);
    expect(document.title).to.equal('(2) Settings');
    reportUnreadForTitle(panelA, 0);
    expect(document.title).to.equal('Settings');
  });

  it('does not react to its own writes: one change of the title per change of the total', async () => {
    const spy = spyTitleWrites();
    try {
      reportUnreadForTitle(panelA, 1);
      reportUnreadForTitle(panelA, 1);
      reportUnreadForTitle(panelA, 2);
      await nextFrame();
      await nextFrame();
    } finally {
      spy.stop();
    }
    expect(spy.writes).to.deep.equal(['(1) Inbox page', '(2) Inbox page']);
  });

  it('stops following a page that rewrites its title whenever the prefix comes back, instead of looping', async () => {
    // A page that insists on its own title, as some frameworks' head managers do.
    const insist = new MutationObserver(() => {
      if (document.title !== 'Mine') document.title = 'Mine';
    });
    insist.observe(document.head, { childList: true, subtree: true, characterData: true });
    try {
      reportUnreadForTitle(panelA, 3);
      await nextFrame();
      await nextFrame();
      const spy = spyTitleWrites();
      try {
        await nextFrame();
        await nextFrame();
      } finally {
        spy.stop();
      }
      expect(spy.writes, 'writes once things settled').to.deep.equal([]);
      expect(document.title).to.equal('Mine');
    } finally {
      insist.disconnect();
    }
  });
});
