import { expect } from '@open-wc/testing';
import { CollatorFolding, findInText } from '../../../src/conversation/find/find-matches.js';
import { MessageSearch } from '../../../src/conversation/find/message-matches.js';
import type { Message } from '../../../src/core/api/message-wire.js';
import { message as domainMessage } from '../../support/domain.js';

/** The pieces of `text` that `phrase` was found at. */
function found(language: string, text: string, phrase: string): string[] {
  return findInText(new CollatorFolding(language), text, phrase).map(({ start, end }) => text.slice(start, end));
}

/** A message of chat 1, read, with no text but what `fields` give. */
function message(id: number, fields: Partial<Message>): Message {
  return domainMessage(id, 1, id * 1000, { text: '', status: 3, ...fields });
}

describe('find-matches: a phrase found as the collator compares', () => {
  describe('what the language holds equal', () => {
    it('ignores case and accents in English, also a decomposed accent, which stays in the range', () => {
      expect(found('en', 'Café au lait, CAFE, cafe\u0301!', 'cafe')).to.deep.equal(['Café', 'CAFE', 'cafe\u0301']);
    });

    it('keeps Turkish ı and i apart, and finds İ as i', () => {
      expect(found('tr', 'ılık İstanbul iyi', 'i')).to.deep.equal(['İ', 'i', 'i']);
      expect(found('tr', 'ılık', 'i')).to.deep.equal([]);
      expect(found('en', 'ılık', 'i')).to.deep.equal([]); // dotless ı is a letter of its own in the root order too
    });

    it('keeps Spanish ñ and n apart, and English does not', () => {
      expect(found('es', 'Señor, senor', 'senor')).to.deep.equal(['senor']);
      expect(found('en', 'Señor, senor', 'senor')).to.deep.equal(['Señor', 'senor']);
    });

    it('finds expansions both ways: ß as ss, æ as ae, and a ligature', () => {
      expect(found('en', 'Straße, STRASSE', 'strasse')).to.deep.equal(['Straße', 'STRASSE']);
      expect(found('en', 'Straße', 'ß')).to.deep.equal(['ß']);
      expect(found('en', 'Ærø', 'aero')).to.deep.equal(['Ærø']);
      expect(found('en', 'the ﬁle', 'file')).to.deep.equal(['ﬁle']);
      // Half of an expansion is not a match: ß is not one s.
      expect(found('en', 'Straße', 'stras')).to.deep.equal([]);
    });

    it('finds Cyrillic without case, ё as е, and keeps й apart from и', () => {
      expect(found('ru', 'Всё ПОЛУЧИЛ, все получили', 'все получил')).to.deep.equal(['Всё ПОЛУЧИЛ', 'все получил']);
      expect(found('ru', 'мой', 'мои')).to.deep.equal([]);
    });

    it('ignores a soft hyphen inside a word', () => {
      expect(found('en', 'deli\u00advery', 'delivery')).to.deep.equal(['deli\u00advery']);
    });
  });

  describe('occurrences', () => {
    it('finds every occurrence in order, none overlapping, and emoji and surrogate pairs whole', () => {
      expect(found('en', 'aaaa', 'aa')).to.deep.equal(['aa', 'aa']);
      expect(findInText(new CollatorFolding('en'), 'x 𝒜 y 🙏 z 🙏', '🙏')).to.deep.equal([
        { start: 7, end: 9 },
        { start: 12, end: 14 },
      ]);
    });

    it('finds nothing for an empty phrase or one of ignorable characters only', () => {
      expect(found('en', 'text', '')).to.deep.equal([]);
      expect(found('en', 'text', '\u00ad')).to.deep.equal([]);
    });

    it('agrees with the collator on every window of a mixed text', () => {
      const folding = new CollatorFolding('en');
      const text = 'Ça va? ÇA VA! Straße Ærø ﬁne Ǆ dž ŉ ǈ';
      for (const phrase of ['ca va', 'ss', 'strasse', 'aero', 'fine', 'dž', 'n', 'lj']) {
        const ranges = findInText(folding, text, phrase);
        for (const { start, end } of ranges)
          expect(folding.equal(text.slice(start, end), phrase), `"${text.slice(start, end)}" = "${phrase}"`).to.equal(
            true,
          );
      }
    });
  });
});

