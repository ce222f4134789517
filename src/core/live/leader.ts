/**
 * One poller per browser per (origin, base URL, organization, operator): tabs hold a Web Lock
 * named after that scope, and the holder leads. The leader posts the raw items it polled on a
 * BroadcastChannel; followers re-parse them (never trusting the channel) and apply them too.
 * When the leader tab closes or its element goes away, the lock frees and the next waiting tab
 * is granted it at once. Nothing on the channel or in the names carries the token.
 */
import type { ConnectionTrouble } from '../api/api-error.js';

export type LeaderRole = 'idle' | 'waiting' | 'leader';

/** What tabs say to each other. Anything else on the channel is dropped. */
export type LeaderMessage =
  | { v: 1; kind: 'events'; items: unknown[] }
  /** A follower became visible or came back online: the leader polls at once. */
  | { v: 1; kind: 'catch-up' }
  /** A follower is visible: a hidden leader keeps the visible pace for it. */
  | { v: 1; kind: 'visible' }
  /** Why the leader's polling is retried, or null: followers show the same banner. */
  | { v: 1; kind: 'health'; trouble: ConnectionTrouble | null };

const troubles: readonly ConnectionTrouble[] = ['offline', 'failing'];

/** Upper bound on items per message: a larger one is not from us. */
const maxItems = 1000;

export function parseLeaderMessage(data: unknown): LeaderMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.v !== 1) return null;
  if (message.kind === 'catch-up') return { v: 1, kind: 'catch-up' };
  if (message.kind === 'visible') return { v: 1, kind: 'visible' };
  if (
    message.kind === 'health' &&
    (message.trouble === null || troubles.includes(message.trouble as ConnectionTrouble))
  )
    return { v: 1, kind: 'health', trouble: message.trouble as ConnectionTrouble | null };
  if (message.kind === 'events' && Array.isArray(message.items) && message.items.length <= maxItems) {
    return { v: 1, kind: 'events', items: message.items };
  }
  return null;
}

export interface LeaderElectionOptions {
  /** Scope key without secrets, e.g. `${baseUrl}|${organizationId}|${operatorId}`. */
  scope: string;
  /** This tab now leads: start the consuming poller. */
  onLead: () => void;
  /** This tab no longer leads (stopped): stop the poller. */
  onResign?: () => void;
  /** Items the leader polled, for a follower to parse and apply. */
  onItems: (items: unknown[]) => void;
  /** A follower asks the leader to poll now. */
  onCatchUpRequest?: () => void;
  /** Follower: why the leader's polling is retried (network or 5xx), or null. */
  onLeaderHealth?: (trouble: ConnectionTrouble | null) => void;
  /** Leader: a follower spoke (joined, visible, catching up), e.g. to tell it the current health. */
  onFollowerSeen?: () => void;
  /** Injectable for tests; default `navigator.locks` (null when missing). */
  locks?: LockManager | null;
  createChannel?: (name: string) => BroadcastChannel;
}

/** The Web Locks API and BroadcastChannel both exist: one tab may consume for all. */
export function leaderElectionSupported(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.locks && typeof BroadcastChannel === 'function';
}

export class LeaderElection {
  readonly #options: LeaderElectionOptions;
  readonly #name: string;
  #channel: BroadcastChannel | null = null;
  #abort: AbortController | null = null;
  #release: (() => void) | null = null;
  #currentRole: LeaderRole = 'idle';
  #followerSeenAt = -Infinity;

  constructor(options: LeaderElectionOptions) {
    this.#options = options;
    // The origin is implied (locks and channels are per origin); the scope separates the rest.
    this.#name = `operator-chat-panel:live:${options.scope}`;
  }

  get role(): LeaderRole {
    return this.#currentRole;
  }

  get isLeader(): boolean {
    return this.#currentRole === 'leader';
  }

  /** Joins the election: leads now if no tab does, else waits for the lock. */
  start(): void {
    if (this.#abort) return;
    const locks = this.#options.locks === undefined ? (navigator.locks ?? null) : this.#options.locks;
    if (!locks) throw new Error('LeaderElection needs the Web Locks API; poll in observe mode instead');
    const abort = new AbortController();
    this.#abort = abort;
    this.#channel = (this.#options.createChannel ?? ((name) => new BroadcastChannel(name)))(this.#name);
    this.#channel.onmessage = (event: MessageEvent) => this.#handleChannelMessage(event.data);
    this.#currentRole = 'waiting';
    locks
      .request(this.#name, { mode: 'exclusive', signal: abort.signal }, () => {
        if (abort.signal.aborted) return undefined;
        this.#currentRole = 'leader';
        // Held until stop(): the promise resolves only then, which frees the lock.
        const held = new Promise<void>((resolve) => {
          this.#release = resolve;
        });
        this.#options.onLead();
        return held;
      })
      .catch(() => {
        // Aborted while waiting (stop()): nothing to undo.
      });
  }

  /** Leaves the election: frees the lock (another tab takes over) and closes the channel. */
  stop(): void {
    if (!this.#abort) return;
    const wasLeader = this.#currentRole === 'leader';
    this.#abort.abort();
    this.#abort = null;
    this.#currentRole = 'idle';
    this.#release?.();
    this.#release = null;
    if (this.#channel) {
      this.#channel.onmessage = null;
      this.#channel.close();
      this.#channel = null;
    }
    if (wasLeader) this.#options.onResign?.();
  }

  /** Leader: shares a polled page with the other tabs. */
  shareItems(items: readonly unknown[]): void {
    if (!this.isLeader || !this.#channel || items.length === 0) return;
    for (let start = 0; start < items.length; start += maxItems) {
      this.#post({ v: 1, kind: 'events', items: items.slice(start, start + maxItems) });
    }
  }

  /** Leader: tells the followers whether polling reaches the service. */
  shareHealth(trouble: ConnectionTrouble | null): void {
    if (this.isLeader) this.#post({ v: 1, kind: 'health', trouble });
  }

  /** Follower: asks the leader for an immediate poll. The leader polls itself directly. */
  requestCatchUp(): void {
    if (this.#currentRole === 'waiting') this.#post({ v: 1, kind: 'catch-up' });
  }

  /** Follower: tells the leader that a tab is on screen (send every few seconds while visible). */
  announceVisible(): void {
    if (this.#currentRole === 'waiting') this.#post({ v: 1, kind: 'visible' });
  }

  /** Leader: whether a follower said it was visible (or asked to catch up) within `windowMs`. */
  followerVisibleWithin(windowMs: number, now = Date.now()): boolean {
    return now - this.#followerSeenAt <= windowMs;
  }

  #post(message: LeaderMessage): void {
    try {
      this.#channel?.postMessage(message);
    } catch {
      // An item that cannot be cloned: the other tabs catch up by reconciliation.
    }
  }

  #handleChannelMessage(data: unknown): void {
    const message = parseLeaderMessage(data);
    if (!message) return;
    if (message.kind === 'events') {
      if (!this.isLeader) this.#options.onItems(message.items);
      return;
    }
    if (message.kind === 'health') {
      if (!this.isLeader) this.#options.onLeaderHealth?.(message.trouble);
      return;
    }
    if (!this.isLeader) return;
    this.#followerSeenAt = Date.now();
    if (message.kind === 'catch-up') this.#options.onCatchUpRequest?.();
    this.#options.onFollowerSeen?.();
  }
}
