import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOrg, manualClock, startServer } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** The organizations' timers and rate limits of `clocked` run on this clock, which the tests move. */
const clock = manualClock();
/** @type {Awaited<ReturnType<typeof startServer>>} */
let clocked;
before(async () => {
  server = await startServer();
  clocked = await startServer({ clock });
});
after(() => Promise.all([server.close(), clocked.close()]));

describe('fault switches', () => {
  test('GET/POST/DELETE faults: merge, validate, reset', async () => {
    const org = await createOrg(server.base);
    const initial = (await org.control('faults')).json;
    assert.equal(initial.fail429, 0);
    assert.equal(initial.rateLimitPerSecond, 100);
    assert.equal(initial.rateLimitBurst, 150);
    const merged = (await org.control('faults', { fail500: 2, reorderEvents: true })).json;
    assert.equal(merged.fail500, 2);
    assert.equal(merged.reorderEvents, true);
    assert.equal((await org.control('faults', { latencyMs: 5 })).json.fail500, 2, 'POST merges');
    assert.equal((await org.control('faults', { fail500: 'x' })).status, 400);
    assert.equal((await org.control('faults', { bogus: 1 })).status, 400);
    const reset = (await org.control('faults', undefined, 'DELETE')).json;
    assert.deepEqual(reset, initial);
  });

  test('fail429: next N answers are 429 with Retry-After and the error body; tokenless requests are not counted', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { fail429: 2 });
    const anonymous = await call(server.base, '/api/chat/chats');
    assert.equal(anonymous.status, 401);
    for (let i = 0; i < 2; i++) {
      const res = await org.api('/api/chat/chats');
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '1');
      assert.equal(res.json.error, 'Too Many Requests');
      assert.equal(res.json.status, 429);
      assert.equal(typeof res.json.message, 'string');
    }
    assert.equal((await org.api('/api/chat/chats')).status, 200);
  });

  test('retryAfter: the Retry-After of a forced 429, in seconds, or none for null', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { fail429: 1, retryAfter: 7 });
    assert.equal((await org.api('/api/chat/chats')).headers.get('retry-after'), '7');
    await org.control('faults', { fail429: 1, retryAfter: null });
    const bare = await org.api('/api/chat/chats');
    assert.equal(bare.status, 429);
    assert.equal(bare.headers.get('retry-after'), null);
    assert.equal((await org.control('faults', { retryAfter: -1 })).status, 400);
    assert.equal((await org.control('faults', { retryAfter: '1' })).status, 400);
  });

  test('fail500 answers 500 N times, only for the organization that set it', async () => {
    const org = await createOrg(server.base);
    const other = await createOrg(server.base);
    await org.control('faults', { fail500: 1 });
    assert.equal((await other.api('/api/chat/chats')).status, 200);
    const res = await org.api('/api/chat/chats');
    assert.equal(res.status, 500);
    assert.equal(res.json.status, 500);
    assert.equal((await org.api('/api/chat/chats')).status, 200);
  });

  test('malformed answers 200 with a body that is not JSON, N times', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { malformed: 1 });
    const broken = await fetch(`${server.base}/api/chat/chats`, { headers: { Authorization: `Bearer ${org.token}` } });
    assert.equal(broken.status, 200);
    const text = await broken.text();
    assert.throws(() => JSON.parse(text), SyntaxError);
    assert.equal((await org.api('/api/chat/chats')).status, 200, 'only N answers are broken');
  });

  test('paths restricts 429/500/drop to matching paths', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { fail500: 1, paths: 'callback-events' });
    assert.equal((await org.api('/api/chat/chats')).status, 200);
    assert.equal((await org.api('/api/chat/callback-events')).status, 500);
    assert.equal((await org.api('/api/chat/callback-events')).status, 200);
  });

  test('passFirst lets N matching requests through before a forced failure', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { fail500: 1, passFirst: 1, paths: 'callback-events' });
    assert.equal((await org.api('/api/chat/chats')).status, 200, 'not matching: neither passed nor failed');
    assert.equal((await org.api('/api/chat/callback-events')).status, 200, 'the first passes');
    assert.equal((await org.api('/api/chat/callback-events')).status, 500, 'the second fails');
    assert.equal((await org.api('/api/chat/callback-events')).status, 200);
    assert.equal((await org.control('faults')).json.passFirst, 0);
  });

  test('drop destroys the connection without an answer', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { drop: 1 });
    await assert.rejects(org.api('/api/chat/chats'));
    assert.equal((await org.api('/api/chat/chats')).status, 200);
    const log = (await org.control('requests')).json;
    assert.equal(log[0].status, 'dropped');
    assert.equal(log[1].status, 200);
  });

  test('latencyMs delays every API answer', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { latencyMs: 300 });
    const started = performance.now();
    assert.equal((await org.api('/api/chat/chats?per_page=1')).status, 200);
    assert.ok(performance.now() - started >= 280);
  });

  test('hold holds back the answers on its paths until it is switched off, and a reset lets them go too', async () => {
    const org = await createOrg(server.base);
    await org.control('faults', { hold: true, paths: '^/api/chat/chats$' });
    let answered = false;
    const held = org.api('/api/chat/chats').then((res) => ((answered = true), res));
    assert.equal((await org.api(`/api/chat/chats/${org.fixtures.chats.bot}/messages`)).status, 200, 'another path');
    /** Until the request log holds `count` requests for the list: each is logged as it arrives. */
    const arrived = async (count) => {
      const listRequests = async () =>
        (await org.control('requests')).json.filter((entry) => entry.path === '/api/chat/chats').length;
      while ((await listRequests()) < count) await new Promise((next) => setImmediate(next));
    };
    await arrived(1);
    assert.equal(answered, false, 'held while hold is on');
    assert.equal((await org.control('faults', { paths: null })).json.hold, true, 'other switches leave it on');
    assert.equal(answered, false);
    await org.control('faults', { hold: false });
    assert.equal((await held).status, 200);

    await org.control('faults', { hold: true });
    const second = org.api('/api/chat/chats?per_page=1');
    await arrived(2);
    await org.control('faults', undefined, 'DELETE');
    assert.equal((await second).status, 200, 'let go by the reset');
    assert.equal((await org.control('faults', { hold: 1 })).status, 400, 'a boolean');
  });

  test('duplicateEvents queues each event twice and redelivers acknowledged events once, a second later', async () => {
    const org = await createOrg(clocked.base);
    await org.control('faults', { duplicateEvents: true });
    await org.control('typing', { chatId: org.fixtures.chats.bot });
    const page = (await org.api('/api/chat/callback-events')).json;
    assert.equal(page.items.length, 2);
    assert.equal(page.items[0].event_guid, page.items[1].event_guid);
    const guid = page.items[0].event_guid;
    assert.deepEqual((await org.api('/api/chat/callback-events/processed', { method: 'POST', body: [guid] })).json, {
      deleted: 1,
    });
    assert.equal((await org.api('/api/chat/callback-events')).json.total, 0);
    clock.advance(999);
    assert.equal((await org.api('/api/chat/callback-events')).json.total, 0, 'not redelivered before a second');
    clock.advance(1);
    const redelivered = (await org.api('/api/chat/callback-events')).json;
    assert.deepEqual(
      redelivered.items.map((/** @type {any} */ e) => e.event_guid),
      [guid],
    );
    assert.equal(redelivered.items[0].timestamp, page.items[0].timestamp);
    await org.api('/api/chat/callback-events/processed', { method: 'POST', body: [guid] });
    clock.advance(60_000);
    assert.equal((await org.api('/api/chat/callback-events')).json.total, 0, 'redelivered once only');
  });

  test('reorderEvents shuffles a page, timestamps unchanged', async () => {
    const org = await createOrg(server.base);
    for (let i = 0; i < 6; i++) await org.control('typing', { chatId: org.fixtures.chats.bot, end: i % 2 === 1 });
    const ordered = (await org.api('/api/chat/callback-events')).json.items;
    await org.control('faults', { reorderEvents: true });
    const shuffled = (await org.api('/api/chat/callback-events')).json.items;
    assert.notDeepEqual(
      shuffled.map((/** @type {any} */ e) => e.event_guid),
      ordered.map((/** @type {any} */ e) => e.event_guid),
    );
    const byGuid = new Map(ordered.map((/** @type {any} */ e) => [e.event_guid, e.timestamp]));
    assert.equal(shuffled.length, ordered.length);
    for (const event of shuffled) assert.equal(event.timestamp, byGuid.get(event.event_guid));
  });

  test('failAck: the next N processed calls answer 500 and delete nothing', async () => {
    const org = await createOrg(server.base);
    await org.control('typing', { chatId: org.fixtures.chats.bot });
    const guid = (await org.api('/api/chat/callback-events')).json.items[0].event_guid;
    await org.control('faults', { failAck: 1 });
    assert.equal((await org.api('/api/chat/callback-events/processed', { method: 'POST', body: [guid] })).status, 500);
    assert.equal((await org.api('/api/chat/callback-events')).json.total, 1);
    assert.deepEqual((await org.api('/api/chat/callback-events/processed', { method: 'POST', body: [guid] })).json, {
      deleted: 1,
    });
  });

  test('expireToken: existing tokens answer 401 expired, a token issued after the switch works', async () => {
    const org = await createOrg(server.base);
    const other = await createOrg(server.base);
    assert.equal((await org.api('/api/chat/chats')).status, 200);
    await org.control('faults', { expireToken: true });
    const rejected = await org.api('/api/chat/chats');
    assert.equal(rejected.status, 401);
    assert.match(rejected.json.message, /expired/i);
    assert.equal((await other.api('/api/chat/chats')).status, 200, 'other organizations unaffected');
    const fresh = (await org.control('token', { expiresInSeconds: 600 })).json;
    assert.equal((await call(server.base, '/api/chat/chats', { token: fresh.token })).status, 200);
    assert.equal((await org.api('/api/chat/chats')).status, 401);
    await org.control('faults', undefined, 'DELETE');
    assert.equal((await org.api('/api/chat/chats')).status, 200);
  });
});

