import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { LazyFeature } from '../core/lazy-feature.js';
import type { ReceivedMessage } from '../core/live/reduce-event.js';
import type { AttentionController, AttentionOptions } from './attention-controller.js';

/**
 * The title, tone, notices and bell of `notify` are a chunk of their own, loaded once `notify`
 * holds a way: a page that asks for none never fetches them (`ocp-attention` needs none). A chunk
 * that cannot load leaves the panel as without `notify`; a later update tries again, 5 s on.
 */
export class AttentionLoader implements ReactiveController {
  readonly #feature: LazyFeature<AttentionController>;
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: AttentionOptions;

  constructor(host: ReactiveControllerHost & HTMLElement, options: AttentionOptions) {
    this.#host = host;
    this.#options = options;
    this.#feature = new LazyFeature(
      () =>
        import('./attention-controller.js').then(({ AttentionController }) => new AttentionController(host, options)),
      () => host.requestUpdate(), // the bell and the title show once the chunk is in
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
    this.#feature.value?.notice(messages);
  }

  renderBell(): TemplateResult | typeof nothing {
    return this.#feature.value?.renderBell() ?? nothing;
  }
}
