/**
 * Glue between the live-updates modules and the panel's lifecycle: starts in `hostConnected`,
 * stops every request, lock, channel, listener and timer on a real disconnect. In `consume`
 * one tab per scope polls and acknowledges (leader election) and shares what it reads; without
 * Web Locks every tab polls in `observe` (never acknowledging, which would starve the others).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { parseCallbackEvents, type CallbackEvent } from '../../core/api/callback-events.js';
import type { ConnectionTrouble } from '../../core/api/api-error.js';
import type { ChatApi } from '../../core/api/chat-api.js';
import type { ChatStore } from '../../core/state/chat-store.js';
import { eventQueue } from '../../core/api/event-queue-api.js';
import { EventPoller, type PollMode, type PollerHealth } from '../../core/live/event-poller.js';
import { GuidMemory } from '../../core/live/guid-memory.js';
import { LeaderElection, leaderElectionSupported } from '../../core/live/leader.js';
import { reduceEvents, type ReceivedMessage } from '../../core/live/reduce-event.js';
import { afterNextPaint } from '../../ui/after-next-paint.js';

export type LiveMode = PollMode | 'off';
/** What this tab does now: polls alone, leads other tabs, follows a leader, or nothing. */
export type LiveRole = 'off' | 'solo' | 'leader' | 'follower';

export interface LiveUpdatesOptions {
  /** The API client, or null while there is no usable session (nothing runs then). */
  api: () => ChatApi | null;
  store: ChatStore;
  mode: () => LiveMode;
  /** The clamped `poll-interval` in ms. */
  intervalMs: () => number;
  /** Secret-free scope of the queue (base URL, organizationId, operatorId); null: no sharing. */
  scopeKey: () => string | null;
  openChatId: () => number | null;
  onReceived: (list: ReceivedMessage[]) => void;
  onUnknownChats: (chatIds: number[]) => void;
  onHealth: (health: PollerHealth) => void;
  typingTimeoutMs?: number;
  /** Tests: null forces the no-Web-Locks path. */
  locks?: LockManager | null;
}

/** How often a visible follower tells a hidden leader it is there. */
const visibleHeartbeatMs = 10000;

type ListenerHost = ReactiveControllerHost & Partial<Pick<HTMLElement, 'isConnected'>>;

export class LiveUpdatesController implements ReactiveController {
  readonly #host: ListenerHost;
  readonly #options: LiveUpdatesOptions;
  readonly #memory = new GuidMemory(5000);
  #memoryScope: string | null = null;
  #poller: EventPoller | null = null;
  #election: LeaderElection | null = null;
  #typingTimer: ReturnType<typeof setTimeout> | null = null;
  #visibleTimer: ReturnType<typeof setTimeout> | null = null;
  #listening = false;
  #active = false;
  /** Leader: why its own polling is retried, to tell followers that join later. */
  #pollingTrouble: ConnectionTrouble | null = null;
  /** Follower: the banner shown on the leader's word, cleared when this tab stops following. */
  #leaderTrouble: ConnectionTrouble | null = null;

