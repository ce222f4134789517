/**
 * The conversation (with the composer and message media) is a chunk of its own: the first screen,
 * the chat list, does not wait for it. The chunk is preloaded once the panel has rendered, so
 * opening a chat does not wait either; a failed load is reported so the panel shows an error
 * banner instead of an empty pane, and is tried again when the panel next renders.
 * `import()` resolves next to the widget script, so the built folder stays copyable.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type ConversationChunk = typeof import('./conversation.js');

let loading: Promise<ConversationChunk> | null = null;
let chunkLoaded: (chunk: ConversationChunk) => void;

/**
 * Resolves when the chunk has loaded (it never loads it): the data layer takes the conversation's
 * actions (sending, drafts, status, delete) from it.
 */
export const conversationLoaded = new Promise<ConversationChunk>((resolve) => (chunkLoaded = resolve));

/** Loads the conversation element once per page; a failure may be tried again. */
export function loadConversation(): Promise<ConversationChunk> {
  loading ??= import('./conversation.js').then(
    (chunk) => {
      chunkLoaded(chunk);
      return chunk;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const retryAfterMs = 5000;

export class ConversationChunkController implements ReactiveController {
  private state: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  private failedAt = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Whether the first screen is up (the list rendered, or a chat is shown). */
    private readonly wanted: () => boolean,
    private readonly onError: () => void,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (!this.wanted()) return;
    if (this.state === 'idle') {
      // After the list's first paint: the list goes first, the conversation right behind it.
      this.state = 'loading';
      requestAnimationFrame(() => setTimeout(() => this.load(), 0));
    } else if (this.state === 'failed' && Date.now() - this.failedAt > retryAfterMs) {
      this.state = 'loading';
      this.load();
    }
  }

  private load(): void {
    loadConversation().then(
      () => {
        this.state = 'loaded';
        this.host.requestUpdate();
      },
      () => {
        this.state = 'failed';
        this.failedAt = Date.now();
        this.onError();
      },
    );
  }
}
