/**
 * What keeps the panel live, started once the first chat list is on screen: the poller's controller bound to the panel's session, store and configuration; what the panel
 * does with news (tell the page, tell screen readers, read the open chat's messages, draw the
 * operator's attention to what they cannot be looking at); and the reconciliation triggers
 * (contract §5).
 */
import { msg } from '../../i18n/msg.js';
import type { ReactiveControllerHost } from 'lit';
import type { ConnectionTrouble } from '../../core/api/api-error.js';
import type { ChatApi } from '../../core/api/chat-api.js';
import type { PanelConfig } from '../config.js';
import type { PanelEventDetails } from '../../events.js';
import { newMessageAnnouncement, newMessagesAnnouncement } from '../../i18n/announcements.js';
import type { ReceivedMessage } from '../../core/live/reduce-event.js';
import type { TokenClaims } from '../../core/session/jwt.js';
import type { ChatStore } from '../../core/state/chat-store.js';
import { AttentionLoader } from '../../attention/attention-loader.js';
import type { LiveAnnouncer } from '../live-announcer.js';
import { LiveUpdatesController } from './live-updates-controller.js';
import { ReconcileController } from './reconcile-controller.js';

export interface LivePanel {
  readonly store: ChatStore;
  readonly announcer: LiveAnnouncer;
  /**
   * The resolved configuration, read on every (re)start and wait: the poller's mode and interval,
   * the queue's scope, `notify` and `refresh-interval` follow attribute changes from it.
   */
  config(): PanelConfig;
  /** The API client, or null while there is no usable session (nothing runs then). */
  api(): ChatApi | null;
  /** The usable session's claims (the queue's scope), or null. */
  claims(): TokenClaims | null;
  /** `ocp-message-received`, and `ocp-attention` for an inbound message the operator cannot be looking at. */
  fire<K extends 'ocp-message-received' | 'ocp-attention'>(name: K, detail: PanelEventDetails[K]): void;
  /** Opens a chat (a desktop notice was clicked). */
  openChat(chatId: number): void;
  /** Marks the open chat's customer messages read (when its conversation is shown). */
  markRead(chatId: number): void;
  /** Chats the list does not hold yet had news: the list is fetched again. */
  refreshList(): void;
  setTrouble(trouble: ConnectionTrouble | null): void;
  /** The service answered 401 to a poll; `saysExpired`: its answer said the token expired. */
  unauthorized(saysExpired: boolean): void;
  /** Refetches the list and the open chat. */
  reconcile(): void;
}

export interface LivePanelControllers {
  updates: LiveUpdatesController;
  /** Renders the bell (part `notify-toggle`) in the panel's header. */
  attention: Pick<AttentionLoader, 'renderBell'>;
}

/** Starts polling, reconciliation and the attention `notify` asks for on the panel element. */
export function startLivePanel(host: ReactiveControllerHost & HTMLElement, panel: LivePanel): LivePanelControllers {
  const { config } = panel;
  new ReconcileController(host, () => config().refreshIntervalMs, panel.reconcile);
  const attention = new AttentionLoader(host, {
    store: panel.store,
    ways: () => config().notify,
    openChat: panel.openChat,
    announce: (text) => panel.announcer.announce(text),
  });
  const updates = new LiveUpdatesController(host, {
    api: panel.api,
    store: panel.store,
    // `poll-interval="0"` stops polling as `events="off"` does.
    mode: () => (config().pollIntervalMs === 0 ? 'off' : config().events),
    intervalMs: () => config().pollIntervalMs || 3000,
    scopeKey: () => {
      const claims = panel.claims();
      return claims && `${config().baseUrl}|${claims.organizationId ?? ''}|${claims.operatorId ?? ''}`;
    },
    openChatId: () => panel.store.state.openChatId,
    onReceived: (list) => handleReceived(host, panel, attention, list),
    onUnknownChats: () => panel.refreshList(),
    onHealth: ({ trouble, error }) => {
      panel.setTrouble(trouble);
      if (error?.code === 'unauthorized') panel.unauthorized(error.tokenExpired);
    },
  });
  return { updates, attention };
}

/**
 * Inbound messages that arrived live: tell the page, announce them, read the open chat's, and
 * draw attention to those the operator cannot be looking at: all of them while the page is
 * hidden, else those of every chat but the open one. In the task after the one that applied
 * them, so they are on screen first: the page hears of messages it can see, and a poll page of
 * hundreds renders before hundreds of events run.
 */
function handleReceived(
  host: HTMLElement,
  panel: LivePanel,
  attention: AttentionLoader,
  list: readonly ReceivedMessage[],
): void {
  setTimeout(() => {
    if (!host.isConnected) return;
    for (const { chatId, messageId } of list) panel.fire('ocp-message-received', { chatId, messageId });
    announce(panel, list);
    const open = panel.store.state.openChatId;
    const visible = document.visibilityState === 'visible';
    if (open !== null && visible && list.some((item) => item.chatId === open)) panel.markRead(open);
    const unseen = visible ? list.filter((item) => item.chatId !== open) : list;
    for (const { chatId, messageId } of unseen) panel.fire('ocp-attention', { chatId, messageId });
    attention.notice(unseen);
  });
}

function announce(panel: LivePanel, list: readonly ReceivedMessage[]): void {
  const latest = list.at(-1);
  if (!latest) return;
  // The event says who wrote what, also for a chat the list does not hold yet.
  const chat = panel.store.state.chats.get(latest.chatId);
  const text = latest.text || (latest.media ? msg('Attachment') : '');
  const from = chat?.name || latest.from || msg('a customer');
  panel.announcer.announce(
    list.length > 1 ? newMessagesAnnouncement(list.length, from, text) : newMessageAnnouncement(from, text),
  );
}
