/**
 * The outbox (contract §8): a message whose send fails stays, marked failed, until the operator
 * retries or discards it; it is never sent again unasked, not even after a reload. Text messages
 * survive a reload in sessionStorage; attachments live in memory only.
 */
import { expect } from '@open-wc/testing';
import type { OutgoingAttachment, OutgoingMessage } from '../../../src/core/api/chat-api.js';
import type { MessageRef } from '../../../src/core/api/message-wire.js';
import { outboxOf } from '../../support/conversation-store.js';
import { outboxSeries } from '../../../src/core/state/outbox-entry.js';
import { whileStorageIsFull } from '../../support/storage.js';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const text = (value: string): OutgoingMessage => ({ text: value, isInternal: false, replyToMessageId: null });
const photo = (): OutgoingAttachment => ({
  file: new Blob(['not really a photo'], { type: 'image/png' }),
  name: 'photo.png',
  format: 'image/png',
  mediaType: 1,
});
const quoted: MessageRef = { id: 5, text: 'Where is my order?', author: 1 };

/** A scope of its own per test: sessionStorage is shared by every test of the file. */
let scope = '';
beforeEach(() => {
  scope = `test-${Math.random().toString(36).slice(2)}`;
});
afterEach(() => sessionStorage.removeItem(`ocp:outbox:${scope}`));

function stored(): unknown {
  const raw = sessionStorage.getItem(`ocp:outbox:${scope}`);
  return raw === null ? null : JSON.parse(raw);
}

describe("The store's outbox: sending, failing, retrying, discarding", () => {
  it('adds a message as sending, with its chat, reply target and attachment', () => {
    // Arrange
    const outbox = outboxOf(scope);
    const attachment = photo();
    // Act
    const entry = outbox.add(7, text('Here it is'), quoted, attachment, now);
    // Assert
    expect(entry).to.deep.include({
      chatId: 7,
      message: text('Here it is'),
      replyTo: quoted,
      state: 'sending',
      error: null,
      progress: 0,
      createdAt: now,
    });
    expect(entry.attachment).to.equal(attachment);
    expect(outbox.get(entry.localId)).to.equal(entry);
    expect(outbox.add(7, text('No file'), null, null, now).progress).to.equal(null);
  });

  it('gives every message its own local id, even two added in the same millisecond', () => {
    const outbox = outboxOf(scope);
    const first = outbox.add(7, text('a'), null, null, now);
    const second = outbox.add(7, text('a'), null, null, now);
    expect(first.localId).to.not.equal(second.localId);
  });

  it('lists a chat’s messages in the order they were written, and no other chat’s', () => {
    const outbox = outboxOf(scope);
    outbox.add(7, text('one'), null, null, now);
    outbox.add(8, text('elsewhere'), null, null, now + 1);
    outbox.add(7, text('two'), null, null, now + 2);
    expect(outbox.forChat(7).map((entry) => entry.message.text)).to.deep.equal(['one', 'two']);
    expect(outbox.forChat(9)).to.deep.equal([]);
  });

  it('marks the chats with a failed message, until it is retried or discarded', () => {
    const outbox = outboxOf(scope);
    const failing = outbox.add(7, text('will fail'), null, null, now);
    outbox.add(8, text('still sending'), null, null, now);
    outbox.update(failing.localId, { state: 'failed', error: 'The chat API failed' });
    expect([...outbox.failedChats()]).to.deep.equal([7]);
    expect(outbox.get(failing.localId)).to.deep.include({ state: 'failed', error: 'The chat API failed' });

    outbox.update(failing.localId, { state: 'sending', error: null }); // Retry
    expect([...outbox.failedChats()]).to.deep.equal([]);
    outbox.update(failing.localId, { state: 'failed', error: 'Again' });
    outbox.remove(failing.localId); // Discard
    expect([...outbox.failedChats()]).to.deep.equal([]);
    expect(outbox.get(failing.localId)).to.equal(undefined);
  });

  it('answers the same set of failed chats until which chats have a failed message changes', () => {
    const outbox = outboxOf(scope);
    const entry = outbox.add(7, text('x'), null, null, now);
    outbox.update(entry.localId, { state: 'failed' });
    const failed = outbox.failedChats();
    expect(outbox.failedChats()).to.equal(failed);
    // Another message on its way changes the outbox, not the chats the list marks.
    const other = outbox.add(8, text('y'), null, null, now);
    expect(outbox.failedChats()).to.equal(failed);
    outbox.update(other.localId, { state: 'failed' });
    expect([...outbox.failedChats()].sort()).to.deep.equal([7, 8]);
    expect(outbox.failedChats()).to.not.equal(failed);
  });

  it('tells its listeners of every change, progress included, until they unsubscribe', () => {
    const outbox = outboxOf(scope);
    let heard = 0;
    const unsubscribe = outbox.subscribe(() => (heard += 1));
    const entry = outbox.add(7, text('x'), null, photo(), now);
    outbox.update(entry.localId, { progress: 0.5 });
    outbox.update(entry.localId, { state: 'failed', error: 'Upload failed', progress: null });
    outbox.remove(entry.localId);
    expect(heard).to.equal(4);
    unsubscribe();
    outbox.add(7, text('y'), null, null, now);
    expect(heard).to.equal(4);
  });
});

