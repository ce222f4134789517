/**
 * Draws the operator's attention as `notify` allows (contract §2): the unread count in the page's
 * title, a tone and a desktop notice for each message the operator cannot be looking at, and the
 * bell (part `notify-toggle`) that turns the last two off and on. It travels in the live-updates
 * chunk: nothing of it loads before the first list is on screen, and the live updates decide which
 * messages it hears of (`notice`).
 */
import { html, nothing, svg, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { msg } from '../i18n/msg.js';
import { desktopPermission, requestDesktopPermission, showDesktopNotice } from './desktop-notification.js';
import { readMuted, watchMuted, writeMuted } from './mute-preference.js';
import { releaseTitle, reportUnreadForTitle } from './title-counter.js';
import { Tone } from './tone.js';
import { icon } from '../ui/icons.js';
import type { NotifyWays } from './notify-ways.js';
import { activeLocale } from '../i18n/locale.js';
import { mediaLabel } from './media-labels.js';
import type { ReceivedMessage } from '../core/live/reduce-event.js';
import type { ChatStore } from '../core/state/chat-store.js';

export interface AttentionOptions {
  store: ChatStore;
  /** The resolved `notify`, read whenever it matters (it may change). */
  ways(): NotifyWays;
  /** A desktop notice was clicked: show its chat. */
  openChat(chatId: number): void;
  /** Says a sentence through the panel's polite live region. */
  announce(text: string): void;
}

type Host = ReactiveControllerHost & HTMLElement;

const bellPath = svg`<path d="M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16z"/><path d="M10 21a2 2 0 0 0 4 0"/>`;
const bellIcon = icon(bellPath);
const bellOffIcon = icon(svg`${bellPath}<path d="M3 3l18 18"/>`);
const maxBodyLength = 180;

export class AttentionController implements ReactiveController {
  readonly #tone = new Tone();
  /** The notice shown for each chat, closed when the chat is opened or the panel removed. */
  readonly #notices = new Map<number, Notification>();
  #muted: boolean | null = readMuted();
  /** Why desktop notices cannot show, once a click on the bell found out. */
  #blocked: 'denied' | 'unsupported' | null = null;
  #unwatchMuted: (() => void) | null = null;
  #connected = false;
  #lastOpenChatId: number | null = null;

  readonly #host: Host;
  readonly #options: AttentionOptions;

  constructor(host: Host, options: AttentionOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    // Capture: the operator's first press anywhere in the panel, whatever handles it inside.
    this.#host.addEventListener('pointerdown', this.#handleGesture, true);
    this.#host.addEventListener('keydown', this.#handleGesture, true);
    this.#unwatchMuted ??= watchMuted((muted) => {
      this.#muted = muted;
      this.#host.requestUpdate();
    });
    // The bell and the title, now that this chunk is in.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#host.removeEventListener('pointerdown', this.#handleGesture, true);
    this.#host.removeEventListener('keydown', this.#handleGesture, true);
    // A move in the DOM reconnects at once: only a real removal gives the title back.
    queueMicrotask(() => {
      if (this.#connected) return;
      releaseTitle(this);
      for (const notification of this.#notices.values()) notification.close();
      this.#notices.clear();
      this.#tone.close();
      this.#unwatchMuted?.();
      this.#unwatchMuted = null;
    });
  }

  hostUpdated(): void {
    if (!this.#connected) return;
    const { unreadTotal, openChatId } = this.#options.store.state;
    if (this.#options.ways().title) reportUnreadForTitle(this, unreadTotal ?? 0);
    else releaseTitle(this);
    // The operator opened the chat: its notice has done its work.
    if (openChatId !== this.#lastOpenChatId && openChatId !== null) {
      this.#notices.get(openChatId)?.close();
      this.#notices.delete(openChatId);
    }
    this.#lastOpenChatId = openChatId;
  }

  /** Messages the operator cannot be looking at: a tone, and while the page is hidden a notice per chat. */
  notice(messages: readonly ReceivedMessage[]): void {
    const ways = this.#options.ways();
    if (messages.length === 0 || !this.#connected || !this.#isOn(ways)) return;
    if (ways.sound) this.#tone.play();
    if (!ways.desktop || document.visibilityState !== 'hidden') return;
    const latestByChat = new Map(messages.map((message) => [message.chatId, message]));
    for (const message of latestByChat.values()) this.#showNotice(message);
  }

  /** The bell, when `notify` holds `sound` or `desktop`; with the reason desktop notices cannot show. */
  renderBell(): TemplateResult | typeof nothing {
    const ways = this.#options.ways();
    if (!ways.sound && !ways.desktop) return nothing;
    const on = this.#isOn(ways);
    const note = this.#blocked ? this.#blockedText(this.#blocked) : null;
    return html`<button
        type="button"
        class="panel__bell"
        part="notify-toggle"
        aria-pressed=${on ? 'true' : 'false'}
        aria-label=${msg('Notifications')}
        aria-describedby=${note ? 'ocp-notify-note' : nothing}
        title=${on ? msg('Mute notifications') : msg('Turn on notifications')}
        @click=${this.#handleBellClick}
      >
        ${on ? bellIcon : bellOffIcon}
      </button>
      ${note ? html`<span class="panel__note" id="ocp-notify-note">${note}</span>` : nothing}`;
  }

  /**
   * On unless the operator muted. Never chosen, it is on, but for a page that asked for desktop
   * notices this browser has not answered for yet: then it starts off, and its first click asks.
   * Desktop notices alone are never on while the browser does not allow them.
   */
  #isOn(ways: NotifyWays): boolean {
    const permission = desktopPermission();
    if (!ways.sound && permission !== 'granted') return false;
    if (this.#muted !== null) return !this.#muted;
    return !(ways.desktop && permission === 'default');
  }

  readonly #handleGesture = (): void => {
    const ways = this.#options.ways();
    if (ways.sound && this.#isOn(ways)) this.#tone.unlock();
  };

  /** Turns off, or on: then (a click is the one moment a browser lets a page ask) asks for desktop notices. */
  readonly #handleBellClick = async (): Promise<void> => {
    const ways = this.#options.ways();
    if (this.#isOn(ways)) {
      this.#blocked = null;
      writeMuted(true);
      return;
    }
    if (ways.sound) this.#tone.unlock();
    let permission = desktopPermission();
    // Only while the browser never answered: a refusal is final until the operator changes it in
    // the browser, so the panel explains instead of asking again.
    if (ways.desktop && permission === 'default') permission = await requestDesktopPermission();
    this.#blocked =
      !ways.desktop || permission === 'granted' ? null : permission === 'unsupported' ? 'unsupported' : 'denied';
    if (this.#blocked) this.#options.announce(this.#blockedText(this.#blocked));
    // Desktop notices were all the page asked for and cannot show: the bell stays off.
    if (this.#blocked && !ways.sound) this.#host.requestUpdate();
    else writeMuted(false);
  };

  #blockedText(reason: 'denied' | 'unsupported'): string {
    return reason === 'unsupported'
      ? msg('This browser cannot show desktop notifications.')
      : msg("Desktop notifications are not allowed for this site: allow them in the browser's site settings.");
  }

  #showNotice(message: ReceivedMessage): void {
    const chat = this.#options.store.state.chats.get(message.chatId);
    const text = message.text.trim();
    const notification = showDesktopNotice(
      {
        title: chat?.name || message.from || msg('Customer'),
        body: text.length > maxBodyLength ? `${text.slice(0, maxBodyLength - 1)}…` : text || mediaLabel(message.media),
        tag: `ocp-chat-${message.chatId}`,
        lang: activeLocale(),
      },
      () => {
        this.#notices.delete(message.chatId);
        this.#options.openChat(message.chatId);
      },
    );
    // The browser replaces a shown notice of the same tag; closing the old object could close the new one.
    if (notification) this.#notices.set(message.chatId, notification);
  }
}
