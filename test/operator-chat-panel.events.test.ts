/**
 * Contract §6: the events a page hears are the contract's, each bubbling and composed, so a page
 * hears them on `document` also when the panel sits in another element's shadow root. What the
 * panel's own elements say to each other (a file removed from the composer, the photo viewer
 * closed, a draft changed) stays inside the panel.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/widget-script.js';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { part, parts, typeInComposer, waitForPart } from './support/panel.js';
import { customerMessage } from './support/reference-api.js';
import { seededOrg } from './support/seeded-chat.js';
import { longWait } from './support/waits.js';

const contractEvents = [
  'ocp-ready',
  'ocp-chat-open',
  'ocp-message-sent',
  'ocp-message-received',
  'ocp-unread-change',
  'ocp-token-expiring',
  'ocp-token-expired',
  'ocp-token-invalid',
  'ocp-error',
  'ocp-attention',
];

/** Every event name the panel's own elements dispatch to each other (src/**: `new CustomEvent('ocp-…`, `emit('ocp-…`). */
const internalEvents = [
  'ocp-attachment-remove',
  'ocp-media-viewer-close',
  'ocp-draft-change',
  'ocp-compose-send',
  'ocp-quick-reply-pick',
  'ocp-conv-back',
  'ocp-conv-chain',
  'ocp-conv-delete',
  'ocp-conv-status',
  'ocp-details-open',
  'ocp-details-toggle',
  'ocp-list-clear-filters',
  'ocp-list-filter',
  'ocp-list-more',
  'ocp-list-select',
  'ocp-notify-note',
  'ocp-outbox-discard',
  'ocp-outbox-retry',
  'ocp-shortcuts-title',
];

interface Heard {
  type: string;
  bubbles: boolean;
  composed: boolean;
  target: EventTarget | null;
}

describe('events a page hears', () => {
  it('hears only the contract’s events, bubbling and composed out of an outer shadow root, through a working session', async () => {
    // Arrange: the panel inside a custom element's shadow root, the page listening on document
    const org = await seededOrg();
    const chatId = org.fixtures.chats.allMedia;
    const heard: Heard[] = [];
    const listen = (event: Event) =>
      heard.push({ type: event.type, bubbles: event.bubbles, composed: event.composed, target: event.target });
    for (const name of [...contractEvents, ...internalEvents]) document.addEventListener(name, listen);
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const outerRoot = host.attachShadow({ mode: 'open' });
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('token', org.token);
    panel.setAttribute('chat-id', String(chatId));
    panel.setAttribute('poll-interval', '1000');
    panel.style.cssText = 'display: block; width: 1000px; height: 3000px';
    const heardOf = (type: string) => heard.filter((event) => event.type === type);
    try {
      outerRoot.append(panel);
      await waitForPart(panel, 'message');

      // Act: a photo opened and closed, a file attached and taken out, a reply sent, a customer writes
      const photo = () =>
        Array.from(panel.shadowRoot!.querySelectorAll('ocp-message-media'))
          .map((media) => media.shadowRoot?.querySelector<HTMLButtonElement>('[part~="message-media-open"]'))
          .find((button) => button != null);
      await waitUntil(photo, 'a photo', longWait);
      const media = (photo()!.getRootNode() as ShadowRoot).host;
      photo()!.click();
      const viewer = () => media.shadowRoot!.querySelector('ocp-media-viewer');
      await waitUntil(() => viewer()?.shadowRoot?.querySelector('dialog')?.open, 'the viewer opens', longWait);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => viewer() === null, 'the viewer closes', longWait);

      const input = panel.shadowRoot!.querySelector<HTMLInputElement>('.composer__file')!;
      const transfer = new DataTransfer();
      transfer.items.add(new File(['terms'], 'terms.txt', { type: 'text/plain' }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      const preview = () => panel.shadowRoot!.querySelector('ocp-attachment-preview');
      const remove = () =>
        preview()?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="attachment-preview-remove"]');
      await waitUntil(remove, 'the attachment preview', longWait);
      remove()!.click();
      await waitUntil(() => preview() === null, 'the file taken out of the composer', longWait);

      await typeInComposer(panel, 'Your parcel left the warehouse.');
      (part(panel, 'send-button') as HTMLButtonElement).click();
      await waitUntil(() => heardOf('ocp-message-sent').length === 1, 'the page hears the reply sent', {
        timeout: 8000,
      });
      const received = await customerMessage(org, { chatId, text: 'Thanks!' });
      await waitUntil(
        () => parts(panel, 'message').some((message) => message.dataset.messageId === String(received.id)),
        'the customer’s message shows',
        longWait,
      );
      await waitUntil(() => heardOf('ocp-message-received').length > 0, 'the page hears it', longWait);

      // Assert
      for (const name of [
        'ocp-ready',
        'ocp-chat-open',
        'ocp-unread-change',
        'ocp-message-sent',
        'ocp-message-received',
      ])
        expect(heardOf(name).length, name).to.be.above(0);
      for (const event of heard.filter((heardEvent) => contractEvents.includes(heardEvent.type))) {
        expect(event.bubbles && event.composed, `${event.type} bubbles, composed`).to.equal(true);
        expect(event.target, `${event.type} comes from the outer element`).to.equal(host);
      }
      const leaked = heard.filter((event) => internalEvents.includes(event.type)).map((event) => event.type);
      expect(leaked, 'what the panel says to itself').to.deep.equal([]);
    } finally {
      for (const name of [...contractEvents, ...internalEvents]) document.removeEventListener(name, listen);
      panel.remove();
    }
  });
});
