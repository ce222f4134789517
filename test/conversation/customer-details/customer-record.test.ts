/**
 * Reading the customer details from a chat record: undocumented fields are shown when plain (a
 * string, a number, an object with a string `name`) and left out otherwise.
 */
import { expect } from '@open-wc/testing';
import { parseChat } from '../../../src/core/api/chat-wire.js';
import {
  customerKey,
  plainText,
  readCustomerDetails,
} from '../../../src/conversation/customer-details/customer-record.js';

describe('customer details: reading the chat record', () => {
  it('takes strings, finite numbers and objects with a string name, nothing else', () => {
    expect(['VIP', 5, { id: 1, name: 'Gold' }].map(plainText)).to.deep.equal(['VIP', '5', 'Gold']);
    for (const odd of [null, undefined, '', '  ', NaN, Infinity, true, [], ['x'], { id: 2 }, { name: 5 }, { name: '' }])
      expect(plainText(odd), JSON.stringify(odd)).to.equal(null);
  });

  it('reads a full record', () => {
    const chat = parseChat({
      id: 1,
      messSource: 7,
      client: { id: 9, name: 'Ayşe', photo: null },
      photoUser: { id: 44, name: 'ayse.y', photo: null },
      photoAccount: { id: 701, name: 'acme_official' },
      tags: ['a', { name: 'b' }, 'a', { id: 4, name: 'c' }, { id: 5, name: 'c' }],
      rate: 4,
      rateComment: 'ok',
      lang: 'tr',
      createdAt: '2026-01-02T03:04:05.000Z',
      isBlocked: true,
      isInStopList: true,
    });
    expect(readCustomerDetails(chat)).to.deep.equal({
      name: 'Ayşe',
      photo: null,
      handle: 'ayse.y',
      source: 7,
      account: 'acme_official',
      phone: null,
      tags: ['a', 'b', 'c'],
      rate: '4',
      rateComment: 'ok',
      lang: 'tr',
      createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      blocked: true,
      stopListed: true,
    });
    expect(customerKey(chat), 'the photo network asks by photo_user_id').to.deep.equal({ photoUserId: 44 });
  });

  it('shows the tags the wire reader read, not a reading of its own', () => {
    const chat = parseChat({ id: 4, tags: ['from the record'] });
    const read = {
      ...chat,
      tags: [
        { id: 1, name: 'VIP' },
        { id: null, name: 'wholesale' },
      ],
    };
    expect(readCustomerDetails(read).tags).to.deep.equal(['VIP', 'wholesale']);
  });

  it('leaves out what has an unexpected shape, and asks by clientId elsewhere', () => {
    const chat = parseChat({
      id: 2,
      messSource: 0,
      client: { id: 9, name: 'Odd' },
      photoUser: 'nope',
      tags: { nested: [1] },
      rate: { value: 5 },
      rateComment: ['x'],
      lang: ['en'],
      createdAt: { when: 'then' },
      isInStopList: 'yes',
    });
    const details = readCustomerDetails(chat);
    expect(details.tags).to.deep.equal([]);
    expect([details.rate, details.rateComment, details.lang, details.createdAt, details.handle]).to.deep.equal([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(details.stopListed).to.equal(false);
    expect(customerKey(chat)).to.deep.equal({ clientId: 9 });
    expect(customerKey(parseChat({ id: 3 })), 'no customer to ask about').to.equal(null);
  });
});
