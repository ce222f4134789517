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
import { renderNoChatOpen } from '../ui/no-chat-open.js';
import type { FirstQuestions } from './early-answers.js';
import type { BootHandover } from './handover.js';

const panelTag = 'operator-chat-panel';

/** The panel's code is in: from now on the panel draws itself. */
const panelIsIn = () => customElements.get(panelTag) !== undefined;

/** A page of chats from an answer, read as the panel reads it; null for anything else. */
function pageOf(answer: { status: number; text: string }): ChatPage | null {
  if (answer.status !== 200) return null;
  try {
    return parseChatPage(JSON.parse(answer.text));
  } catch {
    return null; // the panel will say what is wrong with it
  }
}

/**
 * Draws the first screen into `panel` if the panel's code is not in: the box at once, in the
 * panel's language (its strings load first, as the panel's would), the rows once the list's
 * answer is in, and the unread total in the header once that answer is in too. An answer that is
 * not a page of chats leaves the list loading: the panel, which takes the same answer, says what
 * went wrong. Should the panel's code not load (`panelCode` rejects: the network dropped), what is
 * drawn stays, and a banner says that nothing more will come.
 */
export async function drawFirstScreen(
  panel: HTMLElement,
  questions: FirstQuestions,
  handover: BootHandover,
  panelCode: Promise<unknown> = new Promise(() => undefined),
): Promise<void> {
  if (panelIsIn()) return;
  const { config } = questions;
  await requestLocale(panel, config.locale, config.localeExplicit);
  if (panelIsIn() || !panel.isConnected || panel.shadowRoot?.hasChildNodes()) return;
  const root = panel.shadowRoot ?? panel.attachShadow({ mode: 'open' });
  adoptStyles(root, panelStyles);
  let page: ChatPage | null = null;
  let unreadTotal: number | null = null;
  // The same values in every draw: a draw for the header's count leaves the list as it is.
  const noChats: ChatPage['items'] = [];
  const noDrafts = new Map<number, never>();
  const noFailures = new Set<number>();
  let panelFailed = false;
  const filterNow = (): ListFilter => handover.filter ?? questions.filter;
  const changeFilter = (filter: ListFilter) => {
    handover.filter = filter;
    draw();
  };
  const draw = () => {
    if (panelIsIn()) return;
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
        select: ({ chatId }) => {
          questions.askMessages(chatId);
          handover.chosenChatId = chatId;
          draw();
        },
        more: () => undefined,
        changeFilter: (patch) => changeFilter({ ...filterNow(), ...patch }),
        clearFilters: () => changeFilter({ ...filterNow(), search: '', statuses: config.statuses, ...noTriage }),
      },
      // The conversation's place says what it will say until a chat is chosen (wide layouts show it).
      handover.chosenChatId === null ? html`<div class="panel__conversation">${renderNoChatOpen()}</div>` : nothing,
      false,
      { back: () => undefined, deleted: () => undefined },
    );
    const frame: PanelFrame = {
      locale: activeLocale(),
      chatOpen: false,
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
  };
  draw();
  handover.drawn = true;
  panelCode.catch(() => {
    panelFailed = true;
    draw();
  });
  page = pageOf(await questions.list);
  if (!page || panelIsIn()) return;
  // The whole inbox's list counts its unread messages itself (as the store takes it).
  if (!questions.unreadTotal) unreadTotal = page.newMessagesCount;
  draw();
  questions.shown();
  const total = questions.unreadTotal && pageOf(await questions.unreadTotal.catch(() => ({ status: 0, text: '' })));
  if (total) {
    unreadTotal = total.newMessagesCount;
    draw();
  }
}
