/**
 * Drawing the operator's attention (issue 14 §1, contract §2, §6, §7) in a visible page:
 * `ocp-attention` for an inbound message the operator cannot be looking at, whatever `notify`
 * says; the Web Audio tone of notify="sound" (only after a press in the panel, never for the open
 * chat); the bell (part `notify-toggle`), which asks for desktop permission only when clicked,
 * explains a refusal, and mutes in localStorage without the token. Notification and
 * AudioContext are stand-ins that count (support/attention-fakes.ts); the chat API is the
 * reference one over HTTP. While-hidden behaviour is in hidden-page/attention-while-hidden.test.ts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { bell, clickLikeAUser, collectAttention, recordReceived, waitForBell } from './support/attention.js';
import { FakeAudioContext, FakeNotification, installAttentionFakes } from './support/attention-fakes.js';
import { mountPanel, openChatByClick, part, parts, waitForPart } from './support/panel.js';
import { createOrg, customerMessage, type TestOrg } from './support/reference-api.js';
import { longWait, settled } from './support/waits.js';

/**
 * A tone held back proves nothing while the tone's 2 s spacing (one per page, whatever played
 * last) could be what holds it back: so no test here plays one before the last test's, which
 * makes the tests that expect silence come first, and each says so.
 */
function noToneYetInThisPage(): void {
  expect(FakeAudioContext.tonesInThisPage, 'tones before, in this page: the spacing would hold one back').to.equal(0);
}

const muteKey = 'ocp:notify-muted';

/** Two chats of the list: the one the test opens, and another one. */
function twoChats(panel: OperatorChatPanel): { open: number; other: number } {
  const rows = parts(panel, 'chat-item');
  return { open: Number(rows[1].dataset.chatId), other: Number(rows[3].dataset.chatId) };
}

