/**
 * Composer drafts per chat (contract §8): text, reply target, note flag and the file's name
 * persist in sessionStorage per scope (organization and operator, never the token) and survive a
 * reload; the chosen file itself is kept in IndexedDB and read back after the text.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OutgoingAttachment } from '../../../src/core/api/chat-api.js';
import type { MessageRef } from '../../../src/core/api/message-wire.js';
import { emptyDraft, type Draft } from '../../../src/core/state/composer-draft.js';
import { draftsOf } from '../../support/conversation-store.js';
import { whileStorageIsFull } from '../../support/storage.js';
import { draftFileKey, keptFile } from '../../../src/core/state/kept-files.js';
import { longWait } from '../../support/waits.js';

const quoted: MessageRef = { id: 5, text: 'Where is my order?', author: 1 };
const attachment = (name = 'invoice.pdf'): OutgoingAttachment => ({
  file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  name,
  format: 'application/pdf',
  mediaType: 2,
});
const draft = (extra: Partial<Draft>): Draft => ({ ...emptyDraft, ...extra });

/** The scope the panel builds from the token's claims (`organizationId:operatorId`), unique per test. */
let scope = '';
const prefix = () => `ocp:draft:${scope}:`;
beforeEach(() => {
  scope = `${Math.floor(Math.random() * 1e9)}:101`;
});
afterEach(() => {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(prefix())) sessionStorage.removeItem(key);
});

describe("The store's drafts: a draft per chat", () => {
  it('starts every chat with the empty draft', () => {
    expect(draftsOf(scope).load(7)).to.deep.equal({
      text: '',
      isInternal: false,
      replyTo: null,
      attachment: null,
      missingFile: null,
    });
  });

  it('keeps each chat’s draft to itself', () => {
    // Arrange
    const drafts = draftsOf(scope);
    // Act
    drafts.save(7, draft({ text: 'For seven', isInternal: true, replyTo: quoted, attachment: attachment() }));
    // Assert
    expect(drafts.load(8)).to.deep.equal(emptyDraft);
    expect(drafts.load(7)).to.deep.include({ text: 'For seven', isInternal: true, replyTo: quoted });
  });

  it('never keeps a note as the reply target of a draft for the customer, however the draft changed or came back', () => {
    const note: MessageRef = { id: 6, text: 'Refund pending (internal)', author: 0, isInternal: true };
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: 'About the refund', isInternal: true, replyTo: note }));
    expect(drafts.load(7).replyTo).to.deep.equal(note);
    drafts.save(7, { ...drafts.load(7), isInternal: false });
    expect(drafts.load(7)).to.deep.include({ text: 'About the refund', isInternal: false, replyTo: null });
    // A draft kept by an earlier version, read back after a reload.
    sessionStorage.setItem(`${prefix()}8`, JSON.stringify({ text: 'Old', isInternal: false, replyTo: note }));
    expect(draftsOf(scope).load(8)).to.deep.include({ text: 'Old', replyTo: null });
  });

  it('clears a chat’s draft, attachment included', () => {
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: 'Sent now', attachment: attachment() }));
    drafts.clear(7);
    expect(drafts.load(7)).to.deep.equal(emptyDraft);
    expect(draftsOf(scope).load(7)).to.deep.equal(emptyDraft);
    expect(sessionStorage.getItem(`${prefix()}7`)).to.equal(null);
  });
});

