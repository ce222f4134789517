/**
 * One row of the message list: a message, or a separator (the day, the "New messages" divider,
 * where one of the customer's earlier chats starts). The conversation draws its rows with it, and
 * so does the first screen while the panel's code is still on its way (boot/first-conversation.ts):
 * one template, so that both draw the same rows at the same places.
 */
import { html } from 'lit';
import { msg } from '../i18n/msg.js';
import { chatStartLabel } from '../i18n/format.js';
import { AuthorMessage } from '../core/api/message-enums.js';
import type { MessageRef } from '../core/api/message-wire.js';
import { isSeparator, messageRowKey, type MessageRows, type Row, type RowLookup } from './message-rows.js';
import { authorLabel, renderMessage, type MessageViewContext } from './message-view.js';

export interface RowViewContext extends MessageViewContext {
  /** The rows, whose day labels it keeps. */
  messageRows: MessageRows;
  /** The clock's time: "Today" and "Yesterday" follow it. */
  now: number;
  /** How a chat of the customer's ended, when its record is known; null otherwise. */
  chatStatus(chatId: number): number | null;
}

export function renderRow(row: Row, context: RowViewContext) {
  if (!isSeparator(row)) return renderMessage(row, context);
  switch (row.kind) {
    case 'unread':
      return html`<div class="conversation__unread" part="unread-divider" role="separator" data-row-key=${row.key}><span>${msg('New messages')}</span></div>`;
    case 'chat':
      return html`<div class="conversation__chat-start" part="chat-start" role="separator" data-row-key=${row.key} data-chat-id=${row.chatId}>
          <span>${chatStartLabel(row.time, context.locale, row.current, context.chatStatus(row.chatId))}</span>
        </div>`;
    case 'day':
      return html`<div class="conversation__day" role="separator" data-row-key=${row.key}>${context.messageRows.dayLabel(row.day, context.now, context.locale)}</div>`;
  }
}

/**
 * Who wrote a message, and a quoted one, as the operator knows them: the customer by the chat's
 * name, an operator by theirs (a quoted one's when its message is among the rows), else by kind.
 */
export function messageAuthors(
  customerName: () => string | null | undefined,
  rows: () => RowLookup | null,
): Pick<MessageViewContext, 'authorName' | 'quoteAuthor'> {
  return {
    authorName: (message) =>
      (message.author === AuthorMessage.Client ? customerName() : null) ||
      (message.author === AuthorMessage.Operator ? message.operatorName : null) ||
      authorLabel(message.author),
    quoteAuthor: (reply: MessageRef) => {
      const name = customerName();
      if (reply.author === AuthorMessage.Client && name) return name;
      const lookup = rows();
      if (reply.author === AuthorMessage.Operator && reply.id !== null && lookup) {
        const index = lookup.indexOf(messageRowKey(reply.id));
        const row = index >= 0 ? lookup.rows[index] : null;
        if (row && !isSeparator(row) && row.operatorName) return row.operatorName;
      }
      return authorLabel(reply.author ?? -1);
    },
  };
}
