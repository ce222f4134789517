/**
 * Chat rows are keyed by chat (issue 28.3): when news reorders the list, each row element stays
 * its chat's, so a row never shows another chat's name or photo, also while the photos load
 * slowly (an engine may keep an <img>'s old picture while its new `src` loads).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createOrg, customerMessage, seedChat } from '../support/reference-api.js';
import { mountPanel, parts, waitForPart } from '../support/panel.js';

const wait = { timeout: 15000 };

describe('chat list: rows keyed by chat', function () {
  it('keeps each row element, and each photo element, with one chat while news reorders the list', async () => {
    const org = await createOrg('empty');
    const people = ['Ada', 'Björn', 'Chiara', 'Dmytro', 'Emeka', 'Fumiko'];
    const chats: Array<{ id: number; name: string; photo: string }> = [];
    for (const [index, name] of people.entries()) {
      // Each photo a size of its own (so a URL of its own), answered only after 4 s.
      const photo = `${location.origin}/media/slow/4000/${40 + index}x40.png`;
      const { chat } = await seedChat(org, { name, photo, read: true, messages: [{ text: `Hello from ${name}` }] });
      chats.push({ id: chat.id, name, photo });
    }
    const panel = await mountPanel({ token: org.token, 'poll-interval': '1000' });
    panel.style.width = '760px';
    await waitForPart(panel, 'chat-item', (rows) => rows.length === people.length);

    const rowChat = new Map<Element, string>();
    const photoSrc = new Map<Element, string>();
    const problems: string[] = [];
    const look = () => {
      for (const row of parts(panel, 'chat-item')) {
        const id = row.dataset.chatId!;
        const chat = chats.find((candidate) => String(candidate.id) === id)!;
        if (rowChat.has(row) && rowChat.get(row) !== id)
          problems.push(`a row went from chat ${rowChat.get(row)} to ${id}`);
        rowChat.set(row, id);
        const name = row.querySelector('.chat-item__name')!.textContent;
        if (name !== chat.name) problems.push(`the row of ${chat.name} says ${name}`);
        const img = row.querySelector('img');
        if (!img) continue;
        if (img.getAttribute('src') !== chat.photo)
          problems.push(`the row of ${chat.name} shows ${img.getAttribute('src')}`);
        if (photoSrc.has(img) && photoSrc.get(img) !== img.getAttribute('src'))
          problems.push(`a photo element went from ${photoSrc.get(img)} to ${img.getAttribute('src')}`);
        photoSrc.set(img, img.getAttribute('src')!);
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(panel.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
    look();
    try {
      // The chat at the bottom writes, again and again: each time it goes to the top.
      for (let turn = 0; turn < 4; turn++) {
        const last = parts(panel, 'chat-item').at(-1)!.dataset.chatId!;
        await customerMessage(org, { chatId: Number(last), text: `News ${turn}` });
        await waitUntil(() => parts(panel, 'chat-item')[0].dataset.chatId === last, `chat ${last} on top`, wait);
      }
    } finally {
      observer.disconnect();
    }
    expect(problems).to.deep.equal([]);
  });
});
