/**
 * Attention while the page is really hidden (its window minimized over CDP, as in
 * poller-while-hidden.test.ts): `ocp-attention` for every inbound message, the open chat's too;
 * a desktop notification (notify="desktop") only then, naming the customer, saying the text or
 * the kind of media, and opening its chat when clicked; nothing at all without notify.
 * Notification and AudioContext are counting stand-ins (support/attention-fakes.ts); the chat API
 * is the reference one over HTTP.
 * Run alone with: npx wtr --config web-test-runner.config.mjs --group hidden-page
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { clickLikeAUser, collectAttention, drainEvents, recordReceived } from '../support/attention.js';
import { settled } from '../support/waits.js';
import { FakeAudioContext, FakeNotification, installAttentionFakes } from '../support/attention-fakes.js';
import { setPageHidden } from '../support/page-visibility.js';
import { mountPanel, openChatByClick, parts, waitForPart } from '../support/panel.js';
import { createOrg, customerMessage, requests, seedChat, type TestOrg } from '../support/reference-api.js';

/**
 * A hidden page polls every 30 s; the network coming back makes the panel poll at once (contract
 * §5), so a test need not wait for the slow round.
 */
function pollNow(): void {
  window.dispatchEvent(new Event('online'));
}

describe('attention in a hidden page (real Chromium background behaviour)', () => {
  let org: TestOrg;
  let restoreFakes: () => void;

  beforeEach(async () => {
    restoreFakes = installAttentionFakes('granted');
    localStorage.removeItem('ocp:notify-muted');
    org = await createOrg();
  });

  afterEach(async () => {
    if (document.visibilityState === 'hidden') await setPageHidden(false);
    restoreFakes();
  });

  it('without notify: ocp-attention still fires, and no notification or sound is made', async function () {
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    await clickLikeAUser(parts(panel, 'chat-item')[0]); // a real press: it would unlock audio
    const chatId = Number(parts(panel, 'chat-item')[2].dataset.chatId);

    await setPageHidden(true);
    const created = await customerMessage(org, { chatId, text: 'Nobody is watching' });
    pollNow();
    await waitUntil(() => attention.length === 1, 'ocp-attention while hidden', { timeout: 15000 });

    expect(attention[0]).to.deep.equal({ chatId, messageId: created.id });
    await settled(panel); // the notice and the tone are decided with ocp-attention, in its task
    expect(FakeNotification.shown, 'notifications').to.have.length(0);
    expect(FakeAudioContext.created, 'audio contexts').to.equal(0);
  });

  it('notify="desktop": a notification only while hidden, for the open chat too, and its click opens the chat', async function () {
    const grace = await seedChat(org, { name: 'Grace Hopper', read: true, messages: [{ text: 'Hi' }] });
    const linus = await seedChat(org, { name: 'Linus Pauling', read: true, messages: [{ text: 'Hello' }] });
    await drainEvents(org); // their seeding is not news
    const panel = await mountPanel({ token: org.token, notify: 'desktop', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    const received = recordReceived(panel);
    const openChat = parts(panel, 'chat-item')
      .map((row) => Number(row.dataset.chatId))
      .find((id) => id !== grace.chat.id && id !== linus.chat.id)!;
    await openChatByClick(panel, openChat);

    // Visible: the page hears of a message in another chat, but no notification shows.
    const visibleNews = await customerMessage(org, { chatId: grace.chat.id, text: 'Seen in the list' });
    await waitUntil(() => received.includes(visibleNews.id), 'the message while visible', { timeout: 10000 });
    expect(attention).to.deep.equal([{ chatId: grace.chat.id, messageId: visibleNews.id }]);
    await settled(panel);
    expect(FakeNotification.shown, 'notifications while visible').to.have.length(0);

    // Hidden: a text in another chat, a photo in a third, and a message in the open chat.
    await setPageHidden(true);
    const hiddenAt = new Date().toISOString();
    const text = await customerMessage(org, { chatId: grace.chat.id, text: 'Are you there?' });
    const photo = await customerMessage(org, { chatId: linus.chat.id, mediaType: 1 });
    const inOpenChat = await customerMessage(org, { chatId: openChat, text: 'Hello again' });
    pollNow();
    await waitUntil(() => FakeNotification.shown.length === 3, 'three notifications', { timeout: 15000 }).catch(
      async (error: Error) => {
        // What came of the three messages, for a failure seen once in a whole run.
        const polls = (await requests(org))
          .filter((logged) => logged.path === '/api/chat/callback-events')
          .map((logged) => `${logged.method} ${logged.status} ${logged.at}`);
        throw new Error(
          `${error.message}: messages ${[text.id, photo.id, inOpenChat.id]}, received ${received}, ` +
            `ocp-attention ${attention.map((detail) => detail.messageId)}, notices ` +
            `${FakeNotification.shown.map((shown) => shown.options.tag)}, ${document.visibilityState} since ` +
            `${hiddenAt}; polls: ${polls.slice(-8).join(', ')}`,
        );
      },
    );

    const byTag = new Map(FakeNotification.shown.map((shown) => [shown.options.tag, shown]));
    const fromGrace = byTag.get(`ocp-chat-${grace.chat.id}`)!;
    expect(fromGrace.title).to.equal('Grace Hopper');
    expect(fromGrace.options.body).to.equal('Are you there?');
    const fromLinus = byTag.get(`ocp-chat-${linus.chat.id}`)!;
    expect(fromLinus.title).to.equal('Linus Pauling');
    expect(fromLinus.options.body).to.equal('Photo');
    expect(byTag.has(`ocp-chat-${openChat}`), 'the open chat, unseen while hidden').to.equal(true);
    expect(attention.slice(1).map((detail) => detail.messageId)).to.have.members([text.id, photo.id, inOpenChat.id]);
    for (const shown of FakeNotification.shown) {
      const everything = JSON.stringify({ title: shown.title, ...shown.options });
      expect(everything, 'no token in a notification').not.to.contain(org.token);
      expect(everything, 'no URL in a notification').not.to.match(/https?:|\/media\//);
    }

    // The operator comes back by clicking Grace's notification: her chat opens.
    await setPageHidden(false);
    const opened = oneEvent(panel as OperatorChatPanel, 'ocp-chat-open');
    fromGrace.click();
    expect((await opened).detail).to.deep.equal({ chatId: grace.chat.id });
    expect(fromGrace.closed, 'the clicked notification is closed').to.equal(true);
    await waitUntil(
      () =>
        parts(panel, 'chat-item')
          .find((row) => row.dataset.chatId === String(grace.chat.id))
          ?.part.contains('chat-item--active'),
      'her row active',
      { timeout: 8000 },
    );
    await waitUntil(
      () => parts(panel, 'message').some((message) => message.textContent?.includes('Are you there?')),
      'her conversation on screen',
      { timeout: 8000 },
    );
  });
});
