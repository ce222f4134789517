/**
 * The customer's other chats for the details pane: asked of the chat list by the customer's key
 * over every status, newest first, the open chat left out. The controller runs the request when
 * the customer changes, aborts it when they change again or the pane goes, and keeps its state.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Chat } from '../../core/api/chat-wire.js';
import type { CustomerKey } from './customer-record.js';

/** Asks the service for the customer's chats (the binding's, over the panel's API client). */
export type LoadCustomerChats = (key: CustomerKey, signal: AbortSignal) => Promise<readonly Chat[]>;

export type CustomerChatsState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; chats: readonly Chat[] };

/** Newest last message first, without the chat that is open. */
export function otherChats(chats: readonly Chat[], openChatId: number): Chat[] {
  return chats.filter((chat) => chat.id !== openChatId).sort((a, b) => b.lastTime - a.lastTime || b.id - a.id);
}

export class CustomerChatsController implements ReactiveController {
  state: CustomerChatsState = { kind: 'idle' };
  #asked: string | null = null;
  #abort: AbortController | null = null;

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#asked = null;
    this.state = { kind: 'idle' };
  }

  /** Asks again only when the customer or the open chat changed (or `retry`). */
  ask(key: CustomerKey | null, openChatId: number, load: LoadCustomerChats | null, retry = false): void {
    const asked = key && load ? `${JSON.stringify(key)}:${openChatId}` : null;
    if (asked === this.#asked && !retry) return;
    this.#asked = asked;
    this.#abort?.abort();
    this.#abort = null;
    if (!key || !load) {
      this.state = { kind: 'idle' };
      return;
    }
    const abort = (this.#abort = new AbortController());
    this.state = { kind: 'loading' };
    load(key, abort.signal).then(
      (chats) => this.#settle(abort, { kind: 'loaded', chats: otherChats(chats, openChatId) }),
      () => this.#settle(abort, { kind: 'failed' }),
    );
  }

  #settle(abort: AbortController, state: CustomerChatsState): void {
    if (abort !== this.#abort) return;
    this.#abort = null;
    this.state = state;
    this.#host.requestUpdate();
  }
}
