import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/core/api/api-error.js';
import { EventPoller, type EventPollerOptions, type PollerHealth } from '../../../src/core/live/event-poller.js';
import {
  queueFor,
  createdMessages,
  customerMessage,
  delay,
  eventRequests,
  freshOrg,
  isAck,
  isPoll,
  queuedEvents,
  sendCustomerMessages,
  setFaults,
  Sink,
  waitFor,
  type TestOrg,
} from './live-helpers.js';
import { FakeClock } from '../../support/fake-clock.js';
import { droppedGets } from '../../support/reference-api.js';

const pollers: EventPoller[] = [];

function poller(org: TestOrg, sink: Sink, options: Partial<EventPollerOptions> = {}): EventPoller {
  const created = new EventPoller({
    api: queueFor(org),
    mode: 'consume',
    intervalMs: 100,
    perPage: 50,
    onEvents: sink.onEvents,
    onHealth: sink.onHealth,
    ...options,
  });
  pollers.push(created);
  return created;
}

/** A page of `count` status events whose guids come back the same every time. */
const fullPage = (count: number) => ({
  total: count,
  items: Array.from({ length: count }, (_, index) => ({
    event_guid: `same-${index}`,
    callback_type: '5',
    id: 1,
    status: 1,
  })),
});

afterEach(() => {
  for (const created of pollers.splice(0)) created.stop();
});