describe('operator-chat-panel: attention in a visible page', () => {
  let org: TestOrg;
  let restoreFakes: () => void;

  beforeEach(async () => {
    restoreFakes = installAttentionFakes('default');
    localStorage.removeItem(muteKey);
    org = await createOrg();
  });

  afterEach(() => {
    restoreFakes();
    localStorage.removeItem(muteKey);
  });

  it('fires ocp-attention for a message in another chat or with no chat open, never for the open chat', async () => {
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    const received = recordReceived(panel);
    const { open, other } = twoChats(panel);

    // No chat open: the operator is not looking at any conversation.
    const first = await customerMessage(org, { chatId: other, text: 'Anyone there?' });
    await waitUntil(() => attention.length === 1, 'ocp-attention with no chat open', longWait);
    expect(attention[0]).to.deep.equal({ chatId: other, messageId: first.id });

    await openChatByClick(panel, open);
    const inOpenChat = await customerMessage(org, { chatId: open, text: 'I can see you typing' });
    await waitUntil(() => received.includes(inOpenChat.id), 'the message in the open chat', longWait);
    const inOtherChat = await customerMessage(org, { chatId: other, text: 'Still waiting' });
    await waitUntil(() => attention.length === 2, 'ocp-attention for the other chat', longWait);

    expect(attention[1]).to.deep.equal({ chatId: other, messageId: inOtherChat.id });
    expect(attention.map((detail) => detail.messageId)).not.to.include(inOpenChat.id);
  });

  it('without notify: no bell, no audio context and no notification, even after a click in the panel', async () => {
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    const { other } = twoChats(panel);
    await clickLikeAUser(parts(panel, 'chat-item')[1]); // a real press: it would unlock audio
    await waitForPart(panel, 'message');

    await customerMessage(org, { chatId: other, text: 'Hello?' });
    await waitUntil(() => attention.length === 1, 'ocp-attention', longWait);
    await settled(panel); // the tone and the notice are decided with ocp-attention, in the same task

    expect(bell(panel)).to.equal(null);
    expect(FakeAudioContext.created, 'audio contexts').to.equal(0);
    expect(FakeNotification.shown, 'notifications').to.have.length(0);
    expect(FakeNotification.requests, 'permission requests').to.equal(0);
  });

  it('the bell mutes for this operator: the choice survives a reload and holds no token', async () => {
    let panel = await mountPanel({ token: org.token, notify: 'sound', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const toggle = await waitForBell(panel);
    expect(toggle.getAttribute('aria-label')).to.equal('Notifications');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');

    await clickLikeAUser(toggle);
    await waitUntil(() => bell(panel)?.getAttribute('aria-pressed') === 'false', 'muted', longWait);
    expect(localStorage.getItem(muteKey)).to.equal('1');
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)!;
      expect(`${key}=${localStorage.getItem(key)}`, 'localStorage').not.to.contain(org.token);
    }

    // Muted: the page still hears of the message, no tone plays (the press above made a context).
    const attention = collectAttention(panel);
    noToneYetInThisPage();
    await customerMessage(org, { chatId: twoChats(panel).other, text: 'Muted?' });
    await waitUntil(() => attention.length === 1, 'ocp-attention while muted', longWait);
    await settled(panel);
    expect(FakeAudioContext.tones).to.equal(0);

    // A reload: a new panel of the same operator starts muted, from storage.
    panel.remove();
    panel = await mountPanel({ token: org.token, notify: 'sound' });
    expect((await waitForBell(panel)).getAttribute('aria-pressed')).to.equal('false');
    panel.remove();
    localStorage.removeItem(muteKey);
    panel = await mountPanel({ token: org.token, notify: 'sound' });
    expect((await waitForBell(panel)).getAttribute('aria-pressed'), 'storage cleared').to.equal('true');
  });

  it('asks for desktop permission only from a click on the bell, never on load or on other clicks', async () => {
    const panel = await mountPanel({ token: org.token, notify: 'desktop', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    // Never asked: the bell starts off, and nothing asked on load or for a message.
    const toggle = await waitForBell(panel);
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    await customerMessage(org, { chatId: twoChats(panel).other, text: 'Hi' });
    await waitUntil(() => attention.length === 1, 'ocp-attention', longWait);
    await clickLikeAUser(parts(panel, 'chat-item')[0]);
    expect(FakeNotification.requests, 'requests before the bell').to.equal(0);

    await clickLikeAUser(bell(panel)!);
    await waitUntil(() => bell(panel)?.getAttribute('aria-pressed') === 'true', 'on once allowed', longWait);
    expect(FakeNotification.requests).to.equal(1);
    expect(part(panel, 'header')!.textContent).not.to.contain('not allowed');
  });

  it('explains a refused permission next to the bell, and does not ask again', async () => {
    FakeNotification.answer = 'denied';
    const panel = await mountPanel({ token: org.token, notify: 'desktop' });
    await waitForPart(panel, 'chat-item');
    await clickLikeAUser(await waitForBell(panel));
    await waitUntil(() => panel.shadowRoot!.querySelector('#ocp-notify-note') !== null, 'the explanation', {
      timeout: 5000,
    });
    const note = panel.shadowRoot!.querySelector<HTMLElement>('#ocp-notify-note')!;
    expect(note.textContent).to.contain("allow them in the browser's site settings");
    expect(bell(panel)!.getAttribute('aria-describedby')).to.equal('ocp-notify-note');
    expect(bell(panel)!.getAttribute('aria-pressed'), 'desktop alone cannot be on').to.equal('false');

    await clickLikeAUser(bell(panel)!);
    await settled(panel);
    expect(FakeNotification.requests, 'a refusal is not asked again').to.equal(1);
    expect(panel.shadowRoot!.querySelector('#ocp-notify-note')).not.to.equal(null);
  });

  it('notify="sound": a tone for a message in another chat once the panel had a press, none for the open chat', async () => {
    const panel = await mountPanel({ token: org.token, notify: 'sound', 'poll-interval': '1000' });
    await waitForPart(panel, 'chat-item');
    const attention = collectAttention(panel);
    const received = recordReceived(panel);
    const { open, other } = twoChats(panel);
    expect((await waitForBell(panel)).getAttribute('aria-pressed'), 'sound is on by default').to.equal('true');

    // Before any press in the panel, the browser would refuse audio: the panel makes none.
    await customerMessage(org, { chatId: other, text: 'Before any click' });
    await waitUntil(() => attention.length === 1, 'ocp-attention', longWait);
    expect(FakeAudioContext.created).to.equal(0);

    await clickLikeAUser(parts(panel, 'chat-item').find((row) => row.dataset.chatId === String(open))!);
    await waitForPart(panel, 'message');
    expect(FakeAudioContext.created, 'made by the first press').to.equal(1);

    noToneYetInThisPage();
    const inOpenChat = await customerMessage(org, { chatId: open, text: 'In the open chat' });
    await waitUntil(() => received.includes(inOpenChat.id), 'the message in the open chat', longWait);
    await settled(panel);
    expect(FakeAudioContext.tones, 'tones for the open chat').to.equal(0);

    await customerMessage(org, { chatId: other, text: 'In another chat' });
    await waitUntil(() => attention.length === 2, 'ocp-attention', longWait);
    await waitUntil(() => FakeAudioContext.tones === 1, 'one tone', longWait);
    expect(FakeNotification.shown, 'no notification while the page is visible').to.have.length(0);
  });
});
