import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { createOrg, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('control: customer messages with media variants', () => {
  test('mediaVariant "tgs" stores an animated sticker (type 6) whose file is gzipped Lottie JSON', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.bot;
    const created = await org.control('customer-message', { chatId, mediaVariant: 'tgs' });
    assert.equal(created.status, 200);
    const stored = (await org.api(`/api/chat/chats/${chatId}/messages`)).json.find(
      (/** @type {any} */ m) => m.id === created.json.id,
    );
    assert.equal(stored.media.type, 6);
    assert.equal(stored.media.format, 'application/x-tgsticker');
    assert.match(stored.media.name, /\.tgs$/);
    const file = await fetch(new URL(stored.media.uri, server.base));
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/x-tgsticker');
    const body = Buffer.from(await file.arrayBuffer());
    assert.equal(stored.media.length, body.length);
    const lottie = JSON.parse(gunzipSync(body).toString('utf8'));
    assert.equal(lottie.tgs, 1);
    assert.ok(Array.isArray(lottie.layers));
  });

  test('refuses an unknown variant, and a variant together with mediaType', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.bot;
    const unknown = await org.control('customer-message', { chatId, mediaVariant: 'constructor' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.text, /tgs/);
    const both = await org.control('customer-message', { chatId, mediaVariant: 'tgs', mediaType: 6 });
    assert.equal(both.status, 400);
  });
});
