/**
 * The chat list's questions, built once for the panel and the script tag's early reads
 * (core/state/list-query.ts, core/api/chat-requests.ts): what the filter asks the service for.
 */
import { expect } from '@open-wc/testing';
import { chatListPath } from '../../../src/core/api/chat-requests.js';
import { listQuery, showsWholeInbox, startingFilter, unreadTotalQuery } from '../../../src/core/state/list-query.js';
import { noTriage } from '../../../src/core/state/list-triage.js';
import { emptyState, type ListFilter } from '../../../src/core/state/store-state.js';

const base: ListFilter = { ...emptyState.filter, statuses: [0, 1] };
const tags = [
  { id: 12, name: 'Delivery' },
  { id: 1, name: 'VIP' },
];

const params = (filter: ListFilter, operatorId: string | null = '101') =>
  new URL(chatListPath(listQuery(filter, 2, 20, operatorId)), 'https://chat.example').searchParams;

describe('list query: what the list asks the service for', () => {
  it('asks for the chosen tags with tagIds repeated, one per tag in the order chosen, beside the other filters', () => {
    const asked = params({ ...base, tags, unread: true, mine: true, starred: true, channel: 4, search: 'anna' });
    expect(asked.getAll('tagIds')).to.deep.equal(['12', '1']);
    expect(Object.fromEntries([...asked].filter(([name]) => name !== 'status' && name !== 'tagIds'))).to.deep.equal({
      page: '2',
      per_page: '20',
      source: '4',
      search: 'anna',
      isUnread: 'true',
      operatorId: '101',
      starMark: 'true',
    });
    expect(asked.getAll('status')).to.deep.equal(['0', '1']);
  });

  it('asks for no tag when none is chosen', () => {
    expect(params(base).has('tagIds')).to.equal(false);
    expect(chatListPath({ page: 1, perPage: 1, statuses: [], tagIds: [] })).to.equal(
      '/api/chat/chats?page=1&per_page=1',
    );
  });

  it('leaves the tags out of the unread total: the whole inbox counts', () => {
    const filter = { ...base, tags };
    expect(showsWholeInbox({ ...filter, statuses: [] })).to.equal(false);
    expect(showsWholeInbox({ ...filter, statuses: [], tags: [] })).to.equal(true);
    expect(chatListPath(unreadTotalQuery(filter))).to.equal('/api/chat/chats?page=1&per_page=1');
  });

  it('starts from the tags the operator left on, with the page’s restriction', () => {
    const restriction = { statuses: [0, 1, 2, 3], source: 7, entityId: 701 };
    const filter = startingFilter(restriction, { ...noTriage, tags, channel: 4 }, null);
    expect(filter).to.deep.include({ source: 7, entityId: 701, channel: null, tags });
    expect(new URL(chatListPath(listQuery(filter, 1, 20, null)), 'https://chat.example').search).to.equal(
      '?page=1&per_page=20&status=0&status=1&status=2&status=3&source=7&entityId=701&tagIds=12&tagIds=1',
    );
  });
});
