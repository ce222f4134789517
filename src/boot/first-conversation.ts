/**
 * The chat the operator chose on the first screen (boot/first-screen.ts), drawn while the panel's
 * code is still on its way (contract §1: the operator's next wait): its frame at once, its list
 * loading, and its rows once its messages' early answer is in. It is drawn as the conversation
 * draws itself (conversation/conversation-view.ts: its header, its rows, its styles), with the
 * rows the conversation gives first (MessageWindow: the rows in sight) and placed by its rule:
 * the newest message at the bottom, or the "New messages" divider at the top when the unread rows
 * are taller than the view. The empty composer's place is held. So when the panel's conversation
 * takes its place, in one task, it draws the same rows where these were, and what only the panel
 * knows (drafts, the outbox, typing) joins them. Until then nothing here can be used: the
 * controls that would change something show disabled.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ReadAnswer } from '../core/api/chat-requests.js';
import { readAnswer } from './early-answers.js';
import type { Chat } from '../core/api/chat-wire.js';
import { parseMessages, type Message } from '../core/api/message-wire.js';
import { renderConversationHeader } from '../conversation/conversation-header.js';
import { renderConversationView } from '../conversation/conversation-view.js';
import { messageAuthors, type RowViewContext } from '../conversation/message-row-view.js';
import { firstUnread, MessageRows, unreadRowKey, type Row, type RowLookup } from '../conversation/message-rows.js';
import { MessageWindow, rowsInSight } from '../conversation/message-window.js';
import { anchorDrift, unreadAtTop, unreadTallerThanView } from '../conversation/place-anchors.js';
import { StatusChoice } from '../conversation/status-select.js';
import { withHeldMessages } from '../core/state/held-messages.js';
import { showLoadedPhotos } from '../ui/avatar.js';
import { writeWaitTimes } from '../ui/wait-time.js';

/**
 * The chat's messages from an answer, read as the panel reads them; null for anything else. Here,
 * not in the first screen: the messages' wire reader comes with this chunk.
 */
export const messagesOf = (answer: ReadAnswer): Message[] | null => readAnswer(answer, parseMessages);

export interface FirstConversationView {
  /** The chat's record from the list's answer, or null when it is not on the first page. */
  chat: Chat | null;
  locale: string;
  readonly: boolean;
  deeplink: string | null;
  /** Minutes after which the customer's wait is overdue (`wait-alert`). */
  waitAlertMinutes: number;
  back(): void;
}

const noTranslations = new Set<number>();
const noStatusChange = new StatusChoice(
  () => undefined,
  () => null,
);

type Opening = 'unread' | 'measure' | 'newest';

