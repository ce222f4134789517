/**
 * How a panel starts (panel/panel-controller.ts #start): the list and the unread total, then the
 * chat to open (the one open before a new token, `chat-id`, the one open before a reload), unless
 * the operator opened one meanwhile: theirs stays, read once.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { askEarly } from '../../src/boot/early-answers.js';
import { handOver } from '../../src/boot/handover.js';
import type { EarlyAnswers } from '../../src/core/api/chat-requests.js';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import '../../src/operator-chat-panel.js';
import { parts } from '../support/panel.js';
import { createOrg, requests, type TestOrg } from '../support/reference-api.js';
import { longWait } from '../support/waits.js';
import { scriptTag, scriptUrl } from '../support/script-tag.js';

describe('a panel starting', () => {
  let org: TestOrg;

  beforeEach(async () => {
    sessionStorage.clear();
    org = await createOrg();
  });

  it('leaves a chat the operator opened while the unread total was still on its way, and reads it once', async () => {
    const asked = askEarly(scriptTag({ token: org.token }), scriptUrl)!;
    await Promise.all([asked.list, asked.unreadTotal]);
    // The unread total's answer held back until the operator has opened a chat.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers: EarlyAnswers = {
      take: (url, authorization) => {
        const answer = asked.take(url, authorization);
        return answer && url.includes('per_page=1') ? held.then(() => answer) : answer;
      },
      arrived: (url, authorization) => (url.includes('per_page=1') ? null : asked.arrived(url, authorization)),
    };
    const box = await fixture<HTMLDivElement>(html`<div style="width: 1000px; height: 600px"></div>`);
    const panel = document.createElement('operator-chat-panel') as OperatorChatPanel;
    panel.setAttribute('token', org.token);
    panel.setAttribute('events', 'off');
    panel.style.height = '600px';
    handOver(panel, { answers, drawn: false, chosenChatId: null, drawing: null, filter: null });
    box.append(panel);
    await waitUntil(() => parts(panel, 'chat-item').length > 2, 'the rows', longWait);

    const row = parts(panel, 'chat-item')[2];
    const chatId = Number(row.dataset.chatId);
    row.click();
    await waitUntil(() => parts(panel, 'message').length > 0, 'its messages', longWait);
    release();
    await waitUntil(() => parts(panel, 'unread-badge').length > 0, 'the unread total in', longWait);
    await panel.updateComplete;

    expect(panel.shadowRoot!.querySelector('[part~="chat-item--active"]')?.getAttribute('data-chat-id')).to.equal(
      String(chatId),
    );
    const reads = (await requests(org)).filter((logged) => logged.path === `/api/chat/chats/${chatId}/messages`);
    expect(reads.length, 'its messages read once').to.equal(1);
    panel.remove();
  });
});
