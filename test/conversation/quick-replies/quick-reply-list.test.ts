import { expect } from '@open-wc/testing';
import { customerName, readQuickReplies } from '../../../src/conversation/quick-replies/quick-reply-list.js';
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
