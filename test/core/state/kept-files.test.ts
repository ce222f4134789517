import { expect } from '@open-wc/testing';
import { forgetFile, keepFile, keptFile, outboxFileKey } from '../../../src/core/state/kept-files.js';

const attachment = (text: string) => ({
  file: new File([text], 'invoice.pdf', { type: 'application/pdf' }),
  name: 'invoice.pdf',
  format: 'application/pdf',
  mediaType: 2,
});

/** Deletes the panel's database as another tab (or the operator clearing site data) would. */
function deleteDatabase(): Promise<'deleted' | 'blocked' | 'failed'> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('operator-chat-panel');
    request.onsuccess = () => resolve('deleted');
    request.onerror = () => resolve('failed');
    request.onblocked = () => resolve('blocked');
  });
}

describe('kept files (IndexedDB)', () => {
  it('keeps a file under its key and gives it back whole, until it is forgotten', async () => {
    const key = outboxFileKey('org-1:op-1', 'local-1');
    expect(await keepFile(key, attachment('%PDF-1.4 one'))).to.equal(true);
    const kept = await keptFile(key);
    expect(kept?.name).to.equal('invoice.pdf');
    expect(await kept?.file.text()).to.equal('%PDF-1.4 one');
    await forgetFile(key);
    expect(await keptFile(key)).to.equal(null);
  });

  it('gives way when another tab deletes or upgrades the database, and keeps files again after', async () => {
    const key = outboxFileKey('org-1:op-1', 'local-2');
    expect(await keepFile(key, attachment('%PDF-1.4 two'))).to.equal(true);

    // The panel's open connection does not block the deletion.
    expect(await deleteDatabase()).to.equal('deleted');

    // What was kept went with the database; a file kept now is kept in a database opened anew.
    expect(await keptFile(key)).to.equal(null);
    expect(await keepFile(key, attachment('%PDF-1.4 three'))).to.equal(true);
    expect(await (await keptFile(key))?.file.text()).to.equal('%PDF-1.4 three');
  });
});