describe("The store's drafts: across a reload (sessionStorage)", () => {
  it('brings back the text, reply target and note flag', () => {
    draftsOf(scope).save(7, draft({ text: 'half-written', isInternal: true, replyTo: quoted }));
    expect(draftsOf(scope).load(7)).to.deep.equal(draft({ text: 'half-written', isInternal: true, replyTo: quoted }));
  });

  it('keeps a note flag or a reply target alone, with no text yet', () => {
    draftsOf(scope).save(7, draft({ isInternal: true }));
    draftsOf(scope).save(8, draft({ replyTo: quoted }));
    const reloaded = draftsOf(scope);
    expect(reloaded.load(7).isInternal).to.equal(true);
    expect(reloaded.load(8).replyTo).to.deep.equal(quoted);
  });

  it('stores a draft under its scope and chat only: the token is never part of a key', () => {
    // Arrange: what a page would have in storage besides the drafts.
    const before = new Set(Object.keys(sessionStorage));
    // Act
    draftsOf(scope).save(42, draft({ text: 'x' }));
    // Assert
    const added = Object.keys(sessionStorage).filter((key) => !before.has(key));
    expect(added).to.deep.equal([`ocp:draft:${scope}:42`]);
    expect(JSON.parse(sessionStorage.getItem(added[0])!)).to.deep.equal({
      text: 'x',
      isInternal: false,
      replyTo: null,
      fileName: null,
    });
  });

  it('keeps each scope’s drafts apart', () => {
    draftsOf(scope).save(7, draft({ text: 'operator 101' }));
    const otherOperator = `${scope.split(':')[0]}:102`;
    expect(draftsOf(otherOperator).load(7)).to.deep.equal(emptyDraft);
    expect(draftsOf(otherOperator).withContent().size).to.equal(0);
  });

  it('removes the stored draft once it is empty again', () => {
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: 'typed' }));
    drafts.save(7, draft({ text: '' }));
    expect(sessionStorage.getItem(`${prefix()}7`)).to.equal(null);
  });
});

/** Waits until IndexedDB holds the file of chat `chatId`'s draft (or, `kept` false, no longer does). */
function fileKept(chatId: number, kept = true): Promise<void> {
  return waitUntil(
    async () => ((await keptFile(draftFileKey(scope, chatId))) !== null) === kept,
    `the file of chat ${chatId}'s draft ${kept ? 'kept' : 'forgotten'}`,
    longWait,
  );
}

describe("The store's drafts: the chosen file comes back after a reload", () => {
  /** Resolves once the store holds a draft for the chat that `done` accepts. */
  function draftWhen(store: ReturnType<typeof draftsOf>, chatId: number, done: (draft: Draft) => boolean) {
    return waitUntil(() => done(store.load(chatId)), `the draft of chat ${chatId}`, longWait);
  }

  it('keeps the file in IndexedDB and its name in sessionStorage, and reads both back', async () => {
    const drafts = draftsOf(scope);
    const file = attachment();
    drafts.save(7, draft({ text: 'See attached', attachment: file }));
    expect(drafts.load(7).attachment).to.equal(file);
    expect(JSON.parse(sessionStorage.getItem(`${prefix()}7`)!)).to.deep.include({ fileName: 'invoice.pdf' });
    await fileKept(7); // written in the background
    const reloaded = draftsOf(scope);
    // Named as restoring at once: nothing can be sent without it meanwhile.
    expect(reloaded.load(7).missingFile).to.deep.equal({ name: 'invoice.pdf', state: 'restoring' });
    await draftWhen(reloaded, 7, (back) => back.attachment !== null);
    const back = reloaded.load(7);
    expect(back).to.deep.include({ text: 'See attached', missingFile: null });
    expect(back.attachment).to.deep.include({ name: 'invoice.pdf', format: 'application/pdf', mediaType: 2 });
    expect(await back.attachment!.file.text()).to.equal('%PDF-1.7');
  });

  it('keeps a file chosen with nothing written', async () => {
    draftsOf(scope).save(8, draft({ attachment: attachment('photo.jpg') }));
    await fileKept(8);
    const reloaded = draftsOf(scope);
    await draftWhen(reloaded, 8, (back) => back.attachment?.name === 'photo.jpg');
  });

  it('forgets the file once the draft is sent or its file removed', async () => {
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: 'a', attachment: attachment() }));
    drafts.save(8, draft({ text: 'b', attachment: attachment('photo.jpg') }));
    await fileKept(7);
    await fileKept(8);
    drafts.clear(7);
    drafts.save(8, draft({ text: 'b' }));
    await fileKept(7, false);
    await fileKept(8, false);
    const reloaded = draftsOf(scope);
    expect(reloaded.load(7)).to.deep.equal(emptyDraft);
    expect(reloaded.load(8)).to.deep.equal(draft({ text: 'b' }));
  });

  it('names a file the browser did not keep as lost, and keeps naming it until dismissed', async () => {
    // A draft that names a file IndexedDB does not hold (another browser profile, storage cleared).
    sessionStorage.setItem(
      `${prefix()}9`,
      JSON.stringify({ text: 'Invoice attached', isInternal: false, replyTo: null, fileName: 'invoice.txt' }),
    );
    const reloaded = draftsOf(scope);
    await draftWhen(reloaded, 9, (back) => back.missingFile?.state === 'lost');
    expect(reloaded.load(9)).to.deep.include({ text: 'Invoice attached', attachment: null });
    expect(reloaded.withContent().get(9)).to.deep.equal({
      text: 'Invoice attached',
      note: false,
      file: 'invoice.txt',
      fileLost: true,
    });
    reloaded.save(9, { ...reloaded.load(9), missingFile: null });
    expect(JSON.parse(sessionStorage.getItem(`${prefix()}9`)!)).to.deep.include({ fileName: null });
  });
});

