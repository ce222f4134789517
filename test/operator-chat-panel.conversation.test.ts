import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../src/operator-chat-panel.js';
import { rawMessages, requests, type TestOrg } from './support/reference-api.js';
import { part, parts, typeInComposer } from './support/panel.js';
import { longWait } from './support/waits.js';
import { bubble, openSeededChat, seededOrg } from './support/seeded-chat.js';

const openChat = (org: TestOrg, chatId: number) => openSeededChat(org, chatId);

function buttonNamed(root: Element, name: string): HTMLButtonElement | undefined {
  return Array.from(root.querySelectorAll('button')).find((button) => button.textContent!.trim() === name);
}

function composerReply(panel: OperatorChatPanel): HTMLElement | null {
  return part(panel, 'composer')!.querySelector<HTMLElement>('.composer__reply');
}

describe('operator-chat-panel: conversation details', () => {
  it('shows messageTranslation only when asked, and the original again', async () => {
    // Arrange
    const org = await seededOrg();
    const panel = await openChat(org, org.fixtures.chats.notes);
    const message = bubble(panel, org.fixtures.messages.translated)!;
    const text = () => message.querySelector('.message__text')!.textContent!.trim();
    expect(text()).to.equal('Доброго дня! Коли буде повернення коштів?');

    // Act
    const toggle = buttonNamed(message, 'Show translation')!;
    toggle.click();
    await panel.updateComplete;

    // Assert
    await waitUntil(
      () => text() === 'Good afternoon! When will the refund be issued?',
      'the translation shows',
      longWait,
    );
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    buttonNamed(message, 'Show original')!.click();
    await waitUntil(() => text() === 'Доброго дня! Коли буде повернення коштів?', 'the original again', longWait);
    // A message without a translation offers no toggle.
    expect(buttonNamed(bubble(panel, org.fixtures.messages.replyClient)!, 'Show translation')).to.equal(undefined);
  });

  it('quotes the message a reply answers inside the bubble', async () => {
    const org = await seededOrg();
    const panel = await openChat(org, org.fixtures.chats.notes);
    const answered = bubble(panel, org.fixtures.messages.replyOperator)!;
    const reply = bubble(panel, org.fixtures.messages.replyClient)!;

    const quote = reply.querySelector('.message__reply')!;
    expect(quote, 'a quote in the reply').to.exist;
    expect(quote.textContent).to.contain(answered.querySelector('.message__text')!.textContent!.trim());
    // Who wrote it: the operator's name when the quoted message says it, else "Operator".
    const author = answered.querySelector('.message__author')?.textContent?.trim() ?? 'Operator';
    expect(quote.querySelector('.message__reply-author')!.textContent!.trim()).to.equal(author);
    expect(bubble(panel, org.fixtures.messages.translated)!.querySelector('.message__reply')).to.equal(null);
  });

  it('replies to a message: quote in the composer, cancel, then replyToMessageId reaches the API', async () => {
    // Arrange
    const org = await seededOrg();
    const chatId = org.fixtures.chats.notes;
    const target = org.fixtures.messages.replyClient;
    const panel = await openChat(org, chatId);

    // Act: choose, then cancel
    buttonNamed(bubble(panel, target)!, 'Reply')!.click();
    await waitUntil(() => composerReply(panel) !== null, 'the reply quote in the composer', longWait);
    expect(composerReply(panel)!.textContent).to.contain('Дякую!');
    composerReply(panel)!.querySelector<HTMLButtonElement>('button[aria-label="Cancel reply"]')!.click();
    await waitUntil(() => composerReply(panel) === null, 'the reply cancelled', longWait);

    // Act: choose again and send
    buttonNamed(bubble(panel, target)!, 'Reply')!.click();
    await waitUntil(() => composerReply(panel) !== null, 'the reply quote again', longWait);
    await typeInComposer(panel, 'You are welcome');
    const sent = oneEvent(panel, 'ocp-message-sent');
    (part(panel, 'send-button') as HTMLButtonElement).click();
    const { detail } = await sent;

    // Assert
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`,
    )!;
    expect(post.jsonBody).to.deep.include({ textMessage: 'You are welcome', replyToMessageId: target });
    await waitUntil(() => bubble(panel, detail.messageId) !== undefined, 'the sent bubble', longWait);
    expect(bubble(panel, detail.messageId)!.querySelector('.message__reply')!.textContent).to.contain('Дякую!');
    expect(composerReply(panel)).to.equal(null);
  });

  it('keeps the reply target of a draft across a remount', async () => {
    const org = await seededOrg();
    const chatId = org.fixtures.chats.notes;
    const panel = await openChat(org, chatId);
    buttonNamed(bubble(panel, org.fixtures.messages.translated)!, 'Reply')!.click();
    await waitUntil(() => composerReply(panel) !== null, 'the reply quote in the composer', longWait);
    panel.remove();

    const again = await openChat(org, chatId);
    await waitUntil(() => composerReply(again) !== null, 'the reply quote after the remount', longWait);
    expect(composerReply(again)!.textContent).to.contain('Доброго дня!');
    await typeInComposer(again, 'Soon');
    const sent = oneEvent(again, 'ocp-message-sent');
    (part(again, 'send-button') as HTMLButtonElement).click();
    await sent;
    const post = (await requests(org)).find(
      (request) => request.method === 'POST' && request.path === `/api/chat/${chatId}/message`,
    )!;
    expect((post.jsonBody as { replyToMessageId: number }).replyToMessageId).to.equal(org.fixtures.messages.translated);
  });

  it('separates the days of a conversation, one separator before each day’s first message', async () => {
    // Arrange: the seed's allMedia chat spans three days
    const org = await seededOrg();
    const chatId = org.fixtures.chats.allMedia;
    const stored = await rawMessages(org, chatId);
    const dayOf = (time: number) => new Date(time).toDateString();
    const dayById = new Map(stored.map((message) => [String(message.id), dayOf(message.dateMs as number)]));
    const panel = await openChat(org, chatId);
    await waitUntil(() => parts(panel, 'message').length === stored.length, 'every message', longWait);

    // Act: read the list as it is laid out
    const list = part(panel, 'message-list')!;
    const sequence = Array.from(
      list.querySelectorAll<HTMLElement>('[role="separator"]:not([part~="unread-divider"]), [part~="message"]'),
    );

    // Assert
    const separators = sequence.filter((element) => element.getAttribute('role') === 'separator');
    expect(separators.length).to.equal(new Set(dayById.values()).size);
    expect(sequence[0].getAttribute('role'), 'a separator first').to.equal('separator');
    let previousDay: string | null = null;
    let separatorPending = false;
    for (const element of sequence) {
      if (element.getAttribute('role') === 'separator') {
        expect(separatorPending, 'no two separators in a row').to.equal(false);
        separatorPending = true;
        continue;
      }
      const day = dayById.get(element.dataset.messageId!)!;
      expect(separatorPending, `a separator exactly where the day changes (${day})`).to.equal(day !== previousDay);
      previousDay = day;
      separatorPending = false;
    }
    const labels = separators.map((separator) => separator.textContent!.trim());
    expect(new Set(labels).size).to.equal(labels.length);
    if (previousDay === new Date().toDateString()) expect(labels.at(-1)).to.equal('Today');
  });

  it('loads the customer’s earlier chats with isChain=true on demand', async () => {
    // Arrange
    const org = await seededOrg();
    const chatId = org.fixtures.chats.allMedia;
    const earlier = (await Promise.all(org.fixtures.chainEarlierChatIds.map((id) => rawMessages(org, id)))).flat();
    const panel = await openChat(org, chatId);
    const shownBefore = parts(panel, 'message').length;
    expect(
      earlier.some((message) => bubble(panel, message.id as number)),
      'no earlier chat before asking',
    ).to.equal(false);
    expect((await requests(org)).some((request) => request.search.includes('isChain=true'))).to.equal(false);

    // Act
    const button = Array.from(part(panel, 'message-list')!.querySelectorAll('button')).find((element) =>
      /earlier chats/i.test(element.textContent!),
    )!;
    button.click();

    // Assert
    await waitUntil(
      () => earlier.every((message) => bubble(panel, message.id as number)),
      'the earlier chats’ messages',
      longWait,
    );
    const chainRequest = (await requests(org)).find(
      (request) =>
        request.method === 'GET' &&
        request.path === `/api/chat/chats/${chatId}/messages` &&
        request.search.includes('isChain=true'),
    );
    expect(chainRequest, 'a request with isChain=true').to.exist;
    expect(parts(panel, 'message').length).to.equal(shownBefore + earlier.length);
    // Earlier chats come first, in time order.
    const order = parts(panel, 'message').map((message) => message.dataset.messageId);
    const firstCurrent = order.findIndex((id) => !earlier.some((message) => String(message.id) === id));
    expect(order.slice(0, firstCurrent)).to.have.length(earlier.length);
    await waitUntil(
      () =>
        !Array.from(part(panel, 'message-list')!.querySelectorAll('button')).some((element) =>
          /earlier chats/i.test(element.textContent!),
        ),
      'the control gone once loaded',
      longWait,
    );
  });
});

describe('operator-chat-panel: the open chat renders only for its own changes', () => {
  it('a refresh that finds nothing new, and a search that changes the list, leave the conversation untouched', async () => {
    // Arrange
    const org = await seededOrg();
    const panel = await openChat(org, org.fixtures.chats.notes);
    const conversation = panel.shadowRoot!.querySelector('ocp-conversation')! as unknown as HTMLElement & {
      update(changed: Map<PropertyKey, unknown>): void;
    };
    await panel.refresh(); // settle whatever the opening still fetched
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const renders: PropertyKey[][] = [];
    const update = conversation.update.bind(conversation);
    conversation.update = (changed) => {
      renders.push([...changed.keys()]);
      update(changed);
    };

    // Act: the list and the open chat refetched, the same answers; then a search changes the list.
    await panel.refresh();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const listed = parts(panel, 'chat-item').length;
    const input = part(panel, 'search-input') as HTMLInputElement;
    input.value = 'no chat is called this';
    input.dispatchEvent(new Event('input'));
    await waitUntil(() => parts(panel, 'chat-item').length !== listed, 'the list to change', longWait);
    await new Promise((resolve) => requestAnimationFrame(resolve));

    // Assert
    expect(renders).to.deep.equal([]);
    expect(parts(panel, 'message').length).to.be.above(0);
  });
});
