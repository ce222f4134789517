import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { LazyFeature } from '../core/lazy-feature.js';
import type { ReceivedMessage } from '../core/live/reduce-event.js';
import type { AttentionController, AttentionOptions } from './attention-controller.js';

type Host = ReactiveControllerHost & HTMLElement;

/** What the panel uses of the attention chunk's controller. */
type Attention = Pick<AttentionController, 'notice' | 'renderBell'>;

/** Loads the attention chunk and makes its controller for the panel (a test may give its own). */
export type AttentionImport = (host: Host, options: AttentionOptions) => Promise<Attention>;

const importAttention: AttentionImport = (host, options) =>
  import('./attention-controller.js').then(({ AttentionController }) => new AttentionController(host, options));

/**
 * The title, tone, notices and bell of `notify` are a chunk of their own, loaded once `notify`
 * holds a way: a page that asks for none never fetches them (`ocp-attention` needs none). A chunk
 * that cannot load leaves the panel as without `notify`; a later update tries again, 5 s on.
 */
export class AttentionLoader implements ReactiveController {
  readonly #feature: LazyFeature<Attention>;
  readonly #host: Host;
  readonly #options: AttentionOptions;
  /**
   * Messages heard of in a hidden page while the chunk is on its way (a panel opened in a
   * background tab, a slow network): noticed once it is in, so that none goes without its desktop
   * notice. Those heard while the page showed get none, as when the chunk is in (and no tone
   * either way: the tone waits for a press in the panel, which the chunk listens for). Let go if
   * it cannot load.
   */
  #waiting: ReceivedMessage[] = [];

  constructor(host: Host, options: AttentionOptions, load: AttentionImport = importAttention) {
    this.#host = host;
    this.#options = options;
    this.#feature = new LazyFeature(
      () => load(host, options),
      (controller) => {
        const waiting = this.#waiting;
        this.#waiting = [];
        if (controller && waiting.length > 0) controller.notice(waiting);
        host.requestUpdate(); // the bell and the title show once the chunk is in
      },
    );
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.requestUpdate(); // hostUpdated reads `notify` now, not at the next news
  }

  hostUpdated(): void {
    if (this.#feature.status === 'ready' || this.#feature.status === 'loading') return;
    const ways = this.#options.ways();
    if (ways.title || ways.sound || ways.desktop) void this.#feature.load();
  }

  notice(messages: readonly ReceivedMessage[]): void {
    const controller = this.#feature.value;
    if (controller) controller.notice(messages);
    else if (this.#feature.status === 'loading' && document.visibilityState === 'hidden')
      this.#waiting.push(...messages);
  }

  renderBell(): TemplateResult | typeof nothing {
    return this.#feature.value?.renderBell() ?? nothing;
  }
}
