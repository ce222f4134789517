/**
 * The first screen: the panel's box and its chat list, drawn by the script tag while the panel's
 * code is still on its way (contract §1: the first chat row as soon after navigation as the
 * network allows). The box comes as soon as this code is in, its list loading as the panel's does
 * until its first page; the rows come with the list's first answer, which then has only them left
 * to draw and lay out. It is drawn with the panel's own templates and
 * list element (panel/panel-frame.ts), in the panel's shadow root with the panel's styles, so the
 * panel's first render updates it in place (OperatorChatPanel.createRenderRoot): the rows keep
 * their elements and their places. What the operator does here is handed over (boot/handover.ts):
 * a chat chosen is opened first, a filter changed is the filter the panel starts with.
 */
import { adoptStyles, html, nothing, render } from 'lit';
import { parseChatPage, type ChatPage } from '../core/api/chat-wire.js';
import { noTriage } from '../core/state/list-triage.js';
import type { ListFilter } from '../core/state/store-state.js';
import { activeLocale, requestLocale } from '../i18n/locale.js';
import { msg } from '../i18n/msg.js';
import { renderBanners } from '../panel/banners/banners.js';
import { panelStyles } from '../operator-chat-panel.styles.js';
import { renderPanel, renderPanes, renderRoot, type PanelFrame } from '../panel/panel-frame.js';
import { renderChatLoading, renderNoChatOpen } from '../ui/no-chat-open.js';
import { afterNextPaint } from '../ui/after-next-paint.js';
import type * as FirstConversationModule from './first-conversation.js';
import { readAnswer, type FirstQuestions } from './early-answers.js';
import type { BootHandover } from './handover.js';

/**
 * The panel has taken over: from now on it draws itself. Its code may be in before that, while
 * the chat the operator chose here is still to show (Handover.drawing).
 */
const panelIsIn = (panel: HTMLElement) => (panel as HTMLElement & { hasUpdated?: boolean }).hasUpdated === true;

/** The code the first screen waits for: what draws a chat chosen there, and the panel's. */
export interface FirstScreenCode {
  /** Asked for by the script tag once the first screen's code is in (boot/script-tag.ts). */
  conversation: Promise<typeof FirstConversationModule>;
  panel: Promise<unknown>;
}

/**
 * Draws the first screen into `panel` if the panel's code is not in: the box at once, in the
 * panel's language (its strings load first, as the panel's would), the rows once the list's
 * answer is in, and the unread total in the header once that answer is in too. An answer that is
 * not a page of chats leaves the list loading: the panel, which takes the same answer, says what
 * went wrong. Should the panel's code not load (`code.panel` rejects: the network dropped), what is
 * drawn stays, and a banner says that nothing more will come.
 */