describe('EventPoller', () => {
  describe('consume', () => {
    it('applies the page, then acknowledges it, which empties the queue', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const ids = await sendCustomerMessages(org, 2);

      poller(org, sink).start();

      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the queue to empty');
      expect([...sink.added.keys()].sort()).to.deep.equal([...ids].sort());
      expect(sink.received.sort()).to.deep.equal([...ids].sort());
      const requests = await eventRequests(org);
      expect(requests.findIndex(isPoll)).to.be.lessThan(requests.findIndex(isAck));
    });

    it('drains a full page by reading page 1 again at once, never page 2', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await sendCustomerMessages(org, 7); // 14 events (3 and 11 each)

      poller(org, sink, { perPage: 3, intervalMs: 60000 }).start();

      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the queue to drain');
      const polls = (await eventRequests(org)).filter(isPoll);
      expect(polls.length).to.be.at.least(5);
      expect(polls.every((entry) => /[?&]page=1(&|$)/.test(entry.search))).to.equal(true);
      expect(sink.added.size).to.equal(7);
    });
  });

  describe('observe', () => {
    it('applies events but never acknowledges, and applies repeats once', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const ids = await sendCustomerMessages(org, 2);

      poller(org, sink, { mode: 'observe', intervalMs: 50 }).start();
      await waitFor(() => sink.pages >= 4, 'four polls');

      expect((await eventRequests(org)).some(isAck)).to.equal(false);
      expect(await queuedEvents(org)).to.have.length(4);
      expect([...sink.added.values()]).to.deep.equal([1, 1]);
      expect(sink.received.sort()).to.deep.equal(ids.sort());
    });
  });

  describe('at-least-once delivery', () => {
    it('applies duplicated, reordered and redelivered events once', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { duplicateEvents: true, reorderEvents: true });
      const ids = await sendCustomerMessages(org, 4);

      poller(org, sink, { intervalMs: 100 }).start();
      // Redelivery comes back a second after the acknowledgement; the queue holds it till then.
      await waitFor(async () => sink.pages >= 2 && (await queuedEvents(org)).length === 0, 'the redelivery consumed');

      expect([...sink.added.keys()].sort()).to.deep.equal([...ids].sort());
      expect([...sink.added.values()].every((count) => count === 1)).to.equal(true);
      expect(sink.received.sort()).to.deep.equal([...ids].sort());
    });

    it('retries a failed acknowledgement and applies nothing twice', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { failAck: 2 });
      const ids = await sendCustomerMessages(org, 3);

      poller(org, sink).start();
      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the queue to empty');

      expect((await eventRequests(org)).filter(isAck).length).to.be.at.least(3);
      expect([...sink.added.values()]).to.deep.equal([1, 1, 1]);
      expect(sink.received.sort()).to.deep.equal([...ids].sort());
    });

    it('does not repeat a failed acknowledgement itself: the page comes back and is acknowledged then', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { failAck: 3 });
      await sendCustomerMessages(org, 1);

      poller(org, sink).start();
      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the queue to empty');

      const requests = (await eventRequests(org)).map((entry) => (isAck(entry) ? `ack ${entry.status}` : 'poll'));
      // Each failed acknowledgement is followed by a poll, never by another acknowledgement.
      expect(requests.slice(0, 8)).to.deep.equal([
        'poll',
        'ack 500',
        'poll',
        'ack 500',
        'poll',
        'ack 500',
        'poll',
        'ack 200',
      ]);
      expect(sink.pages).to.be.at.least(4);
      expect([...sink.added.values()]).to.deep.equal([1]);
    });
  });

  describe('failures', () => {
    it('reports a failing service on 5xx while it lasts (not offline), then healthy', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { fail500: 3, paths: '^/api/chat/callback-events$' });

      poller(org, sink).start();
      await waitFor(() => sink.health.some((health) => health.trouble === null && health.error === null), 'recovery');

      expect(sink.health[0].trouble).to.equal('failing');
      expect(sink.health[0].error?.code).to.equal('server');
      expect(sink.health[sink.health.length - 1]).to.deep.equal({ trouble: null, error: null });
      const polls = (await eventRequests(org)).filter(isPoll);
      expect(polls.map((entry) => entry.status)).to.deep.equal([500, 500, 500, 200]);
    });

    it('reports a dropped connection as offline', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const clock = new FakeClock(Date.now());
      // Some drops the browser resends unseen (droppedGets): the poller hears of the others.
      await setFaults(org, { drop: droppedGets.drops, paths: '^/api/chat/callback-events$' });

      poller(org, sink, { clock }).start();
      await clock.passWaitsUntil(() => sink.health.length >= 2, { what: 'recovery' });

      expect(sink.health[0].error?.code).to.equal('network');
      expect(sink.health[0].trouble).to.equal('offline');
      expect(sink.health[1]).to.deep.equal({ trouble: null, error: null });
    });

    it('stops on a rejected token and reports it', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const clock = new FakeClock(Date.now());
      const rejected = poller(org, sink, { api: queueFor(org, 'not-a-jwt'), clock });

      rejected.start();
      await waitFor(async () => {
        await clock.advanceAsync(0);
        return sink.health.length > 0;
      }, 'the health report');

      expect((sink.health[0].error as ApiError).code).to.equal('unauthorized');
      expect(rejected.running).to.equal(false);
      expect(clock.pending(), 'a poll or a retry still owed').to.equal(0);
      await clock.advanceAsync(3_600_000);
      expect(sink.health).to.have.length(1);
    });
  });

  describe('stop and catch-up', () => {
    it('stop() ends all traffic, including a request in flight', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const clock = new FakeClock(Date.now());
      const running = poller(org, sink, { intervalMs: 100, clock });
      running.start();
      await waitFor(async () => {
        await clock.advanceAsync(100);
        return (await eventRequests(org)).length >= 2;
      }, 'two polls');
      // A poll held by the service: under way when stop() comes.
      await setFaults(org, { hold: true });
      const before = (await eventRequests(org)).length;
      await waitFor(async () => {
        await clock.advanceAsync(100);
        return (await eventRequests(org)).length > before;
      }, 'a poll under way');

      running.stop();
      const underWay = (await eventRequests(org)).length;
      // An hour of its time: a poll or a retry still owed would go.
      expect(clock.pending(), 'a poll or a retry still owed').to.equal(0);
      await clock.advanceAsync(3_600_000);

      expect((await eventRequests(org)).length).to.equal(underWay);
      expect(running.running).to.equal(false);
      await setFaults(org, { hold: false });
    });

    it('pollNow() catches up without waiting for the interval', async () => {
      const org = await freshOrg();
      const sink = new Sink();
      const slow = poller(org, sink, { intervalMs: 60000 });
      slow.start();
      await waitFor(async () => (await eventRequests(org)).some(isPoll), 'the first poll');
      const [id] = await sendCustomerMessages(org, 1);

      slow.pollNow();
      await waitFor(() => sink.received.includes(id), 'the message');

      expect(sink.received).to.deep.equal([id]);
    });
  });

  describe('with a stub API (what the reference server cannot be made to do)', () => {
    it('does not acknowledge a page the caller failed to apply', async () => {
      let acks = 0;
      const stub = {
        pollEvents: async () => fullPage(1),
        acknowledgeEvents: async () => void acks++,
        retryNow: () => undefined,
      };
      const failing = new EventPoller({
        api: stub,
        mode: 'consume',
        intervalMs: 10000,
        onEvents: () => {
          throw new Error('render bug');
        },
      });
      pollers.push(failing);
      const uncaught = new Promise<unknown>((resolve) => {
        window.onerror = (_message, _source, _line, _column, error) => {
          resolve(error);
          return true; // handled: the runner must not count it against the suite
        };
      });

      failing.start();
      const error = await uncaught;
      window.onerror = null;

      expect((error as Error).message).to.equal('render bug');
      expect(acks).to.equal(0);
      expect(failing.running).to.equal(true);
    });
    it('acknowledges a page once the promise the caller returned for it settles', async () => {
      const order: string[] = [];
      let shown!: () => void;
      const stub = {
        pollEvents: async () => fullPage(1),
        acknowledgeEvents: async () => void order.push('acknowledged'),
        retryNow: () => undefined,
      };
      const poller = new EventPoller({
        api: stub,
        mode: 'consume',
        intervalMs: 10000,
        onEvents: () => {
          order.push('applied');
          return new Promise<void>((resolve) => (shown = resolve));
        },
      });
      pollers.push(poller);
      poller.start();
      await waitFor(() => order.length > 0, 'the page applied');
      await delay(50);
      expect(order).to.deep.equal(['applied']);
      order.push('shown');
      shown();
      await waitFor(() => order.includes('acknowledged'), 'the acknowledgement');
      expect(order).to.deep.equal(['applied', 'shown', 'acknowledged']);
    });

    it('acknowledges every guid of the page once, in page order: unknown, malformed and repeated ones too', async () => {
      const acknowledged: string[][] = [];
      const message = { ChatId: 2, MessageId: 7, MessageText: 'hi', Author: 0 };
      const page = {
        total: 5,
        items: [
          { event_guid: 'b', callback_type: '5', id: 1, status: 2, timestamp: '2026-11-28T10:00:02Z' },
          { event_guid: 'a', callback_type: '3', timestamp: '2026-11-28T10:00:01Z', ...message },
          { event_guid: 'unknown-source', callback_type: '12', timestamp: '2026-11-28T10:00:03Z' },
          { event_guid: 'malformed', callback_type: '3', timestamp: '2026-11-28T10:00:04Z' },
          { event_guid: 'a', callback_type: '3', timestamp: '2026-11-28T10:00:01Z', ...message },
          { callback_type: '3', ...message }, // no guid: nothing to acknowledge it with
        ],
      };
      const stub = {
        pollEvents: async () => page,
        acknowledgeEvents: async (guids: string[]) => void acknowledged.push(guids),
        retryNow: () => undefined,
      };
      const running = new EventPoller({ api: stub, mode: 'consume', intervalMs: 10000, onEvents: () => undefined });
      pollers.push(running);
      running.start();
      await waitFor(() => acknowledged.length > 0, 'the acknowledgement');
      expect(acknowledged[0]).to.deep.equal(['b', 'a', 'unknown-source', 'malformed']);
    });
  });

  describe('on a clock the test moves (time is the subject)', () => {
    const emptyPage = { total: 0, items: [] };

    /** A poller on a stub API and a fake clock; `pollTimes` says when (clock ms from the start) each poll went. */
    function clocked(options: Partial<EventPollerOptions>, pollEvents: () => Promise<unknown>) {
      const clock = new FakeClock();
      const start = clock.now();
      const pollTimes: number[] = [];
      let retriesNow = 0;
      const stubbed = new EventPoller({
        api: {
          pollEvents: async () => {
            pollTimes.push(clock.now() - start);
            return (await pollEvents()) as Awaited<ReturnType<EventPollerOptions['api']['pollEvents']>>;
          },
          acknowledgeEvents: async () => undefined,
          retryNow: () => void retriesNow++,
        },
        mode: 'consume',
        intervalMs: 3000,
        onEvents: () => undefined,
        clock,
        ...options,
      });
      pollers.push(stubbed);
      return { clock, pollTimes, poller: stubbed, retriesNow: () => retriesNow };
    }

    it('polls once per interval while the page is visible', async () => {
      const { clock, pollTimes, poller: running } = clocked({}, async () => emptyPage);
      running.start();
      await clock.advanceAsync(8999);
      expect(pollTimes).to.deep.equal([0, 3000, 6000]);
      await clock.advanceAsync(1);
      expect(pollTimes).to.deep.equal([0, 3000, 6000, 9000]);
    });

    it('polls at the hidden interval while the page is hidden, five intervals or 30 s by default', async () => {
      let hidden = true;
      const { clock, pollTimes, poller: running } = clocked({ isHidden: () => hidden }, async () => emptyPage);
      running.start();
      await clock.advanceAsync(30_000);
      expect(pollTimes).to.deep.equal([0, 30_000]);

      const given = clocked(
        { intervalMs: 10_000, hiddenIntervalMs: 60_000, isHidden: () => true },
        async () => emptyPage,
      );
      given.poller.start();
      await given.clock.advanceAsync(119_999);
      expect(given.pollTimes).to.deep.equal([0, 60_000]);

      // Shown again: the next wait is the visible interval, and pollNow() catches up at once.
      hidden = false;
      running.pollNow();
      await clock.advanceAsync(0);
      expect(pollTimes).to.deep.equal([0, 30_000, 30_000]);
      await clock.advanceAsync(3000);
      expect(pollTimes).to.deep.equal([0, 30_000, 30_000, 33_000]);
    });

    it('does not spin when acknowledged events keep coming back', async () => {
      const {
        clock,
        pollTimes,
        poller: running,
      } = clocked({ intervalMs: 10_000, perPage: 3 }, async () => fullPage(3));
      running.start();
      // A full page acknowledged is read again at once; the same guids again wait the interval.
      await clock.advanceAsync(9999);
      expect(pollTimes).to.deep.equal([0, 0]);
      await clock.advanceAsync(1);
      expect(pollTimes).to.deep.equal([0, 0, 10_000]);
    });

    it('polls at the interval after a failure the client does not repeat, and says so without a banner', async () => {
      let malformed = true;
      const health: PollerHealth[] = [];
      const {
        clock,
        pollTimes,
        poller: running,
      } = clocked({ onHealth: (report) => health.push(report) }, async () => {
        if (!malformed) return emptyPage;
        malformed = false;
        throw new ApiError('malformed', 'Unexpected answer from the chat API: the event page has no items');
      });
      running.start();
      await clock.advanceAsync(6000);
      expect(pollTimes).to.deep.equal([0, 3000, 6000]);
      expect(health.map((report) => [report.trouble, report.error?.code ?? null])).to.deep.equal([
        [null, 'malformed'],
        [null, null],
      ]);
    });

    it('asks the client to retry at once when told to catch up while a poll is out, then polls again at once', async () => {
      let answer!: (page: typeof emptyPage) => void;
      const {
        clock,
        pollTimes,
        poller: running,
        retriesNow,
      } = clocked({}, () => new Promise((resolve) => (answer = resolve)));
      running.start();
      await clock.advanceAsync(0);
      expect(pollTimes).to.deep.equal([0]);

      running.pollNow();
      expect(retriesNow()).to.equal(1);
      answer(emptyPage);
      await clock.advanceAsync(0);
      expect(pollTimes).to.deep.equal([0, 0]);
    });
  });

  describe('the whole run', () => {
    it('shows every created customer message exactly once under mixed faults', async function () {
      const org = await freshOrg();
      const sink = new Sink();
      await setFaults(org, { duplicateEvents: true, reorderEvents: true, failAck: 2, fail500: 1, drop: 1 });
      poller(org, sink, { perPage: 5, intervalMs: 80 }).start();

      for (let index = 0; index < 12; index++) {
        await customerMessage(org, { text: `mixed ${index}` });
        await delay(60); // customers write one after another, between the polls
      }
      // Redeliveries come back a second after their acknowledgement; the queue holds them till then.
      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the queue to empty');

      const created = (await createdMessages(org)).map((message) => message.id).sort();
      expect(created).to.have.length(12);
      expect(sink.received.slice().sort()).to.deep.equal(created);
      expect([...sink.added.values()].every((count) => count === 1)).to.equal(true);
    });
  });
});
