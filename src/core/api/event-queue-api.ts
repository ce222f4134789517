/**
 * The event queue's two endpoints (spec §4.5): a page of the organization's callback events, and
 * acknowledging them (which deletes them). Only live updates call them, so they travel in that
 * chunk and go through the same client (`ChatApi`): the token only in `Authorization`, only to
 * `baseUrl`, nothing sent without a usable token.
 */
import { ApiError } from './api-error.js';
import type { ChatApi } from './chat-api.js';
import type { RetryListener } from './retry-policy.js';

export interface EventQueue {
  /**
   * One page of the organization's event queue (camelCase `perPage` here), asked until it is
   * answered: through 429s, network errors and 5xx, each retry told to `onRetry` first.
   */
  pollEvents(
    perPage: number,
    signal?: AbortSignal,
    onRetry?: RetryListener,
  ): Promise<{ total: number; items: unknown[] }>;
  /** Repeated after a 429 only; any other failure reaches the caller (the events come back). */
  acknowledgeEvents(eventGuids: readonly string[], signal?: AbortSignal): Promise<void>;
  /** The network is back or the page is seen again: a poll waiting after a network error or a 5xx goes now. */
  retryNow(): void;
}

/** The event queue of the service `api` talks to. */
export function eventQueue(api: ChatApi): EventQueue {
  return {
    async pollEvents(perPage, signal, onRetry) {
      const path = `/api/chat/callback-events?page=1&perPage=${perPage}`;
      const answer = await api.request('GET', path, undefined, signal, { repeat: 'until-answered', onRetry });
      if (!answer || typeof answer !== 'object' || !Array.isArray((answer as { items?: unknown }).items)) {
        throw new ApiError('malformed', 'Unexpected answer from the chat API: the event page has no items');
      }
      const { total, items } = answer as { total?: unknown; items: unknown[] };
      return { total: typeof total === 'number' ? total : items.length, items };
    },
    async acknowledgeEvents(eventGuids, signal) {
      if (eventGuids.length === 0) return;
      await api.request('POST', '/api/chat/callback-events/processed', eventGuids, signal);
    },
    retryNow: () => api.retries.retryNow(),
  };
}
