import { expect } from '@open-wc/testing';
import { hasTriage, noTriage, readTriage, saveTriage } from '../../../src/core/state/list-triage.js';

describe('list triage: the operator’s filters across a reload', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('gives back what was saved for the same operator, and nothing for another', () => {
    const tags = [
      { id: 12, name: 'Delivery' },
      { id: 1, name: 'VIP' },
    ];
    saveTriage('7:42', { unread: true, mine: false, starred: true, channel: 4, tags });
    expect(readTriage('7:42')).to.deep.equal({ unread: true, mine: false, starred: true, channel: 4, tags });
    expect(readTriage('7:43')).to.deep.equal(noTriage);
  });

  it('removes the entry when every filter is off', () => {
    saveTriage('7:42', { ...noTriage, tags: [{ id: 1, name: 'VIP' }] });
    expect(sessionStorage.length).to.equal(1);
    saveTriage('7:42', noTriage);
    expect(sessionStorage.length).to.equal(0);
  });

  it('ignores what it cannot trust in storage', () => {
    for (const stored of [
      '{',
      '[]',
      '{"unread":"yes","mine":false,"starred":false,"channel":null}',
      '{"unread":true,"mine":false,"starred":false,"channel":-1}',
      '{"unread":true,"mine":false,"starred":false,"channel":1.5}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":"VIP"}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":[1]}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":[{"id":"1","name":"VIP"}]}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":[{"id":1.5,"name":"VIP"}]}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":[{"id":1,"name":" "}]}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":[{"id":1}]}',
      '{"unread":false,"mine":false,"starred":false,"channel":null,"tags":null}',
    ]) {
      sessionStorage.setItem('ocp:list-triage:7:42', stored);
      expect(readTriage('7:42'), stored).to.deep.equal(noTriage);
    }
  });

  it('reads an entry kept before the panel had tags: none chosen', () => {
    sessionStorage.setItem('ocp:list-triage:7:42', '{"unread":true,"mine":false,"starred":false,"channel":2}');
    expect(readTriage('7:42')).to.deep.equal({ unread: true, mine: false, starred: false, channel: 2, tags: [] });
  });

  it('keeps the tags alone, each once, whatever else an entry holds', () => {
    sessionStorage.setItem(
      'ocp:list-triage:7:42',
      JSON.stringify({
        ...noTriage,
        tags: [
          { id: 7, name: 'Returning', colour: 'red' },
          { id: 7, name: 'Returning again' },
          { id: 3, name: 'Instagram lead' },
        ],
      }),
    );
    expect(readTriage('7:42').tags).to.deep.equal([
      { id: 7, name: 'Returning' },
      { id: 3, name: 'Instagram lead' },
    ]);
  });

  it('knows when any filter is on', () => {
    expect(hasTriage(noTriage)).to.equal(false);
    expect(hasTriage({ ...noTriage, channel: 0 })).to.equal(true);
    expect(hasTriage({ ...noTriage, mine: true })).to.equal(true);
    expect(hasTriage({ ...noTriage, tags: [{ id: 0, name: 'Zero' }] })).to.equal(true);
  });
});
