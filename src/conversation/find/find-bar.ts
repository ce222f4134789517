/**
 * The find bar above the messages (part `message-search`): the phrase, how many matches and which
 * one shows ("3 of 17", counted from the newest, announced politely), the older and newer
 * match, and close. A render function of the conversation, which holds the FindController.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '../../i18n/msg.js';
import { activeLocale } from '../../i18n/locale.js';
import { formatCount } from '../../i18n/plural.js';
import { isCompositionKey } from '../../ui/composing.js';
import { closeIcon } from '../../ui/icons.js';
import { newerIcon, olderIcon } from '../conversation-icons.js';
import type { FindController } from './find-controller.js';
import { findBarId } from './find-key.js';

/** What the bar says: the count, and a word when a move went round past the end. */
function statusText(find: FindController): { count: string; wrapped: string } {
  if (!find.query.trim()) return { count: '', wrapped: '' };
  if (find.matches.count === 0) return { count: msg('No matches'), wrapped: '' };
  const locale = activeLocale();
  const number = formatCount(find.numberFromNewest, locale);
  const total = formatCount(find.matches.count, locale);
  return {
    count: msg(str`${number} of ${total}`, {
      id: 'find-count',
      desc: 'The find bar: the match shown, counted from the newest, of how many.',
    }),
    wrapped:
      find.wrapped === 'newest'
        ? msg('Back at the newest match')
        : find.wrapped === 'oldest'
          ? msg('Back at the oldest match')
          : '',
  };
}

function handleKeydown(find: FindController, event: KeyboardEvent): void {
  if (event.key !== 'Enter' || isCompositionKey(event)) return;
  event.preventDefault();
  find.step(event.shiftKey ? 'newer' : 'older');
}

export function renderFindBar(find: FindController): TemplateResult | typeof nothing {
  if (!find.open) return nothing;
  const { count, wrapped } = statusText(find);
  const none = find.matches.count === 0;
  return html`<div class="find-bar" part="message-search" id=${findBarId} role="search">
    <input class="find-bar__input" type="text" enterkeyhint="search" autocomplete="off" spellcheck="false"
      aria-label=${msg('Find in this chat')} placeholder=${msg('Find in this chat')} .value=${find.query}
      @input=${(event: Event) => find.setQuery((event.target as HTMLInputElement).value)}
      @keydown=${(event: KeyboardEvent) => handleKeydown(find, event)} />
    <span class="find-bar__status" role="status" aria-live="polite" aria-atomic="true">
      <span class="find-bar__count">${count}</span>${wrapped ? html` <span class="find-bar__wrapped">${wrapped}</span>` : nothing}
    </span>
    <button type="button" class="find-bar__button" aria-label=${msg('Older match')} title=${msg('Older match (Enter)')}
      ?disabled=${none} @click=${() => find.step('older')}>${olderIcon}</button>
    <button type="button" class="find-bar__button" aria-label=${msg('Newer match')} title=${msg('Newer match (Shift+Enter)')}
      ?disabled=${none} @click=${() => find.step('newer')}>${newerIcon}</button>
    <button type="button" class="find-bar__button" aria-label=${msg('Close find')} title=${msg('Close find (Escape)')}
      @click=${() => find.close()}>${closeIcon}</button>
  </div>`;
}
