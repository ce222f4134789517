import { expect } from '@open-wc/testing';
import { ReactiveElement } from 'lit';
import type { PollerHealth } from '../../../src/core/live/event-poller.js';
import type { ReceivedMessage } from '../../../src/core/live/reduce-event.js';
import {
  LiveUpdatesController,
  type LiveMode,
  type LiveUpdatesOptions,
} from '../../../src/panel/live/live-updates-controller.js';
import { ChatStore } from '../../../src/core/state/chat-store.js';
import {
  apiFor,
  createOrg,
  customerMessage,
  drainQueue,
  eventRequests,
  isAck,
  isPoll,
  lockRequestQueued,
  queuedEvents,
  typing,
  uniqueScope,
  waitFor,
  type TestOrg,
} from '../../core/live/live-helpers.js';
import { FakeClock, runPanelOn } from '../../support/fake-clock.js';
import { settled } from '../../support/waits.js';

/** The smallest host a panel could be: an element that owns the controller. */
class LiveHost extends ReactiveElement {
  live!: LiveUpdatesController;
  readonly store = new ChatStore();
  readonly received: ReceivedMessage[] = [];
  readonly unknown: number[] = [];
  readonly health: PollerHealth[] = [];

  setup(org: TestOrg, overrides: Partial<LiveUpdatesOptions> & { modeValue?: LiveMode; scope?: string | null } = {}) {
    const api = apiFor(org);
    const { modeValue = 'consume', scope = uniqueScope(), ...options } = overrides;
    this.live = new LiveUpdatesController(this, {
      api: () => api,
      store: this.store,
      mode: () => modeValue,
      intervalMs: () => 100,
      scopeKey: () => scope,
      openChatId: () => null,
      onReceived: (list) => this.received.push(...list),
      onUnknownChats: (ids) => this.unknown.push(...ids),
      onHealth: (health) => this.health.push(health),
      ...options,
    });
  }
}
customElements.define('live-test-host', LiveHost);

const containers: HTMLElement[] = [];

/**
 * A container of our own rather than `fixture()`: that waits for an animation frame, which never
 * comes while the runner shows another test page (concurrency 2 leaves this one hidden).
 */
function container(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  containers.push(element);
  return element;
}

/** Creates the host with its controller before connecting it, as the panel does in its constructor. */
async function mount(org: TestOrg, overrides: Parameters<LiveHost['setup']>[1] = {}): Promise<LiveHost> {
  const host = document.createElement('live-test-host') as LiveHost;
  host.setup(org, overrides);
  container().append(host);
  return host;
}

afterEach(() => {
  for (const element of containers.splice(0)) element.remove();
});

async function freshOrg(): Promise<TestOrg> {
  const org = await createOrg();
  await drainQueue(org);
  return org;
}

async function loadChats(host: LiveHost, org: TestOrg): Promise<void> {
  const result = await apiFor(org).listChats({ page: 1, perPage: 50, statuses: [] });
  host.store.dispatch({ type: 'chats-loaded', page: 1, perPage: 50, result });
}

