import { expect } from '@open-wc/testing';
import type { CallbackEvent } from '../../../src/core/api/callback-events.js';
import { parseCallbackEvents } from '../../../src/core/api/callback-events.js';
import { EventPoller } from '../../../src/core/live/event-poller.js';
import { LeaderElection, parseLeaderMessage, type LeaderElectionOptions } from '../../../src/core/live/leader.js';
import {
  queueFor,
  createOrg,
  customerMessage,
  drainQueue,
  eventRequests,
  isPoll,
  lockRequestQueued,
  uniqueScope,
  waitFor,
  type TestOrg,
} from './live-helpers.js';

const elections: LeaderElection[] = [];

/** One simulated tab: an election plus what it saw. */
function tab(scope: string, overrides: Partial<LeaderElectionOptions> = {}) {
  const seen = { leads: 0, resigns: 0, items: [] as unknown[], catchUps: 0 };
  const election = new LeaderElection({
    scope,
    onLead: () => (seen.leads += 1),
    onResign: () => (seen.resigns += 1),
    onItems: (items) => seen.items.push(...items),
    onCatchUpRequest: () => (seen.catchUps += 1),
    ...overrides,
  });
  elections.push(election);
  return { election, seen };
}

afterEach(() => {
  for (const election of elections.splice(0)) election.stop();
});

