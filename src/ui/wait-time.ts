/**
 * How long a customer has waited for an answer (contract §4 "Waiting time"): a `<time
 * part="wait-time">` in a chat's row and in the open chat's header. Lit renders the element and
 * its `datetime`; its text and `data-overdue` are written by WaitTimeController, which refreshes
 * only these elements as minutes pass (one shared timer), so the chat list is not re-rendered for
 * them.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { cached } from '../i18n/format.js';
import { msg, str } from '../i18n/msg.js';
import { ChatStatus } from '../core/api/chat-enums.js';
import type { Chat } from '../core/api/chat-wire.js';

const minute = 60_000;
const tickMs = 15_000;

/**
 * Since when the customer the row or header shows waits: as the chat's record knows it (notes
 * answer nobody, see core/state/customer-wait.ts), unless the chat is closed.
 */
export function waitingSince(chat: Chat | null | undefined): number | null {
  return chat && chat.status !== ChatStatus.Closed ? chat.waitingSince : null;
}

/** The element WaitTimeController fills; nothing when the operator answered last or the chat is closed. */
export function renderWaitTime(chat: Chat | null | undefined) {
  const since = waitingSince(chat);
  return since === null
    ? nothing
    : html`<time class="wait-time" part="wait-time" datetime=${new Date(since).toISOString()}></time>`;
}

type WaitUnit = 'minute' | 'hour' | 'day';

/** "12 min", "2 h 5 min", "3 d 4 h", in the panel's language. */
export function waitedLabel(waitedMs: number, locale: string): string {
  const minutes = Math.floor(Math.max(0, waitedMs) / minute);
  if (minutes < 1) return msg('now');
  const unit = (value: number, name: WaitUnit) =>
    cached(
      `unit:${name}:${locale}`,
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }),
    ).format(value);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes % 60 > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
  return unit(minutes, 'minute');
}

const controllers = new Set<WaitTimeController>();
let timer: ReturnType<typeof setTimeout> | undefined;

function refreshAll(): void {
  const now = Date.now();
  for (const controller of controllers) controller.refresh(now);
}

function tick(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    refreshAll();
    tick();
  }, tickMs);
}

/** A hidden page's timers are slowed down: the times are brought up to date as it shows again. */
function handleVisibilityChange(): void {
  if (document.visibilityState === 'visible') refreshAll();
}

export interface WaitTimeOptions {
  /** Where the `wait-time` elements are (the host's render root, a header). */
  root: () => ParentNode | null;
  /** Minutes after which a wait is overdue; 0: never marked. */
  alertMinutes: () => number;
  locale: () => string;
}

export class WaitTimeController implements ReactiveController {
  readonly #options: WaitTimeOptions;

  constructor(host: ReactiveControllerHost, options: WaitTimeOptions) {
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (controllers.size === 0) {
      document.addEventListener('visibilitychange', handleVisibilityChange);
      tick();
    }
    controllers.add(this);
  }

  hostDisconnected(): void {
    controllers.delete(this);
    if (controllers.size > 0) return;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', handleVisibilityChange);
  }

  hostUpdated(): void {
    this.refresh(Date.now());
  }

  /** Writes each wait's text, its spoken label and its overdue mark, where they changed. */
  refresh(now: number): void {
    const root = this.#options.root();
    if (root) writeWaitTimes(root, now, this.#options.alertMinutes(), this.#options.locale());
  }
}

/**
 * Writes the text, the spoken label and the overdue mark of each wait in `root` (`alertMinutes`:
 * 0, never overdue), where they changed: what WaitTimeController does as minutes pass, and what
 * the first screen does for a chat drawn before the panel is in.
 */
export function writeWaitTimes(root: ParentNode, now: number, alertMinutes: number, locale: string): void {
  const alertMs = alertMinutes * minute;
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[part~="wait-time"]')) {
    const waited = now - Date.parse(time.dateTime);
    if (!Number.isFinite(waited)) continue;
    const text = waitedLabel(waited, locale);
    if (time.textContent !== text) {
      time.textContent = text;
      time.title = msg(str`Waiting for an answer: ${text}`);
    }
    time.toggleAttribute('data-overdue', alertMs > 0 && waited >= alertMs);
  }
}
