/**
 * The message list is one stop of the Tab key. Inside it, ArrowUp and ArrowDown move the focus
 * from message to message, Home (or Ctrl+Home) to the first one loaded and End (or Ctrl+End) to
 * the newest, and Tab goes on into the focused message's controls (its quote, translation,
 * Reply), then to the composer. Every message the focus moves to is brought into view by the
 * place controller, the one mechanism that moves the list (a scroll of our own here would be put
 * back by its next render).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MessagePlaceController } from './message-place.js';

const messageSelector = '[part~="message"][data-message-id]';

export class MessageFocusController implements ReactiveController {
  /** The message the focus is on, or was last: its controls are the list's tab stops. */
  current: number | null = null;
  /** This controller is moving the focus: the focus event that follows is not the operator's scroll. */
  moving = false;

  readonly #host: ReactiveControllerHost;
  readonly #scroller: () => HTMLElement | null;
  readonly #place: MessagePlaceController;

  constructor(host: ReactiveControllerHost, scroller: () => HTMLElement | null, place: MessagePlaceController) {
    this.#host = host;
    this.#scroller = scroller;
    this.#place = place;
    host.addController(this);
  }

  /** Another chat: no message of this one stays current. */
  reset(): void {
    this.current = null;
  }

  hostUpdated(): void {
    // The current message left the DOM (the window moved on): the list itself is the stop again.
    if (this.current !== null && !this.#scroller()?.querySelector(`[data-message-id="${this.current}"]`)) {
      this.current = null;
      this.#host.requestUpdate();
    }
  }

  readonly handleFocusIn = (event: FocusEvent): void => {
    const message = (event.target as Element).closest?.<HTMLElement>(messageSelector);
    // The list itself took the focus (a click on it): it is the stop again.
    const id = message ? Number(message.dataset.messageId) : event.target === event.currentTarget ? null : this.current;
    if (id === this.current) return;
    this.current = id;
    this.#host.requestUpdate();
  };

  readonly handleKeydown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
    const scroller = this.#scroller();
    if (!scroller) return;
    if (event.key === 'End' || event.key === 'Home') {
      event.preventDefault();
      if (event.key === 'End') this.#place.jumpToNewest();
      else {
        const first = this.#place.firstMessageKey();
        if (first) this.#place.reveal(first);
      }
      // Once the rows at that end are rendered: the last, or the first, message there.
      void this.#host.updateComplete.then(() => {
        const messages = scroller.querySelectorAll<HTMLElement>(messageSelector);
        this.#focus(messages[event.key === 'End' ? messages.length - 1 : 0]);
      });
      return;
    }
    if (event.ctrlKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const messages = Array.from(scroller.querySelectorAll<HTMLElement>(messageSelector));
    if (messages.length === 0) return;
    const from = (event.target as Element).closest?.<HTMLElement>(messageSelector) ?? null;
    let index = from ? messages.indexOf(from) : -1;
    if (index >= 0) index = Math.min(messages.length - 1, Math.max(0, index + (event.key === 'ArrowUp' ? -1 : 1)));
    else index = this.#inView(scroller, messages, event.key === 'ArrowUp');
    event.preventDefault();
    const target = messages[index];
    this.#focus(target);
    this.#place.reveal(target.dataset.rowKey!);
  };

  #focus(message: HTMLElement | undefined): void {
    this.moving = true;
    message?.focus({ preventScroll: true });
    this.moving = false;
  }

  /** From the list itself: the lowest message in view going up, the highest going down. */
  #inView(scroller: HTMLElement, messages: readonly HTMLElement[], up: boolean): number {
    const view = scroller.getBoundingClientRect();
    const visible = messages
      .map((message, index) => ({ index, box: message.getBoundingClientRect() }))
      .filter(({ box }) => box.bottom > view.top && box.top < view.bottom);
    if (visible.length === 0) return up ? messages.length - 1 : 0;
    return up ? visible[visible.length - 1].index : visible[0].index;
  }
}