  constructor(host: ReactiveControllerHost, options: LiveUpdatesOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get role(): LiveRole {
    if (this.#election) return this.#election.isLeader ? 'leader' : 'follower';
    return this.#poller ? 'solo' : 'off';
  }

  hostConnected(): void {
    this.#active = true;
    if (!this.#listening) this.#listen(true);
    if (!this.#poller && !this.#election) this.#begin();
  }

  hostDisconnected(): void {
    this.#active = false;
    // A move in the DOM disconnects and reconnects at once: only a real removal tears down.
    queueMicrotask(() => {
      if (this.#active && this.#host.isConnected !== false) return;
      this.#active = false;
      this.#end();
      this.#listen(false);
    });
  }

  /** New token, mode, interval or scope: drop what runs and start again, then catch up. */
  restart(): void {
    this.#end();
    if (this.#active) this.#begin();
  }

  /** Poll at once (visible again, network back); a follower asks the leader. */
  catchUp(): void {
    if (this.#poller) this.#poller.pollNow();
    else this.#election?.requestCatchUp();
  }

  #begin(): void {
    const api = this.#options.api();
    const mode = this.#options.mode();
    if (!api || mode === 'off') return;
    const scope = this.#options.scopeKey();
    if (scope !== this.#memoryScope) {
      // Message ids are per organization: another scope must not inherit "already seen".
      this.#memory.clear();
      this.#memoryScope = scope;
    }
    const locks =
      this.#options.locks === undefined ? (leaderElectionSupported() ? navigator.locks : null) : this.#options.locks;
    if (mode === 'consume' && scope !== null && locks) {
      this.#election = new LeaderElection({
        scope,
        locks,
        onLead: () => {
          this.#clearLeaderHealth();
          this.#startPoller(api, 'consume');
        },
        onResign: () => this.#stopPoller(),
        onItems: (items) => this.#apply(parseCallbackEvents(items).events),
        onCatchUpRequest: () => this.#poller?.pollNow(),
        onLeaderHealth: (trouble) => {
          this.#leaderTrouble = trouble;
          this.#options.onHealth({ trouble, error: null });
        },
        onFollowerSeen: () => {
          if (this.#pollingTrouble) this.#election?.shareHealth(this.#pollingTrouble);
        },
      });
      this.#election.start();
      this.#announceVisibility();
      return;
    }
    // No way to elect one consumer: acknowledging from every tab would make tabs steal events.
    this.#startPoller(api, 'observe');
  }

  #end(): void {
    this.#election?.stop();
    this.#election = null;
    this.#clearLeaderHealth();
    this.#stopPoller();
    if (this.#typingTimer !== null) clearTimeout(this.#typingTimer);
    this.#typingTimer = null;
    if (this.#visibleTimer !== null) clearTimeout(this.#visibleTimer);
    this.#visibleTimer = null;
  }

  /**
   * A visible follower says so every few seconds, so a leader in a hidden tab keeps the visible
   * pace: the operator looking at a follower tab must not wait for the hidden interval.
   */
  #announceVisibility(): void {
    if (this.#visibleTimer !== null) clearTimeout(this.#visibleTimer);
    this.#visibleTimer = null;
    if (!this.#election) return;
    if (document.visibilityState === 'visible') this.#election.announceVisible();
    this.#visibleTimer = setTimeout(() => this.#announceVisibility(), visibleHeartbeatMs);
  }

  #isHidden(): boolean {
    if (document.visibilityState !== 'hidden') return false;
    return !this.#election?.followerVisibleWithin(visibleHeartbeatMs * 3);
  }

  #startPoller(api: ChatApi, mode: PollMode): void {
    this.#stopPoller();
    this.#poller = new EventPoller({
      api: eventQueue(api),
      mode,
      intervalMs: this.#options.intervalMs(),
      // A busy queue arrives in few large pages: one store update and one render per page.
      perPage: 1000,
      isHidden: () => this.#isHidden(),
      // The page is rendered in this task; the other tabs and the acknowledgement wait for the
      // frame that shows it (a structured clone and a request of 1,000 guids, for a busy queue).
      onEvents: (events, items) => {
        this.#apply(events);
        return afterNextPaint().then(() => this.#election?.shareItems(items));
      },
      onHealth: (health) => {
        this.#pollingTrouble = health.trouble;
        this.#election?.shareHealth(health.trouble);
        this.#options.onHealth(health);
      },
    });
    this.#poller.start();
  }

  #stopPoller(): void {
    this.#poller?.stop();
    this.#poller = null;
    this.#pollingTrouble = null;
  }

  /** This tab no longer follows (it leads, or stopped): drop the banner the leader asked for. */
  #clearLeaderHealth(): void {
    if (!this.#leaderTrouble) return;
    this.#leaderTrouble = null;
    this.#options.onHealth({ trouble: null, error: null });
  }

  #apply(events: CallbackEvent[]): void {
    const { store } = this.#options;
    const result = reduceEvents(events, {
      openChatId: this.#options.openChatId(),
      knownChatIds: new Set(store.state.chats.keys()),
      now: Date.now(),
      typingTimeoutMs: this.#options.typingTimeoutMs,
      dedupe: this.#memory,
    });
    if (result.actions.length > 0) store.dispatch(...result.actions);
    this.#scheduleTypingExpiry();
    if (result.received.length > 0) this.#options.onReceived(result.received);
    if (result.unknownChats.length > 0) this.#options.onUnknownChats(result.unknownChats);
  }

  /** One timer for the earliest typing indicator to end without an end event. */
  #scheduleTypingExpiry(): void {
    if (this.#typingTimer !== null) clearTimeout(this.#typingTimer);
    this.#typingTimer = null;
    const { typing } = this.#options.store.state;
    if (typing.size === 0) return;
    const earliest = Math.min(...[...typing.values()].map((entry) => entry.until));
    this.#typingTimer = setTimeout(
      () => {
        this.#typingTimer = null;
        const now = Date.now();
        const expired = [...this.#options.store.state.typing].filter(([, entry]) => entry.until <= now);
        this.#options.store.dispatch(
          ...expired.map(([chatId]) => ({ type: 'typing-changed' as const, chatId, typing: null })),
        );
        this.#scheduleTypingExpiry();
      },
      Math.max(0, earliest - Date.now()),
    );
  }

  #listen(on: boolean): void {
    this.#listening = on;
    if (on) {
      document.addEventListener('visibilitychange', this.#handleVisibilityChange);
      window.addEventListener('online', this.#handleOnline);
      window.addEventListener('pageshow', this.#handlePageShow);
    } else {
      document.removeEventListener('visibilitychange', this.#handleVisibilityChange);
      window.removeEventListener('online', this.#handleOnline);
      window.removeEventListener('pageshow', this.#handlePageShow);
    }
  }

  readonly #handleVisibilityChange = (): void => {
    // Visible: catch up at once. Hidden: the poller reads the slower interval on its next round.
    if (document.visibilityState === 'visible') this.catchUp();
  };

  readonly #handleOnline = (): void => this.catchUp();

  readonly #handlePageShow = (event: PageTransitionEvent): void => {
    // Back from the back/forward cache: timers were frozen, the lock may have been dropped.
    if (event.persisted) this.restart();
    else this.catchUp();
  };
}