describe('rate limit and CORS', () => {
  test('token bucket per organization answers 429 with Retry-After when exhausted', async () => {
    const org = await createOrg(clocked.base);
    const other = await createOrg(clocked.base);
    await org.control('faults', { rateLimitPerSecond: 2, rateLimitBurst: 3 });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await org.api('/api/chat/chats?per_page=1');
      statuses.push(res.status);
      if (res.status === 429) {
        assert.ok(Number(res.headers.get('retry-after')) >= 1);
        assert.equal(res.json.error, 'Too Many Requests');
      }
    }
    // The clock stands still: a burst of three, then nothing.
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
    assert.equal((await other.api('/api/chat/chats?per_page=1')).status, 200);
    clock.advance(499);
    assert.equal((await org.api('/api/chat/chats?per_page=1')).status, 429, 'less than a token in 499 ms');
    clock.advance(1);
    assert.equal((await org.api('/api/chat/chats?per_page=1')).status, 200, 'the bucket refills, 2 a second');
  });

  test('default limit: a burst of 150 passes at once, then 429 (100/s refill)', async () => {
    const org = await createOrg(clocked.base);
    /** `count` requests, 25 at a time: what matters is that the clock stands still meanwhile. */
    const burst = async (count) => {
      const statuses = [];
      while (statuses.length < count) {
        const batch = Math.min(25, count - statuses.length);
        const answers = await Promise.all(
          Array.from({ length: batch }, () => org.api('/api/chat/callback-events?perPage=1')),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      return statuses;
    };
    const count = (statuses, status) => statuses.filter((each) => each === status).length;
    const first = await burst(200);
    assert.deepEqual([count(first, 200), count(first, 429)], [150, 50], 'a burst of 150, then refused');
    assert.deepEqual(first.slice(0, 150), Array(150).fill(200), 'the first 150 pass');
    clock.advance(1000);
    const second = await burst(101);
    assert.deepEqual([count(second, 200), count(second, 429)], [100, 1], '100 more a second later');
  });

  test('preflight is 204 with the allowed headers; answers expose Retry-After', async () => {
    const res = await fetch(`${server.base}/api/chat/chats`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://example.test');
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      assert.match(res.headers.get('access-control-allow-methods') ?? '', new RegExp(method));
    }
    const org = await createOrg(server.base);
    const get = await org.api('/api/chat/chats?per_page=1', { headers: { Origin: 'http://example.test' } });
    assert.equal(get.headers.get('access-control-allow-origin'), 'http://example.test');
    assert.match(get.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
    const media = await fetch(`${server.base}/media/seed/photo-1.png`, { headers: { Origin: 'http://example.test' } });
    assert.equal(media.headers.get('access-control-allow-origin'), 'http://example.test');
  });
});

describe('slow media', () => {
  test('answers a picture of the asked size after the asked delay, never cached', async () => {
    const started = performance.now();
    const res = await fetch(`${server.base}/media/slow/300/64x48.png`);
    const elapsed = performance.now() - started;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const png = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [64, 48], 'the IHDR width and height');
    assert.ok(elapsed >= 280, `answered after ${elapsed} ms`);
    assert.equal((await fetch(`${server.base}/media/slow/0/0x10.png`)).status, 404);
    assert.equal((await fetch(`${server.base}/media/slow/0/3000x10.png`)).status, 404);
  });
});

describe('held media', () => {
  test('answers a picture of the asked size once its name is let go, and at once after that', async () => {
    const name = `held-${Date.now()}`;
    let answered = false;
    const held = fetch(`${server.base}/media/held/${name}/64x48.png`).then((res) => ((answered = true), res));
    const state = async () => (await call(server.base, `/__control/held-media/${name}`)).json;
    while (!answered && (await state()).waiting === 0) await new Promise((next) => setImmediate(next));
    assert.equal((await call(server.base, '/__control/held-media/another-name', { method: 'POST' })).status, 200);
    assert.deepEqual(await state(), { waiting: 1, released: false }, 'another name let go');
    assert.equal(answered, false, 'held');
    const letGo = await call(server.base, `/__control/held-media/${name}`, { method: 'POST' });
    assert.deepEqual(letGo.json, { waiting: 1 });
    assert.deepEqual(await state(), { waiting: 0, released: true });
    const res = await held;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const png = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [64, 48], 'the IHDR width and height');
    assert.equal((await fetch(`${server.base}/media/held/${name}/64x48.png`)).status, 200, 'let go for good');
    assert.equal((await fetch(`${server.base}/media/held/${name}/0x10.png`)).status, 404);
  });
});
