/**
 * One message bubble of the conversation (contract §4, §7): author side and style, internal-note
 * marking, quoted reply, media, Story or post context, translation on request, time and ticks.
 * A template function rather than an element: a chat renders a couple of hundred of them at once.
 */
import { html, nothing } from 'lit';
import './message-media/story-preview.js';
import { msg, str } from '../i18n/msg.js';
import { AuthorMessage, MessageStatus } from '../core/api/message-enums.js';
import { authorKind, messageStatusName } from '../core/api/message-enums.js';
import type { Message, MessageRef } from '../core/api/message-wire.js';
import { clockTime } from '../i18n/format.js';
import { fullDateTime } from '../i18n/format.js';
import type { OutboxEntry } from '../core/state/outbox-entry.js';
import { messageMediaExportParts } from './message-media/message-media.js';
import { messageRowKey } from './message-rows.js';
import { renderMessageText } from './message-text.js';
import type { MessageHits } from './find/search-marks.js';

export interface MessageViewContext {
  locale: string;
  readonly: boolean;
  translated: ReadonlySet<number>;
  /** The message the list's keyboard focus is on: only its controls are tab stops. */
  current: number | null;
  /** A message shown for a moment because its quote was clicked. */
  highlighted: number | null;
  /** The find bar's hits in a message, marked where they show; null when it has none. */
  hits(messageId: number): MessageHits | null;
  /** Who wrote a quoted message: the customer's or the operator's name where it is known. */
  quoteAuthor(reply: MessageRef): string;
  /** Who wrote a message, as the operator knows them: the customer's name, an operator's. */
  authorName(message: Message): string;
  /** A quote was clicked: show the message it quotes. */
  onQuote(messageId: number): void;
  onReply(ref: MessageRef): void;
  onToggleTranslation(messageId: number): void;
  onRetry(localId: string): void;
  onDiscard(localId: string): void;
}

export function authorLabel(author: number): string {
  switch (authorKind(author)) {
    case 'operator':
      return msg('Operator');
    case 'client':
      return msg('Customer');
    case 'bot':
      return msg('Bot');
    case 'account':
      return msg('Messenger account');
    default:
      return msg('Unknown author');
  }
}

/** Delivery ticks of a message the service accepted: it is never shown as still sending. */
function tick(status: number) {
  const label = (() => {
    switch (status) {
      case MessageStatus.NEW:
      case MessageStatus.PROCESSING:
      case MessageStatus.SUCCESS:
        return [msg('Sent'), '✓'];
      case MessageStatus.DELIVERED:
        return [msg('Delivered'), '✓✓'];
      case MessageStatus.READ:
        return [msg('Read'), '✓✓'];
      case MessageStatus.REJECTED:
      case MessageStatus.BLOCKED_BY_USER:
      case MessageStatus.USER_NOT_FOUND:
        return [msg('Not delivered'), '!'];
      default:
        return [msg('Unknown status'), '?'];
    }
  })();
  return html`<span class="message__tick" data-status=${messageStatusName(status)} role="img" aria-label=${label[0]} title=${label[0]}>${label[1]}</span>`;
}

/** The quote of the message a reply answers: who wrote it and what; a click shows that message. */
function renderReply(reply: MessageRef | null, context: MessageViewContext, tabIndex: number) {
  if (!reply) return nothing;
  const author =
    reply.author === null
      ? msg('Reply', {
          id: 'reply-quote.label',
          desc: 'Heading of a quoted message whose author is unknown (a noun, not the Reply button).',
        })
      : context.quoteAuthor(reply);
  const body = html`<span class="message__reply-author">${author}</span>
    <span class="message__reply-text">${reply.text || msg('Attachment')}</span>`;
  if (reply.id === null) return html`<blockquote class="message__reply">${body}</blockquote>`;
  const id = reply.id;
  return html`<button type="button" class="message__reply message__reply--link" tabindex=${tabIndex}
    title=${msg(str`Show the quoted message from ${author}`)} @click=${() => context.onQuote(id)}>${body}</button>`;
}

