import { expect } from '@open-wc/testing';
import {
  customerName,
  fillQuickReply,
  insertReply,
  matchQuickReplies,
  readQuickReplies,
  slashQuery,
} from '../../../src/conversation/quick-replies/quick-reply-list.js';
import type { QuickReply } from '../../../src/quick-reply.js';
import { chat } from '../../support/domain.js';

const shortcuts = (list: readonly QuickReply[]) => list.map((reply) => reply.shortcut);

describe("the page's quick replies without a DOM", () => {
  describe('readQuickReplies', () => {
    it('keeps the usable entries, without a leading slash on the shortcut, and says nothing', () => {
      const { replies: read, warning } = readQuickReplies([
        { shortcut: '/greet', title: ' Greeting ', text: 'Hi' },
        { shortcut: 'bye', title: '', text: 'Bye' },
      ]);
      expect(read).to.deep.equal([
        { shortcut: 'greet', title: 'Greeting', text: 'Hi' },
        { shortcut: 'bye', title: '', text: 'Bye' },
      ]);
      expect(warning).to.equal(null);
    });

    it('leaves out invalid entries and names them by index in one warning', () => {
      const { replies: read, warning } = readQuickReplies([
        { shortcut: 'ok', title: 'Fine', text: 'Text' },
        { shortcut: '', title: 'No shortcut', text: 'Text' },
        { shortcut: 'x', title: 'No text', text: '   ' },
        'a string',
        null,
        { shortcut: 'y', title: 3, text: 'A number for a title' },
        { shortcut: '/', title: 'Only a slash', text: 'Text' },
      ]);
      expect(shortcuts(read)).to.deep.equal(['ok']);
      expect(warning).to.contain('quickReplies [1], [2], [3], [4], [5], [6] ignored');
    });

    it('takes null or undefined as none, and warns about anything else that is not an array', () => {
      expect(readQuickReplies(undefined)).to.deep.equal({ replies: [], warning: null });
      expect(readQuickReplies(null)).to.deep.equal({ replies: [], warning: null });
      const notArray = readQuickReplies({ shortcut: 'a', title: 'b', text: 'c' });
      expect(notArray.replies).to.deep.equal([]);
      expect(notArray.warning).to.contain('must be an array');
    });
  });

  describe('customerName', () => {
    it('is the chat’s name, unless all that is known of the customer is their phone', () => {
      expect(customerName(chat(1, 0, { name: 'Anna Petrova', phone: '+15550001' }))).to.equal('Anna Petrova');
      expect(customerName(chat(1, 0, { name: '+15550001', phone: '+15550001' }))).to.equal('');
      expect(customerName(chat(1, 0, { name: '' }))).to.equal('');
      expect(customerName(null)).to.equal('');
    });
  });
});

const replies: QuickReply[] = [
  { shortcut: 'greet', title: 'Greeting', text: 'Hello {name}!' },
  { shortcut: 'refund', title: 'Refund policy for green cards', text: 'Refunds take 5 days.' },
  { shortcut: 'grace', title: 'Grace period', text: 'You have 3 more days.' },
  { shortcut: 'bye', title: 'Goodbye', text: 'Thanks, {name}. {operator}' },
];

describe("quick replies' text without a DOM", () => {
  describe('slashQuery', () => {
    it('is what follows a leading slash up to the caret', () => {
      expect(slashQuery('/', 1)).to.equal('');
      expect(slashQuery('/gr', 3)).to.equal('gr');
      expect(slashQuery('/greet', 3)).to.equal('gr');
      expect(slashQuery('/good morning', 13)).to.equal('good morning');
    });

    it('is null for text that does not start with a slash, before the slash, or across lines', () => {
      expect(slashQuery('a/gr', 4)).to.equal(null);
      expect(slashQuery(' /gr', 4)).to.equal(null);
      expect(slashQuery('/gr', 0)).to.equal(null);
      expect(slashQuery('/gr\nmore', 8)).to.equal(null);
      expect(slashQuery('', 0)).to.equal(null);
    });
  });

  describe('matchQuickReplies', () => {
    it('lists every reply for an empty query, in the page’s order', () => {
      expect(matchQuickReplies(replies, '')).to.equal(replies);
      expect(matchQuickReplies(replies, '  ')).to.equal(replies);
    });

    it('matches shortcut and title, case-insensitively, shortcut prefixes first', () => {
      expect(shortcuts(matchQuickReplies(replies, 'gr'))).to.deep.equal(['greet', 'grace', 'refund']);
      expect(shortcuts(matchQuickReplies(replies, 'GRE'))).to.deep.equal(['greet', 'refund']);
      expect(shortcuts(matchQuickReplies(replies, 'greet'))).to.deep.equal(['greet']);
      expect(shortcuts(matchQuickReplies(replies, 'policy'))).to.deep.equal(['refund']);
    });

    it('ranks a title that starts with the query before one that only holds it', () => {
      const list: QuickReply[] = [
        { shortcut: 'a', title: 'Late delivery', text: '1' },
        { shortcut: 'b', title: 'Delivery times', text: '2' },
      ];
      expect(shortcuts(matchQuickReplies(list, 'deliv'))).to.deep.equal(['b', 'a']);
    });

    it('needs every word of the query, in the shortcut or the title', () => {
      expect(shortcuts(matchQuickReplies(replies, 'green refund'))).to.deep.equal(['refund']);
      expect(shortcuts(matchQuickReplies(replies, 'green bye'))).to.deep.equal([]);
    });

    it('does not search the text itself', () => {
      expect(matchQuickReplies(replies, 'days')).to.deep.equal([]);
    });
  });

  describe('fillQuickReply', () => {
    it('fills {name} and {operator} wherever they are', () => {
      expect(
        fillQuickReply('Hello {name}, this is {operator}. {name}?', { name: 'Anna', operator: 'Olivia' }),
      ).to.equal('Hello Anna, this is Olivia. Anna?');
    });

    it('leaves out a value that is not known, with one space beside it', () => {
      const none = { name: '', operator: '' };
      expect(fillQuickReply('Hello {name}!', none)).to.equal('Hello!');
      expect(fillQuickReply('Hi {name}, thanks', none)).to.equal('Hi, thanks');
      expect(fillQuickReply('{operator} here.', none)).to.equal('here.');
      expect(fillQuickReply('Line one\n{name} line two', none)).to.equal('Line one\nline two');
    });

    it('keeps other braces, and names that look like replacement patterns, as written', () => {
      expect(fillQuickReply('{Name} {nom} {name}', { name: 'A$&B $1', operator: '' })).to.equal('{Name} {nom} A$&B $1');
    });
  });

  describe('insertReply', () => {
    it('replaces the range and puts the caret after the reply', () => {
      expect(insertReply('/gr rest', 0, 3, 'Hello')).to.deep.equal({ text: 'Hello rest', caret: 5 });
      expect(insertReply('Hi there', 3, 3, 'dear ')).to.deep.equal({ text: 'Hi dear there', caret: 8 });
    });
  });
});
