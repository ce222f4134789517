/**
 * The bell's choice in localStorage: one key with no token and nothing about the operator,
 * followed by every panel of the page and of other tabs, and no failure when storage is blocked.
 */
import { expect } from '@open-wc/testing';
import { mutePreferenceKey, readMuted, watchMuted, writeMuted } from '../../src/attention/mute-preference.js';
import { whileStorageIsBlocked } from '../support/storage.js';

describe('mute preference', () => {
  afterEach(() => localStorage.removeItem(mutePreferenceKey));

  it('is unknown until chosen, then stored as 1 or 0 under ocp:notify-muted', () => {
    expect(readMuted()).to.equal(null);
    writeMuted(true);
    expect(localStorage.getItem('ocp:notify-muted')).to.equal('1');
    expect(readMuted()).to.equal(true);
    writeMuted(false);
    expect(localStorage.getItem('ocp:notify-muted')).to.equal('0');
    expect(readMuted()).to.equal(false);
  });

  it('tells every watcher of the page at once, and stops telling one that unsubscribed', () => {
    const heard: Array<boolean | null> = [];
    const stopFirst = watchMuted((muted) => heard.push(muted));
    const stopSecond = watchMuted((muted) => heard.push(muted));
    writeMuted(true);
    stopFirst();
    writeMuted(false);
    stopSecond();
    writeMuted(true);
    expect(heard).to.deep.equal([true, true, false]);
  });

  it('follows a choice made in another tab (the storage event)', () => {
    const heard: Array<boolean | null> = [];
    const stop = watchMuted((muted) => heard.push(muted));
    try {
      localStorage.setItem(mutePreferenceKey, '1'); // what the other tab wrote
      window.dispatchEvent(new StorageEvent('storage', { key: mutePreferenceKey, newValue: '1' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else', newValue: 'x' }));
      localStorage.removeItem(mutePreferenceKey); // another tab cleared the origin's storage
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    } finally {
      stop();
    }
    expect(heard).to.deep.equal([true, null]);
  });

  it('keeps working without storage: the page still follows the choice, nothing throws', () => {
    whileStorageIsBlocked(() => {
      const heard: Array<boolean | null> = [];
      const stop = watchMuted((muted) => heard.push(muted));
      expect(readMuted()).to.equal(null);
      expect(() => writeMuted(true)).not.to.throw();
      stop();
      expect(heard).to.deep.equal([true]);
    }, 'localStorage');
  });
});
