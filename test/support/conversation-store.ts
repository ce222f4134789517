/**
 * A panel store bound to an operator's scope as the panel binds it (restored from storage,
 * changes written back), and the questions the drafts and outbox tests ask of it, answered
 * through the store's actions and selectors.
 */
import { ChatStore } from '../../src/core/state/chat-store.js';
import { emptyDraft, type Draft } from '../../src/core/state/composer-draft.js';
import { keepConversation } from '../../src/core/state/conversation-storage.js';
import { outboxEntry, type OutboxEntry } from '../../src/core/state/outbox-entry.js';
import { chatOutboxSelector } from '../../src/core/state/conversation-selectors.js';
import { draftPreviewsSelector, failedChatsSelector } from '../../src/core/state/selectors.js';

function boundStore(scope: string): ChatStore {
  const store = new ChatStore();
  keepConversation(store, scope);
  return store;
}

/** The drafts of a scope: as a panel loaded now (after a reload, when one came before) has them. */
export function draftsOf(scope: string) {
  const store = boundStore(scope);
  const previews = draftPreviewsSelector();
  return {
    store,
    load: (chatId: number): Draft => store.state.drafts.get(chatId) ?? emptyDraft,
    save: (chatId: number, draft: Draft) => store.dispatch({ type: 'draft-changed', chatId, draft }),
    clear: (chatId: number) => store.dispatch({ type: 'draft-changed', chatId, draft: emptyDraft }),
    withContent: () => previews(store.state),
  };
}

/** The outbox of a scope: as a panel loaded now (after a reload, when one came before) has it. */
export function outboxOf(scope: string) {
  const store = boundStore(scope);
  const failed = failedChatsSelector();
  const forChat = chatOutboxSelector();
  return {
    store,
    add(...message: Parameters<typeof outboxEntry>): OutboxEntry {
      const entry = outboxEntry(...message);
      store.dispatch({ type: 'outbox-added', entry });
      return entry;
    },
    update: (localId: string, patch: Partial<Pick<OutboxEntry, 'state' | 'error' | 'progress'>>) =>
      store.dispatch({ type: 'outbox-changed', localId, patch }),
    remove: (localId: string) => store.dispatch({ type: 'outbox-removed', localId }),
    get: (localId: string) => store.state.outbox.find((entry) => entry.localId === localId),
    forChat: (chatId: number) => forChat(store.state, chatId),
    failedChats: () => failed(store.state),
    /** Called for every change of the outbox; answers the unsubscribe. */
    subscribe: (listener: () => void) =>
      store.subscribe((state, previous) => state.outbox !== previous.outbox && listener()),
  };
}
