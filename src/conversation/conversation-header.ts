/**
 * The open chat's header: back, the customer and their channel, how long they have waited, the
 * status, the full-panel link, the customer details toggle and delete (behind a confirmation).
 * A render function of the conversation element, which passes what it holds.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '../i18n/msg.js';
import type { Chat } from '../core/api/chat-wire.js';
import { channelName, chatStatusLabel } from '../i18n/format.js';
import { renderAvatar } from '../ui/avatar.js';
import { keepTabInDialog } from '../ui/dialog-focus.js';
import { renderWaitTime } from '../ui/wait-time.js';
import { backIcon, externalIcon, personIcon, searchIcon, trashIcon } from './conversation-icons.js';
import { findBarId, findKeyShortcut } from './find/find-key.js';

/** The header's second line: the channel, the customer's phone and the business account. */
function channelLine(chat: Chat): string {
  return [channelName(chat.source), chat.phone, chat.accountName].filter(Boolean).join(' · ');
}

export interface ConversationHeaderView {
  chatId: number | null;
  chat: Chat | null;
  chatUnknown: boolean;
  showBack: boolean;
  readonly: boolean;
  paused: boolean;
  deeplink: string | null;
  detailsOpen: boolean;
  /** The find bar is open. */
  findOpen: boolean;
  /** The search control: opens the find bar, or closes it. */
  toggleFind: () => void;
  /** The status control (StatusChoice.render), or nothing to show. */
  statusControl: (chat: Chat) => TemplateResult;
  back: () => void;
  toggleDetails: () => void;
  /** The pointer or focus is on the toggle: the details' chunk may start loading. */
  preloadDetails: () => void;
  confirmDelete: () => void;
  deleted: () => void;
}

export function renderConversationHeader(view: ConversationHeaderView): TemplateResult {
  const { chat } = view;
  const name = chat?.name || msg(str`Chat ${view.chatId ?? ''}`);
  return html`<header class="conversation__header" part="conversation-header">
      ${
        view.showBack
          ? html`<button type="button" class="conversation__back" aria-label=${msg('Back to chats')} @click=${view.back}>${backIcon}</button>`
          : nothing
      }
      ${renderAvatar(name, chat?.photo)}
      <span class="conversation__title">
        <span class="conversation__name" title=${name}>${name}</span>
        ${chat ? html`<span class="conversation__channel" title=${channelLine(chat)}>${channelLine(chat)}</span>` : nothing}
        ${!chat && view.chatUnknown ? html`<span class="conversation__channel">${msg('The details of this chat could not be found.')}</span>` : nothing}
        ${renderWaitTime(chat)}
      </span>
      ${
        chat && !view.readonly
          ? view.statusControl(chat)
          : chat
            ? html`<span class="conversation__status-text">${chatStatusLabel(chat.status)}</span>`
            : nothing
      }
      ${
        view.deeplink
          ? html`<a class="conversation__deeplink" href=${view.deeplink} target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer"
            aria-label=${msg('Open in full panel')} title=${msg('Open in full panel')}>${externalIcon}<span class="conversation__deeplink-label">${msg('Open in full panel')}</span></a>`
          : nothing
      }
      <button type="button" class="conversation__find-toggle" aria-expanded=${view.findOpen ? 'true' : 'false'} aria-controls=${findBarId} aria-keyshortcuts=${findKeyShortcut()}
        aria-label=${msg('Find in this chat')} title=${msg('Find in this chat')} @click=${view.toggleFind}>${searchIcon}</button>
      <button type="button" class="conversation__details-toggle" part="customer-details-toggle" aria-expanded=${view.detailsOpen ? 'true' : 'false'}
        aria-controls="ocp-customer-details" aria-label=${msg('Customer details')} title=${msg('Customer details')} @click=${view.toggleDetails}
        @pointerenter=${view.preloadDetails} @focus=${view.preloadDetails}>${personIcon}</button>
      ${view.readonly ? nothing : html`<button type="button" class="conversation__delete" aria-label=${msg('Delete chat')} title=${msg('Delete chat')} ?disabled=${view.paused} @click=${view.confirmDelete}>${trashIcon}</button>`}
      <dialog class="conversation__confirm" aria-label=${msg('Delete chat')} @keydown=${keepTabInDialog}
        @close=${(event: Event) => (event.target as HTMLDialogElement).returnValue === 'delete' && view.deleted()}>
        <form method="dialog">
          <p>${msg('Delete this chat and all its messages? This cannot be undone.')}</p>
          <div class="conversation__confirm-actions">
            <button value="cancel" autofocus>${msg('Cancel')}</button>
            <button value="delete" class="conversation__confirm-delete">${msg('Delete')}</button>
          </div>
        </form>
      </dialog>
    </header>`;
}
