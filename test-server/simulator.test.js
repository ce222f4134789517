import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createOrg, manualClock, startServer } from './helpers.js';

/** The simulator's ticks and the receipts run on this clock, which the tests move. */
const clock = manualClock();
/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
before(async () => {
  server = await startServer({ clock });
});
after(() => server.close());

describe('simulator', () => {
  test('customers write, type, open chats and reply to Stories; every created message is stored once with its events', async () => {
    const org = await createOrg(server.base, { simulate: true, simulateIntervalMs: 20 });
    clock.advance(1200); // 60 ticks
    const stopped = (await org.control('simulator', { running: false })).json;
    assert.equal(stopped.running, false);
    clock.advance(60); // a message typed before the stop comes
    const created = (await org.control('created-messages')).json;
    assert.ok(created.length >= 10, `created ${created.length}`);
    const events = (await org.api('/api/chat/callback-events?perPage=10000')).json.items;
    const types = new Set(events.map((/** @type {any} */ e) => e.callback_type));
    for (const type of ['3', '11', '7', '8']) assert.ok(types.has(type), `event ${type}`);
    assert.ok(
      events.some((/** @type {any} */ e) => e.callback_type === '3' && e.Story),
      'a Story reply',
    );
    for (const message of created) {
      const threes = events.filter((/** @type {any} */ e) => e.callback_type === '3' && e.MessageId === message.id);
      const elevens = events.filter((/** @type {any} */ e) => e.callback_type === '11' && e.MessageId === message.id);
      assert.equal(threes.length, 1);
      assert.equal(elevens.length, 1);
      assert.equal(threes[0].Author, 0);
      const stored = (await org.api(`/api/chat/chats/${message.chatId}/messages`)).json;
      assert.equal(stored.filter((/** @type {any} */ m) => m.id === message.id).length, 1);
    }
    const after = (await org.control('created-messages')).json.length;
    clock.advance(60_000);
    assert.equal((await org.control('created-messages')).json.length, after, 'stopped simulator creates nothing');
  });

  test('a customer message raises countUnread and moves the chat to the top', async () => {
    const org = await createOrg(server.base);
    const chatId = org.fixtures.chats.onPause;
    const before = (await org.api('/api/chat/chats?per_page=1000')).json.items.find(
      (/** @type {any} */ c) => c.id === chatId,
    );
    await org.control('customer-message', { chatId, text: 'Are you there?' });
    const top = (await org.api('/api/chat/chats?per_page=1')).json.items[0];
    assert.equal(top.id, chatId);
    assert.equal(top.countUnread, before.countUnread + 1);
    assert.equal(top.textLastMess, 'Are you there?');
    assert.equal(top.authorLastMessage, 1);
  });

  test('operator messages turn DELIVERED then READ with event 6 while receipts are on', async () => {
    const org = await createOrg(server.base, { receipts: true });
    const sent = (
      await org.api(`/api/chat/${org.fixtures.chats.bot}/message`, { method: 'POST', body: { textMessage: 'hi' } })
    ).json;
    const note = (
      await org.api(`/api/chat/${org.fixtures.chats.bot}/message`, {
        method: 'POST',
        body: { textMessage: 'n', isInternal: true },
      })
    ).json;
    const statusOf = async (/** @type {number} */ id) =>
      (await org.api(`/api/chat/chats/${org.fixtures.chats.bot}/messages`)).json.find(
        (/** @type {any} */ m) => m.id === id,
      ).status;
    assert.equal(await statusOf(sent.id), 0);
    clock.advance(999);
    assert.equal(await statusOf(sent.id), 0, 'not delivered before a second');
    clock.advance(1);
    assert.equal(await statusOf(sent.id), 6, 'delivered a second later');
    clock.advance(1999);
    assert.equal(await statusOf(sent.id), 6, 'not read before three seconds');
    clock.advance(1);
    assert.equal(await statusOf(sent.id), 3, 'read three seconds later');
    assert.equal(await statusOf(note.id), 0, 'notes get no receipts');
    const sixes = (await org.api('/api/chat/callback-events?perPage=100')).json.items.filter(
      (/** @type {any} */ e) => e.callback_type === '6',
    );
    assert.deepEqual(
      sixes.map((/** @type {any} */ e) => [e.id, e.status]),
      [
        [sent.id, 6],
        [sent.id, 3],
      ],
    );
  });
});

describe('stop()', () => {
  test('clears every timer: nothing of the API keeps the process alive after stop, and it exits', async () => {
    // What keeps the event loop alive is read in the process itself, right before and after
    // stop(): its timers are gone at once, whatever the machine's load (a time limit on the exit
    // would measure the load).
    const script = `
      import Koa from 'koa';
      import { createChatApi } from ${JSON.stringify(fileURLToPath(new URL('../demo/server/chat-api.js', import.meta.url)))};
      const api = createChatApi({ simulate: true, simulateIntervalMs: 20, receipts: true });
      const org = api.createOrg({ simulate: true, simulateIntervalMs: 30 });
      org.faults.merge({ duplicateEvents: true });
      const app = new Koa();
      app.use(api.middleware);
      const timers = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout' || type === 'Immediate');
      const server = app.listen(0, '127.0.0.1', async () => {
        const base = 'http://127.0.0.1:' + server.address().port;
        const { token } = await api.issueToken(org.id);
        const auth = { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' };
        await fetch(base + '/api/chat/' + org.fixtures.chats.bot + '/message', { method: 'POST', headers: auth, body: JSON.stringify({ textMessage: 'x' }) });
        const page = await (await fetch(base + '/api/chat/callback-events', { headers: auth })).json();
        await fetch(base + '/api/chat/callback-events/processed', { method: 'POST', headers: auth, body: JSON.stringify(page.items.map((e) => e.event_guid)) });
        // The last answer's own work (an Immediate of the HTTP stack) is not the API's: let it end.
        while (process.getActiveResourcesInfo().includes('Immediate')) await new Promise((r) => setImmediate(r));
        const before = timers().length;
        api.stop();
        const after = timers();
        console.log(JSON.stringify({ before, after }));
        if (after.length > 0) process.exit(3); // it would stay alive: fail now, not in 30 s
        server.closeAllConnections();
        server.close();
      });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => {
      // Anything else left alive (a socket, a server) would keep it running: killed after 30 s, it fails.
      const killer = setTimeout(() => child.kill('SIGKILL'), 30000);
      child.on('exit', (exitCode) => {
        clearTimeout(killer);
        resolve(exitCode);
      });
    });
    const { before, after } = JSON.parse(/\{"before".*\}/.exec(output)?.[0] ?? 'null') ?? {};
    assert.ok(before > 0, `the simulator, receipts and faults had timers running before stop(): ${output}`);
    assert.deepEqual(after, [], 'timers left after stop()');
    assert.equal(code, 0, `the process did not exit by itself: ${output}`);
  });
});