export class FirstConversation {
  readonly chatId: number;
  /** The rows drawn, once the messages are in: those the conversation draws first. The rest are the panel's to draw. */
  #shown: {
    messages: readonly Message[];
    lookup: RowLookup;
    rows: readonly Row[];
    opening: Opening;
  } | null = null;
  readonly #messageRows = new MessageRows();
  /** The list was put in its place, and the operator has not moved it since. */
  #held = true;
  #resize: ResizeObserver | null = null;
  /** What it was drawn with last. */
  #view: FirstConversationView | null = null;
  /** The message list's height, as laid out while its messages were on their way; 0 before. */
  #viewHeight = 0;

  /** Drawn at once, its list loading until `show` gives it the messages. */
  constructor(chatId: number) {
    this.chatId = chatId;
  }

  /** The chat's record as its messages tell it, as the panel keeps it: since when the customer waits. */
  record(chat: Chat): Chat {
    return this.#shown ? withHeldMessages(chat, this.#shown.messages) : chat;
  }

  /** The chat's messages are in: the next render draws the rows the conversation draws first. */
  show(messages: readonly Message[]): void {
    const lookup = this.#messageRows.rows(messages, firstUnread(messages), this.chatId);
    // Its list is laid out by now, unless the messages came with this code: the window bounds it.
    const inSight = rowsInSight(this.#viewHeight || window.innerHeight);
    const messageWindow = new MessageWindow();
    const opening = messageWindow.open(lookup, inSight);
    const keep = opening === 'unread' ? lookup.indexOf(unreadRowKey) : 'newest';
    const { start, end } = messageWindow.range(lookup, keep, inSight);
    this.#shown = { messages, lookup, rows: lookup.rows.slice(start, end), opening };
  }

  render(view: FirstConversationView): TemplateResult {
    this.#view = view;
    const shown = this.#shown;
    const context: RowViewContext = {
      locale: view.locale,
      readonly: view.readonly,
      translated: noTranslations,
      current: null,
      highlighted: null,
      hits: () => null,
      ...messageAuthors(
        () => view.chat?.name,
        () => shown?.lookup ?? null,
      ),
      onQuote: () => undefined,
      onReply: () => undefined,
      onToggleTranslation: () => undefined,
      onRetry: () => undefined,
      onDiscard: () => undefined,
      messageRows: this.#messageRows,
      now: Date.now(),
      chatStatus: () => null,
    };
    const rows = shown?.rows ?? [];
    return html`<div class="panel__conversation conversation-frame">${renderConversationView({
      header: renderConversationHeader({
        chatId: this.chatId,
        chat: view.chat,
        chatUnknown: false,
        showBack: true,
        readonly: view.readonly,
        paused: true,
        deeplink: view.deeplink,
        detailsOpen: false,
        findOpen: false,
        toggleFind: () => undefined,
        statusControl: (chat) => noStatusChange.render(chat.status, true),
        back: () => view.back(),
        toggleDetails: () => undefined,
        preloadDetails: () => undefined,
        confirmDelete: () => undefined,
        deleted: () => undefined,
      }),
      findBar: nothing,
      dragging: false,
      rows,
      context,
      listTabIndex: 0,
      atOldest: shown !== null && rows[0] === shown.lookup.rows[0],
      chainLoaded: false,
      chained: false,
      loading: shown === null,
      outbox: shown !== null && rows.at(-1) === shown.lookup.rows.at(-1) ? [] : null,
      below: [],
      composer: view.readonly ? nothing : html`<div class="composer-place"></div>`,
    })}</div>`;
  }

  /**
   * After a render in `root`: the header's photo the chat's row already showed is shown at once,
   * and the customer's wait is written (as the conversation does). The list is put where the
   * conversation opens it, and held there as its rows load (media), once it is laid out in the
   * frame (ResizeObserver): no layout forced before the rows' own elements have rendered.
   */
  rendered(root: ParentNode): void {
    const header = root.querySelector('.conversation__header');
    if (header) showLoadedPhotos(header);
    // The customer's wait, as the conversation's header says it.
    if (header && this.#view) writeWaitTimes(header, Date.now(), this.#view.waitAlertMinutes, this.#view.locale);
    const scroller = root.querySelector<HTMLElement>('.conversation__scroll');
    if (!scroller || this.#resize) return;
    this.#resize = new ResizeObserver(() => {
      this.#viewHeight = scroller.clientHeight;
      this.#place(scroller);
    });
    this.#resize.observe(scroller);
    this.#resize.observe(scroller.querySelector('.conversation__content')!);
    // The operator's own move ends the hold: from then on the list is where they put it.
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      scroller.addEventListener(type, () => (this.#held = false), { once: true, passive: true });
  }

  /** The panel's conversation took its place, another chat was chosen, or the operator went back to the list. */
  leave(): void {
    this.#resize?.disconnect();
  }

  #place(scroller: HTMLElement): void {
    if (!this.#shown || !this.#held || !scroller.isConnected) return;
    const { opening } = this.#shown;
    if (opening === 'unread' || (opening === 'measure' && unreadTallerThanView(scroller)))
      scroller.scrollTop += anchorDrift(scroller, unreadAtTop) ?? 0;
    else scroller.scrollTop = scroller.scrollHeight;
  }
}
