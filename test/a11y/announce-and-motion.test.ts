/**
 * Screen reader news and motion: inbound messages are spoken through one polite live region (the
 * open chat's or another's), and with `prefers-reduced-motion: reduce` nothing in the panel
 * animates or scrolls smoothly, even when the page adds transitions through `::part()`.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { customerMessage } from '../support/reference-api.js';
import { mountPanel, part, parts, waitForPart } from '../support/panel.js';
import { conversationPanel, listPanel, seededOrg } from './helpers.js';
import { longWait } from '../support/waits.js';

function liveRegion(panel: Element): HTMLElement {
  return panel.shadowRoot!.querySelector<HTMLElement>('[aria-live="polite"][data-live-region]')!;
}

describe('live region', () => {
  it('announces a customer message in another chat with the customer and the text', async () => {
    const org = await seededOrg();
    const panel = await listPanel(org, 'light');
    const region = liveRegion(panel);
    expect(region.textContent!.trim()).to.equal('');
    const row = parts(panel, 'chat-item')[4];
    const name = row.querySelector('.chat-item__name')!.textContent!.trim();
    await customerMessage(org, { chatId: Number(row.dataset.chatId), text: 'Where is my parcel?' });
    await waitUntil(() => region.textContent!.includes('Where is my parcel?'), 'the region speaks the message', {
      timeout: 8000,
    });
    expect(region.textContent).to.contain(name);
    expect(region.getAttribute('aria-atomic')).to.equal('true');
  });

  it('announces a message in the open chat once, with the message log kept silent', async () => {
    const org = await seededOrg();
    const panel = await conversationPanel(org, 'light', 'bot');
    await customerMessage(org, { chatId: org.fixtures.chats.bot, text: 'Hello again' });
    await waitUntil(() => liveRegion(panel).textContent!.includes('Hello again'), 'announced', longWait);
    const log = part(panel, 'message-list')!;
    expect(log.getAttribute('aria-live')).to.equal('off');
  });

  it('changes its text when the same words arrive twice', async () => {
    const org = await seededOrg();
    const panel = await listPanel(org, 'light');
    const chatId = Number(parts(panel, 'chat-item')[1].dataset.chatId);
    await customerMessage(org, { chatId, text: 'ping' });
    await waitUntil(() => liveRegion(panel).textContent!.includes('ping'), 'first', longWait);
    const first = liveRegion(panel).textContent;
    await customerMessage(org, { chatId, text: 'ping' });
    await waitUntil(() => liveRegion(panel).textContent !== first, 'second changes the region', longWait);
  });

  it('still speaks while the floating popup is closed', async () => {
    const org = await seededOrg();
    const panel = await mountPanel({ token: org.token, mode: 'floating', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    await customerMessage(org, { chatId: org.fixtures.chats.bot, text: 'Are you there?' });
    const region = liveRegion(panel);
    await waitUntil(() => region.textContent!.includes('Are you there?'), 'announced', longWait);
    expect(region.closest('[hidden]')).to.equal(null);
  });
});

describe('prefers-reduced-motion', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('switches off transitions, animations and smooth scrolling, also ones a page adds with ::part()', async () => {
    const style = document.createElement('style');
    style.textContent = `operator-chat-panel::part(send-button) { transition: background-color 400ms; }
      operator-chat-panel::part(message-list) { scroll-behavior: smooth; }
      operator-chat-panel::part(chat-item) { animation: 1s linear infinite both ocp-test-pulse; }
      @keyframes ocp-test-pulse { to { opacity: 0.5; } }`;
    document.head.append(style);
    const panel = await conversationPanel(await seededOrg(), 'light', 'bot');
    const sendButton = part(panel, 'send-button')!;
    const messageList = part(panel, 'message-list')!;
    const row = parts(panel, 'chat-item')[0];
    expect(getComputedStyle(sendButton).transitionDuration).to.equal('0.4s');
    expect(getComputedStyle(messageList).scrollBehavior).to.equal('smooth');
    expect(getComputedStyle(row).animationName).to.equal('ocp-test-pulse');

    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(sendButton).transitionDuration).to.equal('0s');
    expect(getComputedStyle(messageList).scrollBehavior).to.equal('auto');
    expect(getComputedStyle(row).animationName).to.equal('none');
    style.remove();
  });

  it('stops the photo fade in message media', async () => {
    const panel = await conversationPanel(await seededOrg(), 'light', 'allMedia');
    const media = Array.from(panel.shadowRoot!.querySelectorAll('ocp-message-media')).find((element) =>
      element.shadowRoot?.querySelector('.photo-box img'),
    )!;
    const image = media.shadowRoot!.querySelector('.photo-box img')!;
    expect(getComputedStyle(image).transitionDuration).to.not.equal('0s');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(image).transitionDuration).to.equal('0s');
  });
});
