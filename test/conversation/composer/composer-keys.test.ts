/**
 * The composer's keys, in every engine: Enter sends once, Shift+Enter breaks the line, and the
 * Enter that ends an IME composition (choosing a Japanese or Chinese word) never sends: neither
 * Chromium's and Firefox's form (isComposing true) nor Safari's (isComposing false, keyCode 229).
 * Enter and Shift+Enter are real key presses through the browser; an IME cannot be driven from
 * outside, so its events are the ones each engine is known to fire, in its order.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OperatorChatPanel } from '../../../src/operator-chat-panel.js';
import { createOrg, requests, type TestOrg } from '../../support/reference-api.js';
import { chatRowsToWriteIn, mountPanel, openChatByClick, part } from '../../support/panel.js';
import { longWait } from '../../support/waits.js';

let org: TestOrg;
let panel: OperatorChatPanel;
let chatId: number;

const composer = (): HTMLElement & { updateComplete: Promise<unknown> } =>
  panel.shadowRoot!.querySelector('ocp-composer')!;
const input = (): HTMLTextAreaElement => part(panel, 'composer-input') as HTMLTextAreaElement;

async function messagesPosted(): Promise<Array<{ textMessage: string }>> {
  return (await requests(org))
    .filter((request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`)
    .map((request) => request.jsonBody as { textMessage: string });
}

/** A keydown as an engine fires it; keyCode set even where the constructor ignores it. */
function keydown(init: KeyboardEventInit & { keyCode?: number }): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  if (init.keyCode !== undefined && event.keyCode !== init.keyCode)
    Object.defineProperty(event, 'keyCode', { value: init.keyCode });
  return event;
}

/** Counts the composer's requests to send while `act` runs (they are dispatched synchronously). */
function sendsDuring(act: () => void): number {
  let sends = 0;
  const count = () => (sends += 1);
  composer().addEventListener('ocp-compose-send', count);
  try {
    act();
  } finally {
    composer().removeEventListener('ocp-compose-send', count);
  }
  return sends;
}

/** Writes a word the way an IME does: the composition's text goes in, then the events of `ending`. */
function composeWord(word: string, ending: 'isComposing' | 'safari-keyCode-229'): number {
  return sendsDuring(() => {
    const field = input();
    field.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, composed: true }));
    field.value += word;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, isComposing: true, data: word }));
    if (ending === 'isComposing') {
      // Chromium and Firefox: the Enter that chooses the word comes while composing.
      field.dispatchEvent(keydown({ key: 'Enter', isComposing: true, keyCode: 229 }));
      field.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, composed: true, data: word }));
    } else {
      // Safari: the composition ends first, then its Enter comes with isComposing false.
      field.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, composed: true, data: word }));
      field.dispatchEvent(keydown({ key: 'Enter', isComposing: false, keyCode: 229 }));
    }
  });
}

describe('composer keys', () => {
  beforeEach(async () => {
    org = await createOrg();
    panel = await mountPanel({ token: org.token, 'poll-interval': '0', events: 'off' });
    const [row] = await chatRowsToWriteIn(panel, org);
    chatId = Number(row.dataset.chatId);
    await openChatByClick(panel, chatId);
    input().focus();
    await waitUntil(() => panel.shadowRoot!.activeElement !== null, 'the composer focused', longWait);
  });

  it('sends with a pressed Enter, once, and empties the composer', async () => {
    await sendKeys({ type: 'Good morning' });
    const sent = oneEvent(panel, 'ocp-message-sent');
    await sendKeys({ press: 'Enter' });
    await sent;
    await waitUntil(() => input().value === '', 'the composer emptied', longWait);
    expect(await messagesPosted()).to.have.length(1);
    expect((await messagesPosted())[0].textMessage).to.equal('Good morning');
  });

  it('breaks the line with Shift+Enter and sends both lines with Enter', async () => {
    await sendKeys({ type: 'line one' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'line two' });
    expect(input().value).to.equal('line one\nline two');
    expect(await messagesPosted()).to.have.length(0);
    const sent = oneEvent(panel, 'ocp-message-sent');
    await sendKeys({ press: 'Enter' });
    await sent;
    expect((await messagesPosted()).map((message) => message.textMessage)).to.deep.equal(['line one\nline two']);
  });

  for (const ending of ['isComposing', 'safari-keyCode-229'] as const) {
    it(`never sends on the Enter that ends an IME composition (${ending}); the next Enter sends`, async () => {
      await sendKeys({ type: 'Hello ' });
      expect(composeWord('こんにちは', ending)).to.equal(0);
      await composer().updateComplete;
      expect(input().value).to.equal('Hello こんにちは');
      const sent = oneEvent(panel, 'ocp-message-sent');
      await sendKeys({ press: 'Enter' });
      await sent;
      expect((await messagesPosted()).map((message) => message.textMessage)).to.deep.equal(['Hello こんにちは']);
    });
  }
});
