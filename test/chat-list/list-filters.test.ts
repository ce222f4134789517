/** The chat list's filter row and its empty result, rendered by ocp-chat-list alone. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/chat-list/chat-list.js';
import type { ChatListElement } from '../../src/chat-list/chat-list.js';
import { defaultStatuses } from '../../src/core/api/chat-enums.js';
import { activeFilterNames, channelChoices } from '../../src/chat-list/list-filters.js';
import { chat } from '../support/domain.js';
import { emptyState, type ListFilter } from '../../src/core/state/store-state.js';

const base: ListFilter = { ...emptyState.filter, statuses: defaultStatuses };

async function list(filter: ListFilter, mineAvailable: boolean): Promise<ChatListElement> {
  const element = await fixture<ChatListElement>(
    html`<ocp-chat-list .filter=${filter} .mineAvailable=${mineAvailable}></ocp-chat-list>`,
  );
  await element.updateComplete;
  return element;
}

describe('ocp-chat-list: filters', () => {
  it('has no Mine toggle when the token names no operator', async () => {
    expect((await list(base, false)).querySelector('[part~="filter-mine"]')).to.equal(null);
    expect((await list(base, true)).querySelector('[part~="filter-mine"]')).to.not.equal(null);
  });

  it('has no channel select when the page fixes the channel', async () => {
    expect((await list({ ...base, source: 4 }, true)).querySelector('[part~="channel-filter"]')).to.equal(null);
    expect((await list(base, true)).querySelector('[part~="channel-filter"]')).to.not.equal(null);
  });

  it('offers the named channels and every other code of the chats it held, the chosen one always', async () => {
    const element = await list({ ...base, channel: 11 }, true);
    element.chats = [chat(1, 3000, { source: 6 }), chat(2, 2000, { source: 3 }), chat(3, 1000, { source: -1 })];
    await element.updateComplete;
    element.chats = [chat(1, 3000, { source: 0 })]; // the list narrowed: what it held stays offered
    await element.updateComplete;
    const select = element.querySelector<HTMLSelectElement>('[part~="channel-filter"]')!;
    const options = Array.from(select.options, (option) => [option.value, option.textContent!.trim()]);
    expect(options.filter(([value]) => ['3', '6', '11', '-1'].includes(value))).to.deep.equal([
      ['3', 'Channel 3'],
      ['6', 'Channel 6'],
      ['11', 'Channel 11'],
    ]);
    expect(select.value).to.equal('11');
    expect(channelChoices([], null)).to.deep.equal([0, 1, 2, 4, 5, 7, 8, 9]);
    expect(channelChoices([6, 3, 6, -1, 0], 3)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('tells the panel what a toggle changes', async () => {
    const element = await list({ ...base, starred: true }, true);
    const patches: unknown[] = [];
    element.addEventListener('ocp-list-filter', (event) => patches.push((event as CustomEvent).detail));
    element.querySelector<HTMLButtonElement>('[part~="filter-starred"]')!.click();
    element.querySelector<HTMLButtonElement>('[part~="filter-unread"]')!.click();
    const channel = element.querySelector<HTMLSelectElement>('[part~="channel-filter"]')!;
    channel.value = '7';
    channel.dispatchEvent(new Event('change'));
    expect(patches).to.deep.equal([{ starred: false }, { unread: true }, { channel: 7 }]);
  });

  it('says which filters left the list empty, and offers to clear them', async () => {
    const element = await list({ ...base, unread: true, channel: 7, search: 'anna' }, true);
    const empty = element.querySelector('[part~="list-empty"]')!;
    expect(empty.textContent).to.contain('“anna”').and.contain('Unread').and.contain('PhotoApp');
    let cleared = 0;
    element.addEventListener('ocp-list-clear-filters', () => (cleared += 1));
    empty.querySelector('button')!.click();
    expect(cleared).to.equal(1);
  });

  it('names only the filters that are on', () => {
    expect(activeFilterNames(base, defaultStatuses)).to.deep.equal([]);
    expect(activeFilterNames({ ...base, mine: true, statuses: [4] }, defaultStatuses)).to.deep.equal([
      'Closed',
      'Mine',
    ]);
    // A channel the page fixed is not the operator's filter.
    expect(activeFilterNames({ ...base, source: 4, channel: 4 }, defaultStatuses)).to.deep.equal([]);
  });
});
