/**
 * The attention chunk loads once `notify` holds a way. A message heard of in a hidden page before
 * it is in (a background tab, a slow network) still gets its notice once it is; one heard while
 * the page showed gets none, as with the chunk in; nothing loads, and nothing is kept, for a page
 * that asks for no way.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, nothing } from 'lit';
import { AttentionLoader, type AttentionImport } from '../../src/attention/attention-loader.js';
import type { AttentionOptions } from '../../src/attention/attention-controller.js';
import type { NotifyWays } from '../../src/attention/notify-ways.js';
import type { ReceivedMessage } from '../../src/core/live/reduce-event.js';
import type { ChatStore } from '../../src/core/state/chat-store.js';

class LoaderHost extends LitElement {}
customElements.define('attention-loader-host', LoaderHost);

const message = (messageId: number): ReceivedMessage => ({
  chatId: 7,
  messageId,
  from: 'Ada',
  text: `message ${messageId}`,
  media: null,
});

/** A fake attention chunk whose load ends when the test says. */
function chunk() {
  const noticed: number[][] = [];
  let loads = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const load: AttentionImport = () => {
    loads += 1;
    return new Promise((resolve, reject) => {
      settle = {
        resolve: () =>
          resolve({
            notice: (messages) => noticed.push(messages.map((m) => m.messageId)),
            renderBell: () => html`<button>bell</button>`,
          }),
        reject,
      };
    });
  };
  return {
    load,
    noticed,
    get loads() {
      return loads;
    },
    /** Lets the load end and waits for what its end starts. */
    async arrive() {
      settle?.resolve();
      await new Promise((resolve) => setTimeout(resolve));
    },
    async fail() {
      settle?.reject(new Error('chunk failed to load'));
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

async function mount(ways: NotifyWays, load: AttentionImport) {
  const host = await fixture<LoaderHost>(html`<attention-loader-host></attention-loader-host>`);
  const options: AttentionOptions = {
    store: {} as ChatStore, // only the real controller reads it
    ways: () => ways,
    openChat: () => undefined,
    announce: () => undefined,
  };
  const loader = new AttentionLoader(host, options, load);
  await host.updateComplete;
  return { host, loader };
}

const desktop: NotifyWays = { title: false, sound: false, desktop: true };

/** The page as hidden (or shown again) for the code under test. */
function pageHidden(hidden: boolean): void {
  if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  else delete (document as { visibilityState?: unknown }).visibilityState;
}

describe('AttentionLoader', () => {
  beforeEach(() => pageHidden(true));
  afterEach(() => pageHidden(false));

  it('gives messages heard in a hidden page while the chunk loads to it once it is in, in order and once', async () => {
    const attention = chunk();
    const { loader } = await mount(desktop, attention.load);
    expect(attention.loads).to.equal(1);

    loader.notice([message(1), message(2)]);
    loader.notice([message(3)]);
    expect(attention.noticed).to.deep.equal([]);

    await attention.arrive();
    expect(attention.noticed).to.deep.equal([[1, 2, 3]]);

    loader.notice([message(4)]);
    expect(attention.noticed).to.deep.equal([[1, 2, 3], [4]]);
  });

  it('keeps nothing heard while the page showed, even if it hides before the chunk is in', async () => {
    pageHidden(false);
    const attention = chunk();
    const { loader } = await mount(desktop, attention.load);
    loader.notice([message(1)]);
    pageHidden(true);
    loader.notice([message(2)]);
    await attention.arrive();
    expect(attention.noticed).to.deep.equal([[2]]);
  });

  it('shows the bell once the chunk is in', async () => {
    const attention = chunk();
    const { host, loader } = await mount(desktop, attention.load);
    expect(loader.renderBell()).to.equal(nothing);
    await attention.arrive();
    await host.updateComplete;
    expect(loader.renderBell()).to.not.equal(nothing);
  });

  it('loads nothing and keeps nothing when notify holds no way', async () => {
    const attention = chunk();
    const { loader } = await mount({ title: false, sound: false, desktop: false }, attention.load);
    loader.notice([message(1)]);
    expect(attention.loads).to.equal(0);
    expect(attention.noticed).to.deep.equal([]);
  });

  it('lets go of what waited when the chunk cannot load', async () => {
    const attention = chunk();
    const { loader } = await mount(desktop, attention.load);
    loader.notice([message(1)]);
    await attention.fail();
    loader.notice([message(2)]); // no chunk on its way: nothing to keep it for
    expect(attention.noticed).to.deep.equal([]);
    expect(loader.renderBell()).to.equal(nothing);
  });
});