export function renderMessage(message: Message, context: MessageViewContext) {
  const kind = authorKind(message.author);
  const parts = ['message', `message--${kind}`, message.isInternal ? 'message--internal' : '']
    .filter(Boolean)
    .join(' ');
  const translated = message.translation !== null && context.translated.has(message.id);
  const hits = context.hits(message.id);
  // The list is one tab stop: its current message and that message's controls are the only ones.
  const tabIndex = context.current === message.id ? 0 : -1;
  const ref: MessageRef = {
    id: message.id,
    text: message.text || message.media?.name || '',
    author: message.author,
    isInternal: message.isInternal,
  };
  return html`<div
    class="message message--${kind} ${message.isInternal ? 'message--internal' : ''} ${context.highlighted === message.id ? 'message--highlighted' : ''}"
    part=${parts}
    tabindex=${tabIndex}
    data-row-key=${messageRowKey(message.id)}
    data-message-id=${message.id}
    data-author=${kind}
    data-status=${messageStatusName(message.status)}
    ?data-internal=${message.isInternal}
    role="group"
    aria-label=${message.isInternal ? `${msg('Internal note')}: ${context.authorName(message)}` : context.authorName(message)}
  >
    ${message.isInternal ? html`<span class="message__note-badge">${msg('Internal note · not sent to the customer')}</span>` : nothing}
    ${kind === 'bot' || kind === 'account' || kind === 'unknown' ? html`<span class="message__author">${authorLabel(message.author)}</span>` : nothing}
    ${message.operatorName && kind === 'operator' ? html`<span class="message__author">${message.operatorName}</span>` : nothing}
    ${renderReply(message.replyTo, context, tabIndex)}
    ${message.story || message.postId !== null ? html`<ocp-story-preview .story=${message.story} .postId=${message.postId} .tabbable=${tabIndex === 0}></ocp-story-preview>` : nothing}
    ${
      message.media
        ? html`<ocp-message-media part="message-media" exportparts=${messageMediaExportParts} .media=${message.media} .tabbable=${tabIndex === 0}
      .searchHits=${hits?.name ?? null}></ocp-message-media>`
        : nothing
    }
    ${
      message.text
        ? html`<div class="message__text" dir="auto">${
            translated
              ? renderMessageText(message.translation!, tabIndex, hits?.translation)
              : renderMessageText(message.text, tabIndex, hits?.text)
          }</div>`
        : nothing
    }
    <div class="message__meta">
      ${
        message.translation !== null
          ? html`<button type="button" class="message__action" tabindex=${tabIndex} aria-pressed=${translated ? 'true' : 'false'} @click=${() => context.onToggleTranslation(message.id)}>
            ${translated ? msg('Show original') : msg('Show translation')}
          </button>`
          : nothing
      }
      ${context.readonly ? nothing : html`<button type="button" class="message__action" tabindex=${tabIndex} @click=${() => context.onReply(ref)}>${msg('Reply')}</button>`}
      <time datetime=${new Date(message.time).toISOString()} title=${fullDateTime(message.time, context.locale)}>${clockTime(message.time, context.locale)}</time>
      ${message.author === AuthorMessage.Operator && !message.isInternal ? tick(message.status) : nothing}
    </div>
  </div>`;
}

/** A message the service has not confirmed: sending, or failed with Retry and Discard. */
export function renderOutboxEntry(entry: OutboxEntry, context: MessageViewContext) {
  const failed = entry.state === 'failed';
  return html`<div
    class="message message--operator message--${entry.state} ${entry.message.isInternal ? 'message--internal' : ''}"
    part=${['message', 'message--operator', `message--${entry.state}`, entry.message.isInternal ? 'message--internal' : ''].filter(Boolean).join(' ')}
    data-row-key=${`o-${entry.localId}`}
    data-local-id=${entry.localId}
    data-author="operator"
    data-status=${entry.state}
    ?data-internal=${entry.message.isInternal}
    role="group"
    aria-label=${failed ? msg('Message not sent') : entry.state === 'waiting' ? msg('Message waiting to be sent') : msg('Sending message')}
  >
    ${entry.message.isInternal ? html`<span class="message__note-badge">${msg('Internal note · not sent to the customer')}</span>` : nothing}
    ${renderReply(entry.replyTo, context, -1)}
    ${entry.attachment ? html`<div class="message__file">📎 ${entry.attachment.name}</div>` : nothing}
    ${entry.fileLost !== null ? html`<div class="message__file">📎 ${entry.fileLost}</div><div class="message__error">${msg('The file was not kept when the page reloaded: discard this message and attach the file again.')}</div>` : nothing}
    ${entry.message.text ? html`<div class="message__text" dir="auto">${entry.message.text}</div>` : nothing}
    ${
      entry.progress !== null && !failed
        ? html`<progress class="message__progress" max="1" .value=${entry.progress} aria-label=${msg('Upload progress')}></progress>`
        : nothing
    }
    <div class="message__meta">
      ${
        failed
          ? html`<span class="message__error" role="alert">${msg('Not sent')}${entry.error ? html`: ${entry.error}` : nothing}</span>
            ${entry.fileLost === null ? html`<button type="button" class="message__action" data-action="retry" @click=${() => context.onRetry(entry.localId)}>${msg('Retry')}</button>` : nothing}
            <button type="button" class="message__action" data-action="discard" @click=${() => context.onDiscard(entry.localId)}>${msg('Discard')}</button>`
          : entry.state === 'waiting'
            ? html`<span class="message__waiting">${msg('Waits for the file before it')}</span>
              <button type="button" class="message__action" data-action="discard" @click=${() => context.onDiscard(entry.localId)}>${msg('Discard')}</button>`
            : html`<span class="message__tick" role="img" aria-label=${msg('Sending')}>◷</span>`
      }
    </div>
  </div>`;
}
