/**
 * The open chat's box as it is drawn: the header, the find bar, the message list with its rows,
 * what shows below it, and the composer. The conversation element draws itself with it, and so
 * does the first screen while the panel's code is still on its way (boot/first-conversation.ts),
 * with no handlers: one template, so that both put the same rows at the same places.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { msg } from '../i18n/msg.js';
import type { OutboxEntry } from '../core/state/outbox-entry.js';
import { rowKey, type Row } from './message-rows.js';
import { renderRow, type RowViewContext } from './message-row-view.js';
import { renderOutboxEntry } from './message-view.js';

type Handler<E extends Event = Event> = ((event: E) => void) | undefined;
/** A listener with its options (`passive`), as Lit binds one. */
type Listener<E extends Event> = { handleEvent: (event: E) => void; passive: boolean } | undefined;

/** The message list's handlers: the place, the keys and the focus (the element's controllers). */
export interface MessageListHandlers {
  scroll: Handler;
  wheel: Listener<WheelEvent>;
  touch: Listener<TouchEvent>;
  keydown: Handler<KeyboardEvent>;
  pointerdown: Handler<PointerEvent>;
  focusin: Handler<FocusEvent>;
}

export interface ConversationView {
  header: TemplateResult;
  findBar: TemplateResult | typeof nothing;
  /** Files are being dragged over the conversation. */
  dragging: boolean;
  /** The rows in the DOM (the window), drawn with `context`. */
  rows: readonly Row[];
  context: RowViewContext;
  /** The list is its own tab stop (0) or its current message is (-1). */
  listTabIndex: number;
  /** The window starts at the chat's oldest row: where the customer's earlier chats are asked for. */
  atOldest: boolean;
  chainLoaded: boolean;
  /** Earlier chats' messages are among the rows. */
  chained: boolean;
  /** Nothing to show yet: "Loading…". */
  loading: boolean;
  /** The unconfirmed messages under the newest rows; null when the window does not reach them. */
  outbox: readonly OutboxEntry[] | null;
  /** Under the list: the typing indicator, the "jump to newest" control. */
  below: readonly unknown[];
  composer: TemplateResult | typeof nothing;
  /** Absent: nothing can be done yet (the first screen), and the controls show disabled. */
  on?: {
    list: MessageListHandlers;
    chain: () => void;
    keydown: Handler<KeyboardEvent>;
    dragover: Handler<DragEvent>;
    dragleave: Handler<DragEvent>;
    drop: Handler<DragEvent>;
  };
}

function renderChainControl(view: ConversationView) {
  if (!view.atOldest) return nothing;
  if (!view.chainLoaded)
    return html`<button type="button" class="conversation__chain" ?disabled=${!view.on} @click=${view.on?.chain}>${msg('Show earlier chats with this customer')}</button>`;
  return view.chained
    ? nothing
    : html`<p class="conversation__chain conversation__chain--none" role="status">${msg('No earlier chats with this customer.')}</p>`;
}

export function renderConversationView(view: ConversationView): TemplateResult {
  const { context, on } = view;
  const list = on?.list;
  return html`<section class="conversation ${view.dragging ? 'conversation--drop' : ''}" part="conversation" aria-label=${msg('Conversation')}
      @keydown=${on?.keydown} @dragover=${on?.dragover} @dragleave=${on?.dragleave} @drop=${on?.drop}>
      ${view.header}
      ${view.findBar}
      <div class="conversation__scroll" part="message-list" role="log" aria-live="off" aria-label=${msg('Messages')} tabindex=${view.listTabIndex}
        @scroll=${list?.scroll} @wheel=${list?.wheel} @touchstart=${list?.touch} @touchmove=${list?.touch}
        @keydown=${list?.keydown} @pointerdown=${list?.pointerdown} @focusin=${list?.focusin}>
        ${renderChainControl(view)}
        ${view.loading ? html`<p class="conversation__loading" role="status">${msg('Loading…')}</p>` : nothing}
        <div class="conversation__content">${repeat(view.rows, rowKey, (row) => renderRow(row, context))}</div>
        ${
          view.outbox
            ? html`<div class="conversation__outbox">${repeat(
                view.outbox,
                (entry) => entry.localId,
                (entry) => renderOutboxEntry(entry, context),
              )}</div>`
            : nothing
        }
      </div>
      <div class="conversation__below">${view.below}</div>
      ${view.composer}
    </section>`;
}
