/**
 * Panel-wide keys, wherever focus is inside the panel: Alt+ArrowUp / Alt+ArrowDown open the
 * previous / next chat of the list, Escape closes one layer (see `#closeLayer`), and `?` outside a
 * text field shows the keyboard shortcuts.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ShortcutSheetContent } from './shortcut-sheet/shortcut-sheet.js';
import { LazyFeature } from '../core/lazy-feature.js';
import { isCompositionKey } from '../ui/composing.js';

type Host = ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode; updateComplete: Promise<unknown> };

export interface KeyboardOptions {
  chatOrder(): readonly number[];
  openChatId(): number | null;
  openChat(chatId: number): void;
  /** Back to the chat list from a chat (narrow layout), focus on the chat's row. */
  back(): void;
  /** Escape's last layer: closes the floating popup; answers whether it was open. */
  closePopup(): boolean;
  /** What the shortcut sheet lists besides the panel's own keys. */
  shortcuts(): ShortcutSheetContent;
}

/** Where `?` is a character being typed, not a shortcut. */
function isTextField(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

export class KeyboardController implements ReactiveController {
  readonly #host: Host;
  readonly #options: KeyboardOptions;
  readonly #sheet = new LazyFeature(() => import('./shortcut-sheet/shortcut-sheet.js'), undefined, 0);

  constructor(host: Host, options: KeyboardOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.addEventListener('keydown', this.#handleKeydown);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('keydown', this.#handleKeydown);
  }

  readonly #handleKeydown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || isCompositionKey(event)) return;
    if (event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open)) return;
    if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      this.#step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && !event.altKey) {
      if (this.#closeLayer()) event.preventDefault();
    } else if (event.key === '?' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      if (isTextField(event.composedPath()[0])) return;
      event.preventDefault();
      void this.#showShortcuts();
    }
  };

  /**
   * Focus into the open conversation's composer (or its messages when there is no composer), for a
   * chat chosen with Enter in the list: once the panel rendered it, a few frames at most.
   */
  async focusConversation(): Promise<void> {
    for (let frame = 0; frame < 30; frame++) {
      await this.#host.updateComplete;
      const conversation = this.#host.renderRoot.querySelector<HTMLElement & { focusComposer(): Promise<void> }>(
        'ocp-conversation',
      );
      if (conversation) return conversation.focusComposer();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }

  /** The sheet is a chunk of its own, loaded the first time `?` asks for it: most operators never open it. */
  async #showShortcuts(): Promise<void> {
    let returnTo: Element | null = (this.#host.renderRoot as ShadowRoot).activeElement;
    while (returnTo?.shadowRoot?.activeElement) returnTo = returnTo.shadowRoot.activeElement;
    const sheet = await this.#sheet.load();
    sheet?.showShortcutSheet(
      this.#host.renderRoot as ShadowRoot,
      this.#options.shortcuts(),
      returnTo as HTMLElement | null,
    );
  }

  #step(direction: 1 | -1): void {
    const order = this.#options.chatOrder();
    if (order.length === 0) return;
    const current = this.#options.openChatId();
    const index = current === null ? -1 : order.indexOf(current);
    const next = index === -1 ? 0 : Math.min(order.length - 1, Math.max(0, index + direction));
    if (order[next] === current) return;
    const fromList = this.#focusedRow() !== null;
    this.#options.openChat(order[next]);
    // Focus follows the selection when it was in the list. Elsewhere it stays put (the composer
    // stays); focus in what the other chat replaced (a message's Reply) goes to the new chat's
    // composer (the conversation's FocusKeeper).
    if (fromList) void this.#host.updateComplete.then(() => this.#row(order[next])?.focus());
  }

  /**
   * Escape closes one layer per press, the most recently opened first (contract §8). A layer in a
   * pane where the key was pressed (a menu, the reply target, the status being looked through)
   * handled it on its way here and marked it (`defaultPrevented`, checked above); a dialog's is
   * its own cancel (the open dialog in the key's path, above). Then, in this order, one of: the
   * open chat's find bar or customer details (its `closeLayer`), back to the list in the one-pane
   * layout, the floating popup.
   */
  #closeLayer(): boolean {
    const conversation = this.#host.renderRoot.querySelector<HTMLElement & { closeLayer(): boolean }>(
      'ocp-conversation',
    );
    if (conversation?.closeLayer()) return true;
    if (this.#backVisible()) {
      this.#options.back();
      return true;
    }
    return this.#options.closePopup();
  }

  /** Narrow layout with a chat open: the back button is on screen. */
  #backVisible(): boolean {
    const back = this.#host.renderRoot.querySelector<HTMLElement>('.conversation__back');
    return back !== null && this.#options.openChatId() !== null && back.getClientRects().length > 0;
  }

  #focusedRow(): HTMLElement | null {
    const active = (this.#host.renderRoot as ShadowRoot).activeElement;
    return active instanceof HTMLElement && active.matches('[part~="chat-item"]') ? active : null;
  }

  #row(chatId: number): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>(`[part~="chat-item"][data-chat-id="${chatId}"]`);
  }
}