describe('LiveUpdatesController', () => {
  describe('consume', () => {
    it('applies a customer message to the store, reports it and acknowledges it', async () => {
      const org = await freshOrg();
      const host = await mount(org);
      await loadChats(host, org);
      const chatId = host.store.state.order[host.store.state.order.length - 1];
      const unreadBefore = host.store.state.chats.get(chatId)!.unread;

      const sent = await customerMessage(org, { chatId, text: 'live hello' });
      await waitFor(() => host.received.length === 1, 'the message');

      expect(host.received).to.have.length(1);
      expect(host.received[0]).to.deep.include({ chatId, messageId: sent.id, text: 'live hello', media: null });
      expect(host.received[0].from, 'the customer as the event names them').to.be.a('string').and.not.equal('');
      const chat = host.store.state.chats.get(chatId)!;
      expect(chat.lastText).to.equal('live hello');
      expect(chat.unread).to.equal(unreadBefore + 1);
      expect(host.store.state.order[0]).to.equal(chatId);
      await waitFor(async () => (await queuedEvents(org)).length === 0, 'the acknowledgement');
    });

    it('reports messages of chats the list does not hold', async () => {
      const org = await freshOrg();
      const host = await mount(org);

      const sent = await customerMessage(org, { text: 'who are you' });
      await waitFor(() => host.unknown.includes(sent.chatId), 'the unknown chat');
    });

    it('ends a typing indicator by timeout', async () => {
      const org = await freshOrg();
      const host = await mount(org, { typingTimeoutMs: 300 });
      await loadChats(host, org);
      const chatId = host.store.state.order[0];

      await typing(org, chatId);
      await waitFor(() => host.store.state.typing.has(chatId), 'the indicator');
      await waitFor(() => !host.store.state.typing.has(chatId), 'the timeout');
    });

    it('leads in one tab and follows in another, sharing what it polls', async () => {
      const org = await freshOrg();
      const scope = uniqueScope();
      const first = await mount(org, { scope });
      await waitFor(() => first.live.role === 'leader', 'a leader');
      const second = await mount(org, { scope });
      // Its request for the lock is queued behind the leader's: it cannot lead meanwhile.
      await waitFor(async () => await lockRequestQueued(scope), 'the second tab waiting for the lock');
      expect(second.live.role).to.equal('follower');

      const sent = await customerMessage(org, { text: 'for both' });

      await waitFor(() => second.received.some((entry) => entry.messageId === sent.id), 'the follower to apply');
      expect(first.received.map((entry) => entry.messageId)).to.include(sent.id);
      first.remove();
      await waitFor(() => second.live.role === 'leader', 'the follower to take over');
    });
  });

  describe('modes', () => {
    it('does nothing when off', async () => {
      // Its polls would run on a clock the test moves: a minute of them passes at once.
      const clock = new FakeClock(Date.now());
      const restoreClock = runPanelOn(clock);
      try {
        const org = await freshOrg();
        const host = await mount(org, { modeValue: 'off' });
        await customerMessage(org, { text: 'ignored' });

        await clock.advanceAsync(60_000);
        await settled(host);

        expect(host.live.role).to.equal('off');
        expect(clock.pending(), 'timers of its own').to.equal(0);
        expect(await eventRequests(org)).to.deep.equal([]);
      } finally {
        restoreClock();
      }
    });

    it('observes without acknowledging where Web Locks are missing', async () => {
      const org = await freshOrg();
      const host = await mount(org, { locks: null });
      const sent = await customerMessage(org, { text: 'observed' });

      await waitFor(() => host.received.some((entry) => entry.messageId === sent.id), 'the message');
      // Not acknowledged, its events come back with every poll: two more, and it is applied once.
      const polls = (await eventRequests(org)).filter(isPoll).length;
      await waitFor(async () => (await eventRequests(org)).filter(isPoll).length >= polls + 2, 'two more polls');
      await settled(host);

      expect(host.live.role).to.equal('solo');
      expect(host.received).to.have.length(1);
      expect((await eventRequests(org)).some(isAck)).to.equal(false);
    });
  });

  describe('lifecycle', () => {
    it('stops all traffic and timers when the element is removed', async () => {
      // Its polls and retries run on a clock the test moves: what is left on it after the
      // removal would run, and a minute of it passes at once.
      const clock = new FakeClock(Date.now());
      const restoreClock = runPanelOn(clock);
      try {
        const org = await freshOrg();
        const host = await mount(org, { typingTimeoutMs: 5000 });
        await waitFor(async () => {
          await clock.advanceAsync(100);
          return (await eventRequests(org)).filter(isPoll).length >= 2;
        }, 'polling');

        host.remove();
        await settled(host);
        await waitFor(async () => (await eventRequests(org)).every((request) => request.status !== null), 'answered');
        const before = (await eventRequests(org)).length;
        expect(clock.pending(), 'timers left on its clock').to.equal(0);
        await clock.advanceAsync(60_000);
        await settled(host);

        expect(host.live.role).to.equal('off');
        expect((await eventRequests(org)).length).to.equal(before);
      } finally {
        restoreClock();
      }
    });

    it('keeps running when the element is only moved', async () => {
      const org = await freshOrg();
      const host = await mount(org);
      await waitFor(() => host.live.role === 'leader', 'a leader');
      const elsewhere = container();

      elsewhere.append(host);
      await settled(host); // a teardown is decided a microtask after the disconnect

      expect(host.live.role).to.equal('leader');
      const sent = await customerMessage(org, { text: 'still here' });
      await waitFor(() => host.received.some((entry) => entry.messageId === sent.id), 'the message');
    });

    it('catches up at once on visibilitychange and online', async () => {
      const org = await freshOrg();
      const host = await mount(org, { intervalMs: () => 60000 });
      await waitFor(async () => (await eventRequests(org)).some(isPoll), 'the first poll');
      const sent = await customerMessage(org, { text: 'catch up' });

      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => host.received.some((entry) => entry.messageId === sent.id), 'the catch-up');
      const next = await customerMessage(org, { text: 'back online' });
      window.dispatchEvent(new Event('online'));

      await waitFor(() => host.received.some((entry) => entry.messageId === next.id), 'the online catch-up');
    });
  });
});