describe("The store's drafts: which chats have a draft (the chat list marks them)", () => {
  it('says what each draft holds: its text, its file, and whether it is a note', () => {
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: '  Will answer soon  ' }));
    drafts.save(8, draft({ attachment: attachment('photo.jpg') }));
    drafts.save(9, draft({ isInternal: true })); // a flag alone says nothing
    drafts.save(10, draft({ text: '   ' }));
    drafts.save(11, draft({ text: 'Check stock first', isInternal: true }));
    expect([...drafts.withContent()].sort()).to.deep.equal([
      [11, { text: 'Check stock first', note: true, file: null, fileLost: false }],
      [7, { text: 'Will answer soon', note: false, file: null, fileLost: false }],
      [8, { text: '', note: false, file: 'photo.jpg', fileLost: false }],
    ]);
  });

  it('finds the drafts stored before a reload', () => {
    draftsOf(scope).save(7, draft({ text: 'from before' }));
    expect([...draftsOf(scope).withContent()].map(([id, { text }]) => [id, text])).to.deep.equal([[7, 'from before']]);
  });

  it('answers the same map until a draft changes', () => {
    const drafts = draftsOf(scope);
    drafts.save(7, draft({ text: 'a' }));
    const first = drafts.withContent();
    expect(drafts.withContent()).to.equal(first);
    drafts.save(7, draft({ text: 'ab' }));
    expect(drafts.withContent()).to.not.equal(first);
    expect(drafts.withContent().get(7)?.text).to.equal('ab');
  });
});

describe("The store's drafts: what it cannot read", () => {
  it('ignores a stored draft that is not JSON or not a draft, and starts that chat empty', () => {
    const unreadable = [
      '{not json',
      'null',
      '"text"',
      '{"text":5,"isInternal":false,"replyTo":null}',
      '{"text":"x","replyTo":null}',
      '{"text":"x","isInternal":"yes","replyTo":null}',
      '{"text":"x","isInternal":false,"replyTo":{"id":5}}',
      '{"text":"x","isInternal":false}',
    ];
    unreadable.forEach((raw, index) => sessionStorage.setItem(`${prefix()}${index + 1}`, raw));
    const drafts = draftsOf(scope);
    unreadable.forEach((raw, index) => expect(drafts.load(index + 1), raw).to.deep.equal(emptyDraft));
    expect(drafts.withContent().size).to.equal(0);
  });

  it('ignores keys of its scope that name no chat', () => {
    for (const notAChat of ['draft-of-nothing', '7.5']) {
      sessionStorage.setItem(`${prefix()}${notAChat}`, JSON.stringify({ text: 'x', isInternal: false, replyTo: null }));
    }
    sessionStorage.setItem(`${prefix()}7`, JSON.stringify({ text: 'real', isInternal: false, replyTo: null }));
    expect([...draftsOf(scope).withContent()].map(([id, { text }]) => [id, text])).to.deep.equal([[7, 'real']]);
  });

  it('keeps drafts in memory when storage refuses to write', () => {
    const drafts = whileStorageIsFull(() => {
      const drafts = draftsOf(scope);
      drafts.save(7, draft({ text: 'still here' }));
      return drafts;
    });
    expect(drafts.load(7).text).to.equal('still here');
    expect(drafts.withContent().get(7)?.text).to.equal('still here');
  });
});
