/**
 * The reference API's request log is read by tests to see what a page sent. A request is logged
 * once its token is read, asynchronously: the log is answered once every request received before
 * the reading is in it (a request that seemed to come after the reading was one received before,
 * logged late: test-hosts/lifecycle.test.js failed on it under load), never waiting for requests
 * that come in meanwhile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestArrivals } from '../demo/server/request-arrivals.js';

/** Whether the promise has settled, after everything already queued ran. */
async function settled(promise) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

test('the log is read at once when every request received is logged', async () => {
  const arrivals = new RequestArrivals();
  assert.equal(await settled(arrivals.logged()), true);
  arrivals.begin().end();
  assert.equal(await settled(arrivals.logged()), true);
});

test('the log waits for the requests received before it is read, not for those received after', async () => {
  const arrivals = new RequestArrivals();
  const first = arrivals.begin();
  const second = arrivals.begin();
  const reading = arrivals.logged();
  const later = arrivals.begin();
  assert.equal(await settled(reading), false, 'two requests received before are not logged yet');
  second.end();
  assert.equal(await settled(reading), false, 'the first is not logged yet');
  first.end();
  assert.equal(await settled(reading), true, 'both are logged; the one received after is not waited for');
  assert.equal(await settled(arrivals.logged()), false, 'a new reading waits for the later one');
  later.end();
  later.end(); // a second end changes nothing
  assert.equal(await settled(arrivals.logged()), true);
});