describe('LeaderElection', () => {
  describe('election', () => {
    it('makes exactly one of two tabs the leader', async () => {
      const scope = uniqueScope();
      const first = tab(scope);
      const second = tab(scope);

      first.election.start();
      second.election.start();
      await waitFor(() => first.seen.leads + second.seen.leads > 0, 'a leader');
      // The other's request for the lock is queued behind the leader's: it cannot lead meanwhile.
      await waitFor(async () => await lockRequestQueued(scope), 'the other tab waiting for the lock');

      expect(first.seen.leads + second.seen.leads).to.equal(1);
      expect([first.election.role, second.election.role].sort()).to.deep.equal(['leader', 'waiting']);
    });

    it('hands over to the waiting tab when the leader stops', async () => {
      const scope = uniqueScope();
      const first = tab(scope);
      const second = tab(scope);
      first.election.start();
      await waitFor(() => first.election.isLeader, 'the first tab to lead');
      second.election.start();
      await waitFor(async () => await lockRequestQueued(scope), 'the second tab waiting for the lock');
      expect(second.election.isLeader).to.equal(false);

      first.election.stop();
      await waitFor(() => second.election.isLeader, 'the second tab to take over');

      expect(first.seen.resigns).to.equal(1);
      expect(second.seen.leads).to.equal(1);
    });

    it('keeps different scopes apart', async () => {
      const first = tab(uniqueScope());
      const second = tab(uniqueScope());

      first.election.start();
      second.election.start();

      await waitFor(() => first.election.isLeader && second.election.isLeader, 'both to lead');
    });

    it('refuses to run without Web Locks', () => {
      const { election } = tab(uniqueScope(), { locks: null });
      expect(() => election.start()).to.throw(/Web Locks/);
    });
  });

  describe('the channel', () => {
    it('shares the leader’s items with followers, not back to the leader', async () => {
      const scope = uniqueScope();
      const leader = tab(scope);
      const follower = tab(scope);
      leader.election.start();
      await waitFor(() => leader.election.isLeader, 'a leader');
      follower.election.start();

      leader.election.shareItems([{ event_guid: 'g1', callback_type: '5', id: 1, status: 2 }]);
      await waitFor(() => follower.seen.items.length === 1, 'the follower to receive');

      expect(parseCallbackEvents(follower.seen.items).events[0]).to.deep.include({
        kind: 'chat-status',
        chatId: 1,
        status: 2,
      });
      expect(leader.seen.items).to.deep.equal([]);
    });

    it('drops messages of the wrong shape', async () => {
      const scope = uniqueScope();
      const follower = tab(scope);
      const leader = tab(scope);
      leader.election.start();
      await waitFor(() => leader.election.isLeader, 'a leader');
      follower.election.start();
      const intruder = new BroadcastChannel(`operator-chat-panel:live:${scope}`);

      for (const junk of [
        null,
        'x',
        { v: 2, kind: 'events', items: [] },
        { v: 1, kind: 'events', items: 'no' },
        { v: 1, kind: 'x' },
      ]) {
        intruder.postMessage(junk);
      }
      intruder.postMessage({ v: 1, kind: 'events', items: [{ ok: true }] });
      await waitFor(() => follower.seen.items.length > 0, 'the valid message');
      intruder.close();

      expect(follower.seen.items).to.deep.equal([{ ok: true }]);
      expect(parseLeaderMessage({ v: 1, kind: 'events', items: new Array(1001).fill(0) })).to.equal(null);
    });

    it('forwards a follower’s catch-up request to the leader', async () => {
      const scope = uniqueScope();
      const leader = tab(scope);
      const follower = tab(scope);
      leader.election.start();
      await waitFor(() => leader.election.isLeader, 'a leader');
      follower.election.start();

      follower.election.requestCatchUp();

      await waitFor(() => leader.seen.catchUps === 1, 'the catch-up request');
    });

    it('lets a hidden leader know that a follower is visible', async () => {
      const scope = uniqueScope();
      const leader = tab(scope);
      const follower = tab(scope);
      leader.election.start();
      await waitFor(() => leader.election.isLeader, 'a leader');
      follower.election.start();
      expect(leader.election.followerVisibleWithin(1000)).to.equal(false);

      follower.election.announceVisible();

      await waitFor(() => leader.election.followerVisibleWithin(1000), 'the visibility note');
      expect(leader.seen.catchUps).to.equal(0);
    });
  });

  describe('with the chat API', () => {
    /** A tab that polls while it leads and applies what it polls or hears. */
    function pollingTab(org: TestOrg, scope: string) {
      const applied: CallbackEvent[] = [];
      let poller: EventPoller | null = null;
      const { election, seen } = tab(scope, {
        onLead: () => {
          poller = new EventPoller({
            api: queueFor(org),
            mode: 'consume',
            intervalMs: 100,
            onEvents: (events, items) => {
              applied.push(...events);
              election.shareItems(items);
            },
          });
          poller.start();
        },
        onResign: () => poller?.stop(),
        onItems: (items) => applied.push(...parseCallbackEvents(items).events),
      });
      return { election, seen, applied, polling: () => poller?.running ?? false };
    }

    it('polls from one tab only, shares with the other, and fails over', async function () {
      const org = await createOrg();
      await drainQueue(org);
      const scope = uniqueScope();
      const first = pollingTab(org, scope);
      const second = pollingTab(org, scope);
      first.election.start();
      await waitFor(() => first.polling(), 'the first tab to poll');
      second.election.start();

      const one = await customerMessage(org, { text: 'one' });
      await waitFor(
        () => second.applied.some((event) => event.kind === 'message' && event.message.id === one.id),
        'sharing',
      );
      expect(second.polling()).to.equal(false);
      expect(first.applied.filter((event) => event.kind === 'message')).to.have.length(2); // as 3 and as 11

      first.election.stop();
      await waitFor(() => second.polling(), 'the second tab to take over');
      const pollsBefore = (await eventRequests(org)).filter(isPoll).length;
      const two = await customerMessage(org, { text: 'two' });
      await waitFor(
        () => second.applied.some((event) => event.kind === 'message' && event.message.id === two.id),
        'the new leader to poll',
      );

      expect((await eventRequests(org)).filter(isPoll).length).to.be.greaterThan(pollsBefore);
      expect(first.applied.some((event) => event.kind === 'message' && event.message.id === two.id)).to.equal(false);
    });
  });
});