export async function drawFirstScreen(
  panel: HTMLElement,
  questions: FirstQuestions,
  handover: BootHandover,
  code: FirstScreenCode = { conversation: import('./first-conversation.js'), panel: new Promise(() => undefined) },
): Promise<void> {
  if (panelIsIn(panel)) return;
  const { config } = questions;
  await requestLocale(panel, config.locale, config.localeExplicit);
  if (panelIsIn(panel) || !panel.isConnected || panel.shadowRoot?.hasChildNodes()) return;
  const root = panel.shadowRoot ?? panel.attachShadow({ mode: 'open' });
  adoptStyles(root, panelStyles);
  let page: ChatPage | null = null;
  let unreadTotal: number | null = null;
  // The same values in every draw: a draw for the header's count leaves the list as it is.
  const noChats: ChatPage['items'] = [];
  const noDrafts = new Map<number, never>();
  const noFailures = new Set<number>();
  let panelFailed = false;
  let conversation: FirstConversationModule.FirstConversation | null = null;
  let leaveChat: () => void = () => undefined;
  const filterNow = (): ListFilter => handover.filter ?? questions.filter;
  const changeFilter = (filter: ListFilter) => {
    handover.filter = filter;
    draw();
  };
  /**
   * A chat chosen here: its messages asked for at once, its frame drawn as the conversation draws
   * it once the code that draws it is in (the conversation's place says "Loading…" until then),
   * its messages once they are in. The panel's first render waits for them (Handover.drawing),
   * unless their answer fails, another chat is chosen, or the operator touches the panel (a key,
   * a press: the panel can do what they are about to).
   */
  const choose = (chatId: number | null) => {
    leaveChat();
    conversation?.leave();
    conversation = null;
    handover.chosenChatId = chatId;
    handover.drawing = null;
    if (chatId === null) return draw();
    const answer = questions.askMessages(chatId);
    let left = false;
    let handOverNow!: () => void;
    const touched = new Promise<void>((resolve) => (handOverNow = resolve));
    const listening = new AbortController();
    for (const type of ['pointerdown', 'keydown'])
      panel.addEventListener(type, handOverNow, { capture: true, signal: listening.signal });
    leaveChat = () => {
      left = true;
      handOverNow();
    };
    const drawn = code.conversation.then(async ({ FirstConversation, messagesOf }) => {
      if (left || panelIsIn(panel)) return;
      const chosen = (conversation = new FirstConversation(chatId));
      draw(); // its frame, while its messages are on their way
      const messages = messagesOf(await answer);
      if (!messages || left || panelIsIn(panel)) return;
      questions.shown(); // drawn, they are what the panel shows first, whatever their age
      chosen.show(messages);
      // Its row, too, says what they tell of it (since when the customer waits), as the panel's will.
      if (page) page = { ...page, items: page.items.map((chat) => (chat.id === chatId ? chosen.record(chat) : chat)) };
      draw();
      return afterNextPaint();
    });
    const drawing: Promise<void> = Promise.race([drawn, touched])
      .catch(() => undefined) // without that code, or with a failed answer, the panel draws the chat
      .then(() => {
        listening.abort();
        if (handover.drawing === drawing) handover.drawing = null;
      });
    handover.drawing = drawing;
    draw();
  };
  const draw = () => {
    if (panelIsIn(panel)) return conversation?.leave();
    // Once the operator changed the filter, these rows are not its answer: the panel asks for it.
    const filtered = handover.filter !== null;
    const list = renderPanes(
      {
        chats: filtered || !page ? noChats : page.items,
        activeChatId: handover.chosenChatId,
        total: page?.total ?? 0,
        // More pages are the panel's to load.
        hasMore: false,
        loading: filtered || !page,
        filter: filterNow(),
        mineAvailable: questions.operatorId !== null,
        locale: activeLocale(),
        disabled: false,
        drafts: noDrafts,
        failed: noFailures,
        waitAlertMinutes: config.waitAlertMinutes,
        select: ({ chatId }) => choose(chatId),
        more: () => undefined,
        changeFilter: (patch) => changeFilter({ ...filterNow(), ...patch }),
        clearFilters: () => changeFilter({ ...filterNow(), search: '', statuses: config.statuses, ...noTriage }),
      },
      // The conversation's place says what it will say until a chat is chosen (wide layouts show it).
      conversation
        ? conversation.render({
            chat: page?.items.find((chat) => chat.id === conversation!.chatId) ?? null,
            locale: activeLocale(),
            readonly: panel.hasAttribute('readonly'),
            deeplink: questions.deeplink(conversation.chatId),
            waitAlertMinutes: config.waitAlertMinutes,
            back: () => choose(null),
          })
        : html`<div class="panel__conversation">${handover.chosenChatId === null ? renderNoChatOpen() : renderChatLoading()}</div>`,
      false,
      { back: () => undefined, deleted: () => undefined },
    );
    const frame: PanelFrame = {
      locale: activeLocale(),
      chatOpen: handover.chosenChatId !== null,
      unreadTotal,
      headerEnd: nothing,
      banners: panelFailed
        ? renderBanners([
            {
              key: 'panel-code',
              kind: 'error',
              message: msg('The chats could not be loaded. Reload the page to try again.'),
            },
          ])
        : nothing,
      panes: list,
    };
    render(renderRoot(renderPanel(frame), nothing), root, { host: panel, isConnected: true });
    conversation?.rendered(root);
  };
  draw();
  handover.drawn = true;
  code.panel.catch(() => {
    panelFailed = true;
    draw();
  });
  page = readAnswer(await questions.list, parseChatPage);
  if (!page || panelIsIn(panel)) return;
  // The whole inbox's list counts its unread messages itself (as the store takes it).
  if (!questions.unreadTotal) unreadTotal = page.newMessagesCount;
  draw();
  questions.shown();
  const total = await questions.unreadTotal?.then(
    (answer) => readAnswer(answer, parseChatPage),
    () => null,
  );
  if (total) {
    unreadTotal = total.newMessagesCount;
    draw();
  }
}
