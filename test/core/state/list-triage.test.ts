import { expect } from '@open-wc/testing';
import { hasTriage, noTriage, readTriage, saveTriage } from '../../../src/core/state/list-triage.js';

describe('list triage: the operator’s filters across a reload', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('gives back what was saved for the same operator, and nothing for another', () => {
    saveTriage('7:42', { unread: true, mine: false, starred: true, channel: 4 });
    expect(readTriage('7:42')).to.deep.equal({ unread: true, mine: false, starred: true, channel: 4 });
    expect(readTriage('7:43')).to.deep.equal(noTriage);
  });

  it('removes the entry when every filter is off', () => {
    saveTriage('7:42', { unread: true, mine: false, starred: false, channel: null });
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
    ]) {
      sessionStorage.setItem('ocp:list-triage:7:42', stored);
      expect(readTriage('7:42'), stored).to.deep.equal(noTriage);
    }
  });

  it('knows when any filter is on', () => {
    expect(hasTriage(noTriage)).to.equal(false);
    expect(hasTriage({ ...noTriage, channel: 0 })).to.equal(true);
    expect(hasTriage({ ...noTriage, mine: true })).to.equal(true);
  });
});