describe("The store's outbox: several files sent at once", () => {
  const file = (name: string): OutgoingAttachment => ({ ...photo(), name });

  it('makes one message per file, in order: the text and reply target with the first, the note flag with all', () => {
    const note = { text: 'See these', isInternal: true, replyToMessageId: 5 };
    const entries = outboxSeries(7, note, quoted, [file('a.png'), file('b.png'), file('c.png')], now);
    expect(entries.map((entry) => [entry.attachment?.name, entry.message, entry.replyTo, entry.state])).to.deep.equal([
      ['a.png', note, quoted, 'sending'],
      ['b.png', { text: '', isInternal: true, replyToMessageId: null }, null, 'waiting'],
      ['c.png', { text: '', isInternal: true, replyToMessageId: null }, null, 'waiting'],
    ]);
    expect(
      entries.map((entry) => entry.progress),
      'a bar only for the upload under way',
    ).to.deep.equal([0, null, null]);
    expect(new Set(entries.map((entry) => entry.localId)).size).to.equal(3);
    expect(entries.map((entry) => entry.series)).to.deep.equal(Array(3).fill(entries[0].localId));
  });

  it('makes one message of a text alone or of one file, in no series', () => {
    expect(outboxSeries(7, text('Hi'), null, [], now).map((entry) => [entry.series, entry.attachment])).to.deep.equal([
      [null, null],
    ]);
    const [single] = outboxSeries(7, text('Hi'), null, [file('a.png')], now);
    expect(single).to.deep.include({ series: null, state: 'sending' });
  });

  it('after a reload, the first message left of a series is failed and the later ones still wait for it', () => {
    // Arrange: the first of three delivered, the second under way when the page went away.
    const before = outboxOf(scope);
    const entries = outboxSeries(7, text('Three'), null, [file('a.png'), file('b.png'), file('c.png')], now);
    before.store.dispatch(...entries.map((entry) => ({ type: 'outbox-added' as const, entry })));
    before.remove(entries[0].localId);
    before.update(entries[1].localId, { state: 'sending' });
    const alone = before.add(7, text('Alone'), null, null, now + 1);

    // Act
    const after = outboxOf(scope);

    // Assert
    expect(after.forChat(7).map((entry) => [entry.attachment?.name ?? entry.fileLost, entry.state])).to.deep.equal([
      ['b.png', 'failed'],
      ['c.png', 'waiting'],
      [null, 'failed'],
    ]);
    expect(after.get(entries[2].localId)?.error).to.equal(null);
    expect(after.get(alone.localId)?.series).to.equal(null);
    expect([...after.failedChats()]).to.deep.equal([7]);
  });
});

