/**
 * The panel's box: its header, its banners' strip and its panes (the chat list beside the open
 * chat). The element's render draws it (operator-chat-panel.ts), and so does the script tag's
 * first screen before the panel's code is in (boot/first-screen.ts): the same templates, so that
 * the panel's first render updates what the first screen drew in place. Rows keep their elements
 * and their places; nothing is drawn twice.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '../i18n/msg.js';
import { unreadMessagesLabel } from '../i18n/counts.js';
import type { Chat } from '../core/api/chat-wire.js';
import type { ListFilter } from '../core/state/store-state.js';
import type { DraftPreview } from '../core/state/selectors.js';
import type { ListSelectDetail } from '../chat-list/chat-list.js';
import type { FilterPatch } from '../chat-list/list-filters.js';
import '../chat-list/chat-list.js';

type Part = TemplateResult | typeof nothing;

/** What `<ocp-chat-list>` shows, and where it tells what the operator asked for. */
export interface ChatListView {
  chats: readonly Chat[];
  activeChatId: number | null;
  total: number;
  hasMore: boolean;
  loading: boolean;
  filter: ListFilter;
  mineAvailable: boolean;
  locale: string;
  disabled: boolean;
  drafts: ReadonlyMap<number, DraftPreview>;
  failed: ReadonlySet<number>;
  waitAlertMinutes: number;
  select(detail: ListSelectDetail): void;
  more(): void;
  changeFilter(patch: FilterPatch): void;
  clearFilters(): void;
}

export interface PanelFrame {
  /** The language shown (the panel box's `lang`). */
  locale: string;
  /** A chat is open: the narrow layout shows it in place of the list. */
  chatOpen: boolean;
  /** The operator's unread total for the header's badge; null or 0: none. */
  unreadTotal: number | null;
  /** The header's controls after the title and the badge (the notify bell, the popup's close). */
  headerEnd: Part;
  banners: Part;
  /** The list and the open chat; nothing while the panel has no list to show. */
  panes: Part;
}

/** The whole of the panel's shadow root: what it shows, and what it says to screen readers. */
export function renderRoot(main: Part, spoken: Part): TemplateResult {
  return html`${main}${spoken}`;
}

export function renderPanel(frame: PanelFrame): TemplateResult {
  return html`<div class="panel ${frame.chatOpen ? 'panel--chat-open' : ''}" part="panel" lang=${frame.locale}>
    <header class="panel__header" part="header">
      <span class="panel__title">${msg('Chats')}</span>
      ${
        frame.unreadTotal
          ? html`<span class="panel__unread" part="unread-badge" aria-label=${unreadMessagesLabel(frame.unreadTotal)}>${frame.unreadTotal}</span>`
          : nothing
      }
      ${frame.headerEnd}
    </header>
    <div class="panel__body">${frame.banners}${frame.panes}</div>
  </div>`;
}

/** What the open chat asks of the panes around it. */
export interface ConversationCalls {
  /** The narrow layout's way back from a chat to the list. */
  back(): void;
  /** The open chat was deleted; `next` is the chat whose row takes the focus, if any. */
  deleted(next: number | null): void;
}

/** The chat list and the open chat. `paused`: the session expired, what is shown stays, dimmed. */
export function renderPanes(
  list: ChatListView,
  conversation: Part,
  paused: boolean,
  calls: ConversationCalls,
): TemplateResult {
  return html`<div class="panel__panes ${paused ? 'panel__panes--paused' : ''}" @ocp-conv-back=${() => calls.back()}
    @ocp-conv-deleted=${(event: CustomEvent<{ next: number | null }>) => calls.deleted(event.detail.next)}>
    <ocp-chat-list
      class="panel__list"
      .chats=${list.chats}
      .activeChatId=${list.activeChatId}
      .total=${list.total}
      .hasMore=${list.hasMore}
      .loading=${list.loading}
      .filter=${list.filter}
      .mineAvailable=${list.mineAvailable}
      .locale=${list.locale}
      .disabled=${list.disabled}
      .drafts=${list.drafts}
      .failed=${list.failed}
      .waitAlertMinutes=${list.waitAlertMinutes}
      @ocp-list-select=${(event: CustomEvent<ListSelectDetail>) => list.select(event.detail)}
      @ocp-list-more=${() => list.more()}
      @ocp-list-filter=${(event: CustomEvent<FilterPatch>) => list.changeFilter(event.detail)}
      @ocp-list-clear-filters=${() => list.clearFilters()}
    ></ocp-chat-list>
    ${conversation}
  </div>`;
}
