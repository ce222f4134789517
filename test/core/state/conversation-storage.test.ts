/**
 * Drafts across a reload (contract §8): each chat's draft is its own key under the operator's
 * scope, and reading them back finds exactly those keys, whatever else the page keeps.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { ChatStore } from '../../../src/core/state/chat-store.js';
import { keepConversation, readDrafts } from '../../../src/core/state/conversation-storage.js';
import { draftFileKey, keepFile } from '../../../src/core/state/kept-files.js';
import { FakeClock } from '../../support/fake-clock.js';
import { whileStorageIsBlocked } from '../../support/storage.js';
import { longWait } from '../../support/waits.js';

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

/**
 * Holds the panel's file store the way another tab's long write would: a read-write transaction
 * kept alive by one request after another, until `release` is called.
 */
async function holdFileStore(): Promise<{ release: () => Promise<void> }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('operator-chat-panel', 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction('kept-files', 'readwrite').objectStore('kept-files');
  let held = true;
  const keepBusy = () => {
    if (held) store.get('nothing').onsuccess = keepBusy;
  };
  keepBusy();
  return {
    release: async () => {
      held = false;
      await new Promise((resolve) => (store.transaction.oncomplete = resolve));
      db.close();
    },
  };
}

describe("conversation storage: a draft's files after a reload", () => {
  it('names a file as not kept when storage does not answer in time, and brings it back when it does', async () => {
    const file = new File(['the label'], 'label.txt', { type: 'text/plain' });
    const kept = await keepFile(draftFileKey(scope, 7, 'f1'), { file, name: 'label.txt', format: 'txt', mediaType: 6 });
    if (!kept) return void console.info('this browser keeps no file in IndexedDB');
    sessionStorage.setItem(
      `ocp:draft:${scope}:7`,
      JSON.stringify({
        text: 'With a file',
        isInternal: false,
        replyTo: null,
        files: [{ id: 'f1', name: 'label.txt' }],
      }),
    );
    const hold = await holdFileStore();
    const clock = new FakeClock();
    const store = new ChatStore();
    keepConversation(store, scope, clock);
    const fileState = () => store.state.drafts.get(7)?.files[0]?.state;
    expect(fileState()).to.equal('restoring');

    await clock.advanceAsync(4000);
    expect(fileState(), 'still restoring within the limit').to.equal('restoring');
    await clock.advanceAsync(1000);
    expect(fileState(), 'at the limit').to.equal('lost');

    await hold.release();
    await waitUntil(() => fileState() === 'ready', 'the file back once storage answers', longWait);
    const [restored] = store.state.drafts.get(7)!.files;
    expect(restored.state === 'ready' && (await restored.attachment.file.text())).to.equal('the label');
  });
});
