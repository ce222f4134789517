import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { createOrg, requests } from './support/reference-api.js';
import { longWait } from './support/waits.js';

let bootCount = 0;

/** Runs the widget script's boot again, as a fresh copy of the script would on a page. */
async function bootScript(): Promise<void> {
  bootCount += 1;
  await import(/* @vite-ignore */ `../src/widget-script.ts?boot=${bootCount}`);
}

function scriptTag(attributes: Record<string, string>): HTMLScriptElement {
  document.getElementById('operator-chat-panel-script')?.remove();
  const script = document.createElement('script');
  script.type = 'module';
  script.id = 'operator-chat-panel-script';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

describe('widget-script boot (contract section 1)', () => {
  afterEach(() => {
    document
      .querySelectorAll('operator-chat-panel, #operator-chat-panel-script, .boot-host')
      .forEach((element) => element.remove());
  });

  it('defines the element once and a second copy of the script does not throw', async () => {
    await bootScript();
    await bootScript();
    expect(customElements.get('operator-chat-panel')).to.be.a('function');
  });

  it('mounts one panel right after its tag, with the attributes copied from the tag', async () => {
    const org = await createOrg();
    const script = scriptTag({ token: org.token, 'per-page': '5', theme: 'dark' });
    document.body.append(script);
    await bootScript();
    const panel = script.nextElementSibling as OperatorChatPanel;
    expect(panel.localName).to.equal('operator-chat-panel');
    expect(panel.getAttribute('token')).to.equal(org.token);
    expect(panel.getAttribute('per-page')).to.equal('5');
    expect(document.querySelectorAll('operator-chat-panel')).to.have.length(1);
    // The copied per-page reaches the API: the first page is five chats (the list may go on to
    // load the next page at once when five rows do not fill it).
    await waitUntil(() => panel.shadowRoot!.querySelectorAll('[part~="chat-item"]').length >= 5, 'five rows', {
      timeout: 10000,
    });
    // The list's request (the unread total asks the same endpoint for one chat, at the same time).
    const firstPage = (await requests(org)).find(
      (request) => request.path === '/api/chat/chats' && new URLSearchParams(request.search).get('per_page') !== '1',
    )!;
    expect(new URLSearchParams(firstPage.search).get('per_page')).to.equal('5');
  });

  it('mounts inside the element named by mount', async () => {
    const org = await createOrg();
    const host = document.createElement('section');
    host.className = 'boot-host';
    host.id = 'boot-target';
    document.body.append(host);
    document.body.append(scriptTag({ token: org.token, mount: '#boot-target' }));
    await bootScript();
    expect(host.querySelector('operator-chat-panel')).to.not.equal(null);
  });

  it('lends its token to panels already in the page and forwards a renewed token', async () => {
    const org = await createOrg();
    const existing = document.createElement('operator-chat-panel');
    existing.setAttribute('events', 'off');
    document.body.append(existing);
    const script = scriptTag({ token: org.token, mount: '.nowhere-to-be-found' });
    document.body.append(script);
    await bootScript();
    expect(existing.getAttribute('token')).to.equal(org.token);
    const mounted = Array.from(document.querySelectorAll('operator-chat-panel')).find((panel) => panel !== existing)!;
    script.setAttribute('token', `${org.token}x`);
    await waitUntil(() => mounted.getAttribute('token') === `${org.token}x`, 'token forwarded', longWait);
    expect(existing.getAttribute('token')).to.equal(`${org.token}x`);
  });

  it('mounts nothing without a token on the tag', async () => {
    document.body.append(scriptTag({}));
    await bootScript();
    expect(document.querySelectorAll('operator-chat-panel')).to.have.length(0);
  });

  describe('the hint for a tag without a token', () => {
    const originalInfo = console.info;
    let hints: string[];

    beforeEach(() => {
      hints = [];
      console.info = (...args: unknown[]) => {
        if (String(args[0]).startsWith('operator-chat-panel')) hints.push(args.join(' '));
        else originalInfo.apply(console, args);
      };
    });

    afterEach(() => {
      console.info = originalInfo;
    });

    it('logs one console.info naming the token attribute and the README section, even when loaded twice', async () => {
      document.body.append(scriptTag({}));
      await bootScript();
      await bootScript(); // a second copy of the script on the same page

      expect(hints).to.have.length(1);
      expect(hints[0]).to.include('token="<operator JWT>"');
      expect(hints[0]).to.include('"Getting an operator token" in the README');
    });

    it('logs nothing when the tag has a token', async () => {
      const org = await createOrg();
      document.body.append(scriptTag({ token: org.token, events: 'off' }));
      await bootScript();
      expect(document.querySelectorAll('operator-chat-panel')).to.have.length(1);
      expect(hints).to.deep.equal([]);
    });

    it('logs nothing when the page holds panels of its own, which need no token on the tag', async () => {
      const own = document.createElement('operator-chat-panel');
      own.setAttribute('events', 'off');
      document.body.append(own);
      document.body.append(scriptTag({}));
      await bootScript();
      expect(hints).to.deep.equal([]);
    });
  });
});
