import { expect, waitUntil } from '@open-wc/testing';
import '../../src/conversation/conversation.js';
import type { ConversationElement } from '../../src/conversation/conversation.js';
import { AuthorMessage, MessageStatus } from '../../src/core/api/message-enums.js';
import { chat, message } from '../support/domain.js';
import { frames, jumpToNewest, onScreen } from '../support/on-screen.js';

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

    await waitUntil(() => onScreen(host!, 31), 'the first unread message on screen');
    await frames(10);

    expect(onScreen(host, 70), 'the newest message below the view').to.equal(false);
    const control = jumpToNewest(host);
    expect(control, 'the control').to.not.equal(null);
    const box = control!.getBoundingClientRect();
    const view = host.getBoundingClientRect();
    expect(box.height, 'the control has a size').to.be.greaterThan(0);
    expect(box.top >= view.top && box.bottom <= view.bottom, 'the control inside the conversation').to.equal(true);
  });
});
