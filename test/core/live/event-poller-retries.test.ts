/**
 * The event queue loop through the real client, against the reference chat API on this origin:
 * the client's one retry policy repeats a poll (its waits on a fake clock the test moves), and the
 * loop turns each retry into health and nothing more.
 */
import { expect } from '@open-wc/testing';
import { ChatApi } from '../../../src/core/api/chat-api.js';
import { eventQueue } from '../../../src/core/api/event-queue-api.js';
import { EventPoller } from '../../../src/core/live/event-poller.js';
import { FakeClock } from '../../support/fake-clock.js';
import { expectDoublingWaits } from '../../support/retry-waits.js';
import {
  eventRequests,
  freshOrg,
  isPoll,
  sendCustomerMessages,
  setFaults,
  Sink,
  waitFor,
  type TestOrg,
} from './live-helpers.js';

const pollers: EventPoller[] = [];

afterEach(() => {
  for (const created of pollers.splice(0)) created.stop();
});

describe('EventPoller', () => {
  describe('through the client, on a clock the test moves (the waits between retries are the subject)', () => {
    /** A poller reading `org`'s queue through a client whose waits run on `clock`; no interval passes in a test. */
    function throughClient(org: TestOrg, clock: FakeClock, sink: Sink): EventPoller {
      const api = new ChatApi({ baseUrl: location.origin, getToken: () => org.token, clock });
      const created = new EventPoller({
        api: eventQueue(api),
        mode: 'consume',
        intervalMs: 600_000,
        onEvents: sink.onEvents,
        onHealth: sink.onHealth,
      });
      pollers.push(created);
      return created;
    }

    const polls = async (org: TestOrg) => (await eventRequests(org)).filter(isPoll);

    for (const retryAfter of [null, 1, 5]) {
      it(`holds six 429s in a row to doubling waits, ${retryAfter === null ? 'without Retry-After' : `Retry-After ${retryAfter} s`}, then reads the page`, async () => {
        const org = await freshOrg();
        const sink = new Sink();
        const ids = await sendCustomerMessages(org, 1);
        await setFaults(org, { fail429: 6, retryAfter, paths: '^/api/chat/callback-events$' });
        const clock = new FakeClock();

        throughClient(org, clock, sink).start();
        await clock.passWaitsUntil(() => sink.received.length > 0);

        expect(sink.received).to.deep.equal(ids);
        expect((await polls(org)).map((entry) => entry.status)).to.deep.equal([429, 429, 429, 429, 429, 429, 200]);
        expectDoublingWaits(clock.waits, retryAfter === null ? 0 : retryAfter * 1000);
        // A 429 is waited out: reported, but no banner (contract §5 shows one for network errors and 5xx).
        expect(sink.health.map((health) => [health.trouble, health.error?.code ?? null])).to.deep.equal([
          [null, 'rate-limited'],
          [null, null],
        ]);
      });
    }

    it('keeps a 429’s wait when told to catch up, and cuts a 5xx’s wait short', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { fail429: 1, retryAfter: 20, paths: '^/api/chat/callback-events$' });
      const clock = new FakeClock();
      const running = throughClient(org, clock, sink);
      running.start();
      await waitFor(() => clock.pending() > 0, 'the wait after the 429');
      expect(clock.untilNext()).to.equal(20_000);

      running.pollNow();
      await clock.advanceAsync(19_999);
      expect((await polls(org)).map((entry) => entry.status)).to.deep.equal([429]);
      await clock.advanceAsync(1);
      // The catch-up asked for during the wait is one more poll once the page is in.
      await waitFor(async () => (await polls(org)).length === 3, 'the page and the catch-up');
      expect((await polls(org)).map((entry) => entry.status)).to.deep.equal([429, 200, 200]);

      await setFaults(org, { fail500: 1, paths: '^/api/chat/callback-events$' });
      running.pollNow();
      await waitFor(() => sink.health.at(-1)?.trouble === 'failing', 'the 5xx');
      expect(clock.untilNext()).to.be.at.least(500);
      running.pollNow();
      await waitFor(() => sink.health.at(-1)?.error === null, 'the poll retried at once');
      await waitFor(async () => (await polls(org)).length === 6, 'the catch-up');
      expect((await polls(org)).map((entry) => entry.status)).to.deep.equal([429, 200, 200, 500, 200, 200]);
    });
  });
});
