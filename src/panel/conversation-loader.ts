/**
 * Loads the conversation chunk (src/conversation/index.ts) once per page; a failed load may be
 * tried again. `import()` resolves next to the widget script, so the built folder stays copyable.
 */
import type { CreateConversation } from './conversation-port.js';

let loading: Promise<CreateConversation> | null = null;

export function loadConversationChunk(): Promise<CreateConversation> {
  loading ??= import('../conversation/index.js').then(
    (chunk) => chunk.createConversation,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
