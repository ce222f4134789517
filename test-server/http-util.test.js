/**
 * Reading a request's body when its client is gone: a page aborts a request (a poll, when the
 * panel's base-url changes) while the reference API is still checking its token. The body read
 * must end, or the answer and the request's status in the log wait for ever (a test waiting for
 * every request to be answered then times out, as one did beside two CPU hogs).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { HttpError, readRawBody } from '../demo/server/http-util.js';

/**
 * A plain HTTP server on 127.0.0.1 for `handler`, listening: its port, and how to close it.
 * @param {import('node:http').RequestListener} handler
 */
async function serve(handler) {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * A server whose handler gets each request after its client has gone (as after a slow token
 * check); answers what `readRawBody` then did.
 */
async function readAfterClientLeft() {
  /** @type {import('node:http').ClientRequest | undefined} */
  let client;
  /** @type {(outcome: unknown) => void} */
  let done = () => undefined;
  const outcome = new Promise((resolve) => (done = resolve));
  const server = await serve(async (req) => {
    client?.destroy();
    if (!req.destroyed) await new Promise((resolve) => req.on('close', resolve));
    done(await readRawBody(req, 1024).catch((error) => error));
  });
  client = http.get({ host: '127.0.0.1', port: server.port, path: '/' });
  client.on('error', () => undefined); // its own abort
  try {
    return await outcome;
  } finally {
    server.close();
  }
}

// The limit catches a read that never ends: without the fix, readRawBody waited for ever here.
test('a request its client aborted before its body was read ends as 499, not never', { timeout: 10_000 }, async () => {
  const outcome = await readAfterClientLeft();
  assert.ok(outcome instanceof HttpError, `rejected with an HttpError, not ${String(outcome)}`);
  assert.equal(outcome.status, 499);
});

test('a body read whole is answered as before', { timeout: 10_000 }, async () => {
  const server = await serve(async (req, res) => {
    const body = await readRawBody(req, 1024);
    res.end(`read ${body.toString()}`);
  });
  try {
    const answer = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body: 'hello' });
    assert.equal(await answer.text(), 'read hello');
  } finally {
    server.close();
  }
});
