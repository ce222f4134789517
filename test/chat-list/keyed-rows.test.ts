/**
 * Chat rows are keyed by chat (issue 28.3): when news reorders the list, each row element stays
 * its chat's, so a row never shows another chat's name or photo, also while the photos load
 * slowly (an engine may keep an <img>'s old picture while its new `src` loads). A row shows the
 * customer's initials until their photo has loaded, and keeps them if it fails (issue 52.12).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createOrg, customerMessage, heldPicture, seedChat } from '../support/reference-api.js';
import { avatarShows, chatRow, mountPanel, parts, seenInPanel, waitForPart } from '../support/panel.js';
import { longWait } from '../support/waits.js';
import { pollsOnDemand } from '../support/fake-clock.js';

const wait = longWait;

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
    // The photos take their 4 s in real time; the polls go as soon as the panel waits for them.
    const polls = pollsOnDemand();
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
        await polls.until(() => parts(panel, 'chat-item')[0].dataset.chatId === last, `chat ${last} on top`);
      }
    } finally {
      observer.disconnect();
      panel.remove();
      polls.restore();
    }
    expect(problems).to.deep.equal([]);
  });

  it('shows the initials until the photo has loaded, then the photo; the initials stay when it fails', async () => {
    const org = await createOrg('empty');
    // A photo on a slow network, answered once the test has seen the row without it, and one the
    // reference API never has.
    const latePhoto = heldPicture(48, 48);
    const slow = await seedChat(org, {
      name: 'Anna Svensson',
      photo: latePhoto.url,
      read: true,
      messages: [{ text: 'Hello' }],
    });
    const broken = await seedChat(org, {
      name: 'Bruno Lost',
      photo: `${location.origin}/media/seed/no-such-photo.png`,
      read: true,
      messages: [{ text: 'Hi' }],
    });
    const panel = await mountPanel({ token: org.token, events: 'off' });
    try {
      await waitForPart(panel, 'chat-item', (rows) => rows.length === 2);
      const avatar = (chatId: number) => chatRow(panel, chatId)!.querySelector<HTMLElement>('.chat-item__avatar')!;
      const photo = (chatId: number) => avatar(chatId).querySelector('img')!;
      const seen = (chatId: number) => avatarShows(panel, avatar(chatId));
      expect(seenInPanel(panel, avatar(slow.chat.id)), 'the avatar is in view').to.equal(true);

      expect(photo(slow.chat.id).complete, 'the photo is still on its way').to.equal(false);
      expect(seen(slow.chat.id), 'while the photo loads').to.equal('initials AS');
      await waitUntil(() => photo(broken.chat.id).complete, 'the missing photo failed', wait);
      expect(seen(broken.chat.id), 'after the photo failed').to.equal('initials BL');
      expect(seen(slow.chat.id), 'while the photo loads, still').to.equal('initials AS');

      await latePhoto.letGo();
      await waitUntil(() => photo(slow.chat.id).complete, 'the photo arrived', wait);
      await waitUntil(() => seen(slow.chat.id) === 'photo', `the photo shows (it is ${seen(slow.chat.id)})`, wait);
      expect(photo(slow.chat.id).naturalWidth).to.equal(48);
    } finally {
      panel.remove();
    }
  });
});
