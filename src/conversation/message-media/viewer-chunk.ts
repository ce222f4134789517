import type { ReactiveElement } from 'lit';
import { LazyFeature } from '../../core/lazy-feature.js';

/**
 * The media viewer's code for one element that opens it (a photo, a Story image): a chunk of its
 * own, loaded the first time the operator opens the item, or earlier when the pointer or the focus
 * reaches it, so the click rarely waits. The host renders the viewer once `value` holds it. A
 * load that fails runs `failed` (the host forgets the click; nothing else changes), and the next
 * click or hover tries again at once: only they ask, never the render the failure causes.
 */
export function mediaViewerChunk(host: ReactiveElement, failed: () => void): LazyFeature<object> {
  return new LazyFeature<object>(
    () => import('../media-viewer/index.js'),
    (loaded: object | null) => {
      if (!loaded) failed();
      host.requestUpdate();
    },
    0,
  );
}
