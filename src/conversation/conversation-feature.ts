/**
 * The conversation feature as the panel sees it (panel/conversation-port.ts): reading the open
 * chat, marking it read, finding a chat by phone, the drafts and outbox of the operator's scope,
 * and the `<ocp-conversation>` bound to all of it. Made once per panel by the chunk's index.
 */
import type { TemplateResult } from 'lit';
import type { ConversationFeature, ConversationHost, ConversationView } from '../panel/conversation-port.js';
import { conversationRecordsSelector } from '../state/selectors.js';
import { ConversationActions } from './conversation-actions.js';
import { renderConversation } from './conversation-binding.js';
import { markRead, openByPhone, readMessages } from './conversation-reads.js';

const noDrafts: ReadonlyMap<number, string> = new Map();
const noFailures: ReadonlySet<number> = new Set();

class PanelConversation implements ConversationFeature {
  private actions: ConversationActions | null = null;
  private scope: string | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void)[] = [];
  private readonly records = conversationRecordsSelector();

  constructor(private readonly host: ConversationHost) {}

  readMessages(chatId: number, isChain: boolean, signal: AbortSignal): Promise<void> {
    return readMessages(this.host, chatId, isChain, signal);
  }

  markRead(chatId: number): Promise<void> {
    return markRead(this.host, chatId, this.host.store.state.messages.get(chatId) ?? []);
  }

  openByPhone(phone: string, narrow: { from?: string | null; source?: number | null }): Promise<number | null> {
    return openByPhone(this.host, phone, narrow);
  }

  useScope(scope: string): void {
    if (this.scope === scope) return;
    this.scope = scope;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    const actions = (this.actions = new ConversationActions(this.host, scope));
    const notify = () => this.listeners.forEach((listener) => listener());
    this.unsubscribe = [actions.outbox.subscribe(notify), actions.drafts.subscribe(notify)];
    notify();
  }

  drafts(): ReadonlyMap<number, string> {
    return this.actions?.drafts.withContent() ?? noDrafts;
  }

  failedChats(): ReadonlySet<number> {
    return this.actions?.outbox.failedChats() ?? noFailures;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  render(view: ConversationView): TemplateResult {
    return renderConversation(this.host, this.actions, view, this.records(this.host.store.state));
  }
}

export function createConversation(host: ConversationHost): ConversationFeature {
  return new PanelConversation(host);
}
