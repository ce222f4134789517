/**
 * What keeps the panel live, loaded once the first chat list is on screen (a chunk of its own):
 * the poller's controller bound to the panel's session, store and configuration; what the panel
 * does with news (tell the page, tell screen readers, read the open chat's messages); and the
 * reconciliation triggers (contract §5).
 */
import { msg } from '@lit/localize';
import type { ReactiveControllerHost } from 'lit';
import type { ConnectionTrouble } from '../api/api-error.js';
import type { PanelEventDetails } from '../events.js';
import { newMessageAnnouncement, newMessagesAnnouncement } from '../i18n/announcements.js';
import type { ReceivedMessage } from '../live/reduce-event.js';
import type { ChatStore } from '../state/chat-store.js';
import type { LiveAnnouncer } from './live-announcer.js';
import { LiveUpdatesController, type LiveUpdatesOptions } from './live-updates-controller.js';
import { ReconcileController } from './reconcile-controller.js';

export interface LivePanel {
  readonly store: ChatStore;
  readonly announcer: LiveAnnouncer;
  /** The poller's API, mode, interval and scope: read on every (re)start. */
  readonly api: LiveUpdatesOptions['api'];
  readonly mode: LiveUpdatesOptions['mode'];
  readonly intervalMs: LiveUpdatesOptions['intervalMs'];
  readonly scopeKey: LiveUpdatesOptions['scopeKey'];
  fireReceived(detail: PanelEventDetails['ocp-message-received']): void;
  /** Marks the open chat's customer messages read (when its conversation is shown). */
  markRead(chatId: number): void;
  /** Chats the list does not hold yet had news: the list is fetched again. */
  refreshList(): void;
  setTrouble(trouble: ConnectionTrouble | null): void;
  /** The service answered 401 to a poll. */
  unauthorized(): void;
  /** The clamped `refresh-interval` in ms, read for every wait. */
  refreshIntervalMs(): number;
  /** Refetches the list and the open chat. */
  reconcile(): void;
}

/** Starts polling and reconciliation on the panel element; answers the poller's controller. */
export function startLivePanel(host: ReactiveControllerHost & HTMLElement, panel: LivePanel): LiveUpdatesController {
  new ReconcileController(host, panel.refreshIntervalMs, panel.reconcile);
  return new LiveUpdatesController(host, {
    api: panel.api,
    store: panel.store,
    mode: panel.mode,
    intervalMs: panel.intervalMs,
    scopeKey: panel.scopeKey,
    openChatId: () => panel.store.state.openChatId,
    onReceived: (list) => handleReceived(host, panel, list),
    onUnknownChats: () => panel.refreshList(),
    onHealth: ({ trouble, error }) => {
      panel.setTrouble(trouble);
      if (error?.code === 'unauthorized') panel.unauthorized();
    },
  });
}

/**
 * Inbound messages that arrived live: tell the page, announce them, read the open chat's. In
 * the task after the one that applied them, so they are on screen first: the page hears of
 * messages it can see, and a poll page of hundreds renders before hundreds of events run.
 */
function handleReceived(host: HTMLElement, panel: LivePanel, list: readonly ReceivedMessage[]): void {
  setTimeout(() => {
    if (!host.isConnected) return;
    for (const { chatId, messageId } of list) panel.fireReceived({ chatId, messageId });
    announce(panel, list);
    const open = panel.store.state.openChatId;
    if (open !== null && document.visibilityState === 'visible' && list.some((item) => item.chatId === open))
      panel.markRead(open);
  });
}

function announce(panel: LivePanel, list: readonly ReceivedMessage[]): void {
  const latest = list.at(-1);
  if (!latest) return;
  const state = panel.store.state;
  const chat = state.chats.get(latest.chatId);
  const message = state.messages.get(latest.chatId)?.find((candidate) => candidate.id === latest.messageId);
  const text = message ? message.text || msg('Attachment') : (chat?.lastText ?? '');
  const from = chat?.name || msg('a customer');
  panel.announcer.announce(
    list.length > 1 ? newMessagesAnnouncement(list.length, from, text) : newMessageAnnouncement(from, text),
  );
}
