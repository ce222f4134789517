/**
 * The conversation at work (issue 16, items 6, 9 and 11): notes carry no delivery ticks and an
 * accepted message never shows as sending; the starts of the customer's earlier chats are marked
 * (and the control says when there are none); a quote names its author and shows the message it
 * quotes when clicked.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { part, parts, typeInComposer } from './support/panel.js';
import { bubble, openSeededChat, seededOrg } from './support/seeded-chat.js';
import { frames, messageList, onScreen } from './support/on-screen.js';
import { seedChat } from './support/reference-api.js';
import { longWait } from './support/waits.js';

describe('operator-chat-panel: the conversation at work', () => {
  it('shows no delivery ticks on internal notes, and a message the service accepted as sent', async () => {
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.notes);
    const notes = parts(panel, 'message').filter((message) => message.hasAttribute('data-internal'));
    expect(notes.length).to.be.above(0);
    for (const note of notes) expect(note.querySelector('.message__tick')).to.equal(null);

    part(panel, 'note-toggle')!.click();
    await typeInComposer(panel, 'Another note');
    let sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const note = await sent;
    await waitUntil(() => bubble(panel, note.detail.messageId) !== undefined, 'the note shown', longWait);
    expect(bubble(panel, note.detail.messageId)!.querySelector('.message__tick')).to.equal(null);

    // The composer is back to the customer once the note is sent.
    expect(part(panel, 'note-toggle')!.getAttribute('aria-pressed')).to.equal('false');
    await typeInComposer(panel, 'To the customer');
    sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const message = await sent;
    await waitUntil(() => bubble(panel, message.detail.messageId) !== undefined, 'the message shown', longWait);
    const tick = bubble(panel, message.detail.messageId)!.querySelector('.message__tick')!;
    expect(tick.getAttribute('aria-label')).to.not.equal('Sending');
    expect(['Sent', 'Delivered', 'Read']).to.include(tick.getAttribute('aria-label'));
  });

  it('marks where each of the customer’s chats starts once earlier chats load, with how each ended', async () => {
    const org = await seededOrg();
    const panel = await openSeededChat(org, org.fixtures.chats.allMedia);
    expect(parts(panel, 'chat-start')).to.have.length(0);
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__chain')!.click();
    await waitUntil(
      () => parts(panel, 'chat-start').length === org.fixtures.chainEarlierChatIds.length + 1,
      'starts',
      longWait,
    );
    const starts = parts(panel, 'chat-start');
    const startIds = starts.map((start) => Number(start.dataset.chatId));
    expect(startIds.slice(0, -1)).to.have.members(org.fixtures.chainEarlierChatIds);
    expect(startIds.at(-1)).to.equal(org.fixtures.chats.allMedia);
    for (const start of starts.slice(0, -1)) {
      await waitUntil(
        () => /Earlier chat/.test(start.textContent!) && /Closed/.test(start.textContent!),
        'status',
        longWait,
      );
    }
    expect(starts.at(-1)!.textContent).to.match(/This chat/);
    // Each start comes before that chat's first message.
    const sequence = Array.from(
      messageList(panel).querySelectorAll<HTMLElement>('[part~="chat-start"], [part~="message"]'),
    );
    expect(sequence[0].matches('[part~="chat-start"]')).to.equal(true);
  });

  it('says so when the customer has no earlier chats, instead of dropping the control', async () => {
    const org = await seededOrg();
    const { chat } = await seedChat(org, { name: 'First time here', read: true, messages: [{ text: 'Hello' }] });
    const panel = await openSeededChat(org, chat.id);
    panel.shadowRoot!.querySelector<HTMLButtonElement>('.conversation__chain')!.click();
    await waitUntil(
      () => /No earlier chats/.test(panel.shadowRoot!.querySelector('.conversation__chain')?.textContent ?? ''),
      'the note',
      longWait,
    );
    expect(parts(panel, 'chat-start')).to.have.length(0);
  });

  it('names who wrote a quoted message, and shows and focuses that message when the quote is clicked', async () => {
    const org = await seededOrg();
    const texts = Array.from({ length: 60 }, (_, index) => ({ text: `Line ${index}` }));
    const { chat, messageIds } = await seedChat(org, {
      name: 'Quoting Quinn',
      read: true,
      messages: [
        { text: 'The very first question' },
        ...texts,
        { text: 'About that first question…', author: 'operator', replyTo: 0 },
      ],
    });
    const panel = await openSeededChat(org, chat.id);
    panel.style.height = '600px';
    const reply = bubble(panel, messageIds.at(-1)!)!;
    await waitUntil(() => onScreen(panel, messageIds.at(-1)!), 'the reply on screen', longWait);
    const quote = reply.querySelector<HTMLButtonElement>('.message__reply')!;
    expect(quote.querySelector('.message__reply-author')!.textContent!.trim()).to.equal('Quoting Quinn');
    expect(onScreen(panel, messageIds[0])).to.equal(false);
    quote.click();
    await waitUntil(() => onScreen(panel, messageIds[0]), 'the quoted message on screen', longWait);
    await frames(3);
    const quoted = bubble(panel, messageIds[0])!;
    expect(panel.shadowRoot!.activeElement).to.equal(quoted);
    expect(quoted.classList.contains('message--highlighted')).to.equal(true);
  });
});
