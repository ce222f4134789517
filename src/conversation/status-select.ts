/**
 * The open chat's status control (contract §4): a native select, so a click on an option, Enter
 * in its open list, and a page script's `value` with a `change` event choose a status at once.
 * Browsers also turn arrows, Home, End, the page keys and typed letters on the closed select into
 * changes, one saved request per key press; those only look through the statuses here: the one
 * shown is set by Enter, and Escape or leaving the control puts the chat's status back.
 */
import { html } from 'lit';
import { msg } from '../i18n/msg.js';
import { chatStatusLabel } from '../i18n/format.js';

const statuses = [0, 1, 2, 3, 4];
const browsingKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const hintId = 'status-select-hint';

/** A key the closed select answers by showing another option (type-ahead letters included). */
function browses(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false; // Alt+↓ opens the list
  return browsingKeys.has(event.key) || (event.key.length === 1 && event.key !== ' ');
}

export class StatusChoice {
  /** A browsing key is being handled: the change it causes (in the same task) is not a choice. */
  #browsing = false;
  /** The status shown while looking through them, not yet set. */
  #shown: number | null = null;
  readonly #choose: (status: number) => void;
  readonly #current: () => number | null;

  /** `choose` sets a chat's status; `current` is the chat's status now. */
  constructor(choose: (status: number) => void, current: () => number | null) {
    this.#choose = choose;
    this.#current = current;
  }

  /** A status is shown, looked at and not yet set: Escape puts the chat's back (a layer of its own). */
  get looking(): boolean {
    return this.#shown !== null;
  }

  /** The chat changed, or its status did: nothing looked at is pending any more. */
  reset(): void {
    this.#shown = null;
  }

  readonly #handleKeydown = (event: KeyboardEvent): void => {
    const select = event.currentTarget as HTMLSelectElement;
    if (browses(event)) {
      this.#browsing = true;
      // The browser's change comes after this listener, in the same task.
      setTimeout(() => (this.#browsing = false));
    } else if (event.key === 'Enter' && this.#shown !== null) {
      event.preventDefault();
      this.#settle(select, true);
    } else if (event.key === 'Escape' && this.#shown !== null) {
      event.preventDefault(); // handled: it puts the status back; it does not also leave the chat
      this.#settle(select, false);
    }
  };

  readonly #handleChange = (event: Event): void => {
    const select = event.currentTarget as HTMLSelectElement;
    const status = Number(select.value);
    if (this.#browsing) this.#shown = status === this.#current() ? null : status;
    else {
      this.#shown = null;
      if (status !== this.#current()) this.#choose(status);
    }
  };

  readonly #handleBlur = (event: FocusEvent): void => {
    if (this.#shown !== null) this.#settle(event.currentTarget as HTMLSelectElement, false);
  };

  /** Sets the status shown (`apply`), or shows the chat's own again. */
  #settle(select: HTMLSelectElement, apply: boolean): void {
    const shown = this.#shown;
    this.#shown = null;
    const current = this.#current();
    if (apply && shown !== null && shown !== current) this.#choose(shown);
    else if (current !== null) select.value = String(current);
  }

  render(status: number, disabled: boolean) {
    return html`<select part="status-select" class="conversation__status" aria-label=${msg('Chat status')}
      aria-describedby=${hintId} .value=${String(status)} ?disabled=${disabled}
      @keydown=${this.#handleKeydown} @change=${this.#handleChange} @blur=${this.#handleBlur}>
      ${statuses.map((code) => html`<option value=${code} ?selected=${status === code}>${chatStatusLabel(code)}</option>`)}
    </select><span id=${hintId} class="visually-hidden">${msg('Arrow keys look through the statuses; Enter sets the one shown.')}</span>`;
  }
}
