/**
 * Drafts across a reload (contract §8): each chat's draft is its own key under the operator's
 * scope, and reading them back finds exactly those keys, whatever else the page keeps.
 */
import { expect } from '@open-wc/testing';
import { readDrafts } from '../../../src/core/state/conversation-storage.js';
import { whileStorageIsBlocked } from '../../support/storage.js';

let scope = '';
beforeEach(() => {
  scope = `test-${Math.random().toString(36).slice(2)}:op`;
});
afterEach(() => {
  for (const key of Object.keys(sessionStorage)) if (key.includes(scope)) sessionStorage.removeItem(key);
});

const stored = (text: string) => JSON.stringify({ text, isInternal: false, replyTo: null });

describe('conversation storage: drafts', () => {
  it("reads every chat's draft of this operator, and no other key", () => {
    sessionStorage.setItem(`ocp:draft:${scope}:1`, stored('first'));
    sessionStorage.setItem(`ocp:draft:${scope}:22`, stored('second'));
    sessionStorage.setItem(`ocp:draft:${scope}x:3`, stored('another operator'));
    sessionStorage.setItem(`x:ocp:draft:${scope}:4`, stored('the page’s own key'));
    sessionStorage.setItem(`ocp:draft:${scope}:five`, stored('no chat id'));
    sessionStorage.setItem(`ocp:draft:${scope}:6`, '{"text": 6}');
    const drafts = readDrafts(scope);
    expect([...drafts.keys()].sort((a, b) => a - b)).to.deep.equal([1, 22]);
    expect(drafts.get(22)).to.deep.equal({
      text: 'second',
      isInternal: false,
      replyTo: null,
      files: [],
    });
  });

  it('reads no draft, and does not throw, when storage is blocked', () => {
    sessionStorage.setItem(`ocp:draft:${scope}:1`, stored('kept'));
    const drafts = whileStorageIsBlocked(() => readDrafts(scope));
    expect(drafts.size).to.equal(0);
    expect(readDrafts(scope).get(1)?.text).to.equal('kept');
  });
});