describe('MessageSearch: the matches of a chat', () => {
  const messages = [
    message(1, { text: 'Order 17 is late' }),
    message(2, { text: 'Buenas tardes', translation: 'Good afternoon, where is my order?' }),
    message(3, { media: { name: '  order-17.pdf ', format: 'application/pdf', type: 2, uri: null, length: 10 } }),
    message(4, { text: 'Internal: check order', isInternal: true }),
    message(5, { text: 'ORDER, order' }),
  ];

  it('finds the phrase in texts, translations, file names (as shown, trimmed) and notes, oldest first', () => {
    const matches = new MessageSearch().search(messages, 'order', 'en').all();
    expect(matches.map(({ messageId, field, start, end }) => [messageId, field, start, end])).to.deep.equal([
      [1, 'text', 0, 5],
      [2, 'translation', 28, 33],
      [3, 'name', 0, 5],
      [4, 'text', 16, 21],
      [5, 'text', 0, 5],
      [5, 'text', 7, 12],
    ]);
  });

  it('narrows as the phrase grows, and finds a message that arrives', () => {
    const search = new MessageSearch();
    expect(search.search(messages, 'o', 'en').count).to.be.greaterThan(6);
    expect(
      search
        .search(messages, 'order 1', 'en')
        .all()
        .map((match) => match.messageId),
    ).to.deep.equal([1]);
    const more = [...messages, message(6, { text: 'order 18' })];
    expect(
      search
        .search(more, 'order 1', 'en')
        .all()
        .map((match) => match.messageId),
    ).to.deep.equal([1, 6]);
  });

  it('finds after a narrowing what an expansion holds (ß for ss)', () => {
    const search = new MessageSearch();
    const chat = [message(1, { text: 'Straße' })];
    expect(
      search
        .search(chat, 's', 'en')
        .all()
        .map((match) => chat[0].text.slice(match.start, match.end)),
    ).to.deep.equal(['S']);
    expect(
      search
        .search(chat, 'ss', 'en')
        .all()
        .map((match) => chat[0].text.slice(match.start, match.end)),
    ).to.deep.equal(['ß']);
  });

  it('searches again in another language', () => {
    const search = new MessageSearch();
    const chat = [message(1, { text: 'ılık' })];
    expect(search.search(chat, 'I', 'tr').count).to.equal(2); // the two dotless ı
    expect(search.search(chat, 'I', 'en').count).to.equal(0);
  });

  it('searches 10,000 messages per keystroke in well under 50 ms once folded', () => {
    const words = ['hello', 'order', 'Café', 'delivery', 'señor', 'заказ', 'teşekkür', 'straße', 'where', 'is', 'my'];
    const chat = Array.from({ length: 10_000 }, (_, index) =>
      message(index, {
        text: Array.from({ length: 6 + (index % 20) }, (_, word) => words[(index * 7 + word * 13) % words.length]).join(
          ' ',
        ),
      }),
    );
    const search = new MessageSearch();
    search.prepare(chat, 'en');
    const typed = ['d', 'de', 'del', 'deli', 'deliv', 'delive'];
    // Each keystroke timed five times after the one before it, as typing leaves the search: the
    // least of the five is its cost, not the stalls of a machine shared with other tests.
    const times = typed.map((phrase, index) => {
      let least = Infinity;
      for (let run = 0; run < 5; run++) {
        if (index > 0) search.search(chat, typed[index - 1], 'en');
        const start = performance.now();
        search.search(chat, phrase, 'en');
        least = Math.min(least, performance.now() - start);
      }
      return least;
    });
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)], `median of ${times.map(Math.round).join(', ')} ms`).to.be.lessThan(50);
  });
});
