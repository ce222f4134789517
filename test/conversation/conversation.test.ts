import { expect, waitUntil } from '@open-wc/testing';
import '../../src/conversation/conversation.js';
import type { ConversationElement } from '../../src/conversation/conversation.js';
import { AuthorMessage, MessageStatus } from '../../src/core/api/message-enums.js';
import { chat, message } from '../support/domain.js';
import { firstOnScreen, frames, jumpToNewest, messageList, onScreen } from '../support/on-screen.js';
import { longWait } from '../support/waits.js';

/**
 * The conversation alone, in a shadow root as inside the panel, fed by properties: nothing else
 * renders it again, so each render it needs must come from itself.
 */
async function mountConversation(setup: (conversation: ConversationElement) => void): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.style.cssText = 'display: flex; flex-direction: column; width: 480px; height: 420px;';
  const root = host.attachShadow({ mode: 'open' });
  const conversation = document.createElement('ocp-conversation') as ConversationElement;
  conversation.style.cssText = 'display: flex; flex-direction: column; flex: 1; min-height: 0;';
  setup(conversation);
  root.append(conversation);
  document.body.append(host);
  await conversation.updateComplete;
  return host;
}

describe('ocp-conversation', () => {
  let host: HTMLElement | undefined;
  afterEach(() => host?.remove());

  it('shows "Jump to newest" when it opens at unread messages that do not fit, with no other render', async () => {
    const chatId = 7;
    const start = Date.UTC(2026, 10, 20, 9) / 1000;
    const messages = Array.from({ length: 70 }, (_, index) =>
      message(index + 1, chatId, start + index * 60, {
        author: AuthorMessage.Client,
        status: index < 30 ? MessageStatus.READ : MessageStatus.NEW,
        text: index < 30 ? `Read question ${index + 1}` : `Unread question ${index - 29}`,
      }),
    );
    host = await mountConversation((conversation) => {
      conversation.chatId = chatId;
      conversation.chat = chat(chatId, messages.at(-1)!.time, { unread: 40 });
      conversation.messages = messages;
    });

    await waitUntil(() => onScreen(host!, 31), 'the first unread message on screen', longWait);
    await frames(10);

    expect(onScreen(host, 70), 'the newest message below the view').to.equal(false);
    const control = jumpToNewest(host);
    expect(control, 'the control').to.not.equal(null);
    const box = control!.getBoundingClientRect();
    const view = host.getBoundingClientRect();
    expect(box.height, 'the control has a size').to.be.greaterThan(0);
    expect(box.top >= view.top && box.bottom <= view.bottom, 'the control inside the conversation').to.equal(true);
  });

  it('grows its window of rows when a row resizes near the window\'s top, with no "ResizeObserver loop" error', async () => {
    const chatId = 8;
    const start = Date.UTC(2026, 10, 20, 9) / 1000;
    const messages = Array.from({ length: 400 }, (_, index) =>
      message(index + 1, chatId, start + index * 60, {
        author: index % 3 === 0 ? AuthorMessage.Operator : AuthorMessage.Client,
        status: MessageStatus.READ,
        text: `Message ${index + 1} ${'and a few words more '.repeat(index % 5)}`,
      }),
    );
    host = await mountConversation((conversation) => {
      conversation.chatId = chatId;
      conversation.chat = chat(chatId, messages.at(-1)!.time);
      conversation.messages = messages;
    });
    await waitUntil(() => onScreen(host!, 400), 'the newest message on screen', longWait);
    const errors: string[] = [];
    const recordError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', recordError);
    try {
      const list = messageList(host);
      const rendered = () => Array.from(list.querySelectorAll<HTMLElement>('[data-message-id]'));
      const firstRendered = Number(rendered()[0].dataset.messageId);
      // The operator reads back to a little over a view below the window's first row: not near
      // enough to its top for more rows.
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
      list.scrollTop = list.clientHeight + 20;
      await frames(5);
      expect(rendered()[0].dataset.messageId, 'no growth yet').to.equal(String(firstRendered));
      const place = firstOnScreen(host)!;
      // A row above the view shrinks (a picture that failed): keeping the place, from the resize
      // observer's callback, brings the view near the window's top, and more rows are rendered.
      const above = rendered()[0];
      expect(above.getBoundingClientRect().bottom, 'above the view').to.be.lessThan(list.getBoundingClientRect().top);
      above.style.display = 'none';
      await waitUntil(() => Number(rendered()[0].dataset.messageId) < firstRendered, 'rows added above', {
        timeout: 3000,
      });
      await frames(10);
      expect(firstOnScreen(host)!.id, 'the place kept').to.equal(place.id);
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', recordError);
    }
  });
});
