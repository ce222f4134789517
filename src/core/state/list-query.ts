/**
 * What the chat list asks the service for, from the operator's filter: the panel's reads
 * (panel/chat-data.ts) and the script tag's early ones (boot/early-answers.ts) both build their
 * questions here, so that the panel finds its own question among those asked early.
 */
import type { ChatListQuery } from '../api/chat-requests.js';
import { hasTriage, type ListTriage } from './list-triage.js';
import type { ListFilter } from './store-state.js';

/** The channel, account and statuses the page's attributes give the list (`source`, `entity-id`, `status`). */
export interface ListRestriction {
  readonly statuses: readonly number[];
  readonly source: number | null;
  readonly entityId: number | null;
}

/**
 * The filter a session starts with: the page's restriction, and the triage the operator left on
 * (kept per operator); Mine only for a token that names an operator, and the operator's channel
 * only where the page fixes none.
 */
export function startingFilter(
  restriction: ListRestriction,
  triage: ListTriage,
  operatorId: string | null,
  search = '',
): ListFilter {
  return {
    statuses: restriction.statuses,
    search,
    source: restriction.source,
    entityId: restriction.entityId,
    ...triage,
    mine: triage.mine && operatorId !== null,
    channel: restriction.source === null ? triage.channel : null,
  };
}

/** Page `page` of the list that `filter` shows. */
export function listQuery(filter: ListFilter, page: number, perPage: number, operatorId: string | null): ChatListQuery {
  // A channel the page fixes wins over the operator's choice (the select is not shown then).
  const source = filter.source ?? filter.channel;
  return {
    page,
    perPage,
    statuses: filter.statuses,
    source: source ?? undefined,
    entityId: filter.source !== null ? (filter.entityId ?? undefined) : undefined,
    search: filter.search || undefined,
    isUnread: filter.unread || undefined,
    operatorId: filter.mine && operatorId !== null ? operatorId : undefined,
    starred: filter.starred || undefined,
    tagIds: filter.tags.length > 0 ? filter.tags.map((tag) => tag.id) : undefined,
  };
}

/** The list has no search, no triage filter and every status: its unread count is the operator's total. */
export function showsWholeInbox(filter: ListFilter): boolean {
  return filter.search === '' && !hasTriage(filter) && (filter.statuses.length === 0 || filter.statuses.length >= 5);
}

/**
 * The operator's whole inbox (the channel and account the panel is restricted to, every status,
 * no search), one chat a page: its `newMessagesCount` is the header's unread total.
 */
export function unreadTotalQuery(filter: ListFilter): ChatListQuery {
  return {
    page: 1,
    perPage: 1,
    statuses: [],
    source: filter.source ?? undefined,
    entityId: filter.entityId ?? undefined,
  };
}
