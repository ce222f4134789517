import { expect } from '@open-wc/testing';
import { arrangeHeld } from '../../src/chat-list/held-order.js';
import { chat } from '../support/domain.js';

const ids = (chats: ReadonlyArray<{ id: number }>) => chats.map((item) => item.id);

describe('held chat order', () => {
  const a = chat(1, 300);
  const b = chat(2, 200);
  const c = chat(3, 100);

  it('keeps the held order while a chat with news moves to the top, and counts it', () => {
    const held = { ids: ids([a, b, c]) };
    const cWithNews = { ...c, lastTime: 400, unread: 1 };
    const shown = arrangeHeld(held, [cWithNews, a, b]);
    expect(ids(shown.chats)).to.deep.equal([1, 2, 3]);
    expect(shown.chats[2]).to.equal(cWithNews); // its preview and counter update in place
    expect(shown.updated).to.equal(1);
  });

  it('counts a new chat above the held rows without showing it, and shows rows of later pages', () => {
    const held = { ids: ids([a, b]) };
    const fresh = chat(9, 500);
    const later = chat(4, 50);
    const shown = arrangeHeld(held, [fresh, a, b, later]);
    expect(ids(shown.chats)).to.deep.equal([1, 2, 4]);
    expect(shown.updated).to.equal(1);
  });

  it('drops a held chat that left the list and counts nothing when nothing moved', () => {
    const held = { ids: ids([a, b, c]) };
    const shown = arrangeHeld(held, [a, c]);
    expect(ids(shown.chats)).to.deep.equal([1, 3]);
    expect(shown.updated).to.equal(0);
  });
});
