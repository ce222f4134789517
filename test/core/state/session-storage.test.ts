/**
 * sessionStorage that never throws: full, disabled or blocked storage only costs persistence
 * across reloads, never the panel.
 */
import { expect } from '@open-wc/testing';
import { readJson, writeJson } from '../../../src/core/state/session-storage.js';
import { whileStorageIsBlocked, whileStorageIsFull } from '../../support/storage.js';

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');

let prefix = '';
beforeEach(() => {
  prefix = `ocp:test-${Math.random().toString(36).slice(2)}:`;
});
afterEach(() => {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(prefix)) sessionStorage.removeItem(key);
});

describe('session storage: reading', () => {
  it('answers what was written, as JSON', () => {
    writeJson(`${prefix}a`, [1, 2, 3]);
    expect(sessionStorage.getItem(`${prefix}a`)).to.equal('[1,2,3]');
    expect(readJson(`${prefix}a`, isNumberList)).to.deep.equal([1, 2, 3]);
  });

  it('answers null for a missing key, text that is not JSON, and JSON of another shape', () => {
    sessionStorage.setItem(`${prefix}text`, '[1, 2');
    sessionStorage.setItem(`${prefix}shape`, '["1"]');
    sessionStorage.setItem(`${prefix}empty`, '');
    for (const key of ['missing', 'text', 'shape', 'empty']) {
      expect(readJson(`${prefix}${key}`, isNumberList), key).to.equal(null);
    }
  });
});

describe('session storage: writing', () => {
  it('removes the key when the value is null', () => {
    writeJson(`${prefix}a`, [1]);
    writeJson(`${prefix}a`, null);
    expect(sessionStorage.getItem(`${prefix}a`)).to.equal(null);
  });
});

describe('session storage: when it cannot be used', () => {
  it('never throws when storage is full, and keeps what was there', () => {
    writeJson(`${prefix}a`, [1]);
    whileStorageIsFull(() => writeJson(`${prefix}a`, [2]));
    expect(readJson(`${prefix}a`, isNumberList)).to.deep.equal([1]);
  });

  it('never throws when storage is blocked: nothing is read or written', () => {
    writeJson(`${prefix}a`, [1]);
    whileStorageIsBlocked(() => {
      expect(readJson(`${prefix}a`, isNumberList)).to.equal(null);
      writeJson(`${prefix}a`, [2]);
      writeJson(`${prefix}a`, null);
    });
    expect(readJson(`${prefix}a`, isNumberList)).to.deep.equal([1]);
  });
});