describe("The store's outbox: across a reload (sessionStorage)", () => {
  it('brings back every unconfirmed message as failed, never as sending: it is not sent again unasked', () => {
    // Arrange: one message under way and one that failed when the page went away.
    const before = outboxOf(scope);
    const underWay = before.add(7, { text: 'Under way', isInternal: true, replyToMessageId: 5 }, quoted, null, now);
    const failed = before.add(8, text('Failed'), null, null, now + 1);
    before.update(failed.localId, { state: 'failed', error: 'The chat API failed' });
    // Act
    const after = outboxOf(scope);
    // Assert
    expect(after.forChat(7)).to.deep.equal([
      {
        ...underWay,
        state: 'failed',
        error: 'Not sent before the page was reloaded',
        progress: null,
      },
    ]);
    expect(after.get(failed.localId)).to.deep.include({ state: 'failed', error: 'The chat API failed' });
    expect([...after.failedChats()].sort()).to.deep.equal([7, 8]);
  });

  it("stores no file and no upload progress, only the file's name: the attachment stays in memory only", () => {
    const outbox = outboxOf(scope);
    const attachment = photo();
    const entry = outbox.add(7, text('With a photo'), null, attachment, now);
    outbox.update(entry.localId, { progress: 0.4 });
    const [record] = stored() as Record<string, unknown>[];
    expect(Object.keys(record).sort()).to.deep.equal(
      ['chatId', 'createdAt', 'error', 'fileName', 'localId', 'message', 'replyTo', 'series', 'state'].sort(),
    );
    expect(record.fileName).to.equal('photo.png');
    expect(JSON.stringify(stored())).to.not.contain('not really a photo');
    expect(outbox.get(entry.localId)?.attachment).to.equal(attachment);
    expect(outbox.get(entry.localId)?.progress).to.equal(0.4);
  });

  it('says which file a reload lost, so the message is not taken for a text-only one', () => {
    const before = outboxOf(scope);
    const captioned = before.add(7, text('The label'), null, photo(), now);
    const bare = before.add(7, text(''), null, photo(), now);
    const plain = before.add(7, text('Just text'), null, null, now);

    const after = outboxOf(scope);

    expect(after.get(captioned.localId)?.fileLost).to.equal('photo.png');
    expect(after.get(bare.localId)?.fileLost).to.equal('photo.png');
    expect(after.get(plain.localId)?.fileLost).to.equal(null);
    // Still named after a second reload.
    expect(outboxOf(scope).get(bare.localId)?.fileLost).to.equal('photo.png');
  });

  it('keeps each scope’s messages apart', () => {
    const mine = outboxOf(scope);
    mine.add(7, text('mine'), null, null, now);
    const otherScope = `${scope}-other`;
    try {
      expect(outboxOf(otherScope).forChat(7)).to.deep.equal([]);
      expect(outboxOf(scope).forChat(7)).to.have.length(1);
    } finally {
      sessionStorage.removeItem(`ocp:outbox:${otherScope}`);
    }
  });

  it('leaves nothing in storage once the last message is gone', () => {
    const outbox = outboxOf(scope);
    const entry = outbox.add(7, text('x'), null, null, now);
    expect(stored()).to.have.length(1);
    outbox.remove(entry.localId);
    expect(sessionStorage.getItem(`ocp:outbox:${scope}`)).to.equal(null);
  });

  it('ignores what it cannot read in storage, and starts empty', () => {
    const unreadable = [
      '{not json',
      '{"localId":"a","chatId":7,"message":{"text":"x"}}',
      '[{"localId":"a","chatId":"7","message":{"text":"x"}}]',
      '[{"localId":"a","chatId":7,"message":{}}]',
      '[{"localId":"a","chatId":7}]',
      '[null]',
    ];
    for (const raw of unreadable) {
      sessionStorage.setItem(`ocp:outbox:${scope}`, raw);
      const outbox = outboxOf(scope);
      expect(outbox.forChat(7), raw).to.deep.equal([]);
      expect([...outbox.failedChats()], raw).to.deep.equal([]);
      outbox.add(7, text('after'), null, null, now);
      expect(
        outboxOf(scope)
          .forChat(7)
          .map((entry) => entry.message.text),
        raw,
      ).to.deep.equal(['after']);
    }
  });

  it('keeps working in memory when storage refuses to write', () => {
    const outbox = whileStorageIsFull(() => {
      const outbox = outboxOf(scope);
      const entry = outbox.add(7, text('x'), null, null, now);
      outbox.update(entry.localId, { state: 'failed', error: 'offline' });
      return outbox;
    });
    expect(outbox.forChat(7)).to.have.length(1);
    expect([...outbox.failedChats()]).to.deep.equal([7]);
  });
});
