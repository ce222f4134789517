/**
 * Every public event of `<operator-chat-panel>` (contract §6): names, detail types, and the
 * HTMLElementEventMap entries that type `addEventListener` for page authors. All bubble and are
 * composed, so they cross shadow roots of the host page.
 */

export interface ChatOpenDetail {
  chatId: number;
}
export interface MessageDetail {
  chatId: number;
  messageId: number;
}
export interface UnreadChangeDetail {
  total: number;
}
export interface TokenExpiryDetail {
  /** When the token expires or expired, as an ISO 8601 string. */
  expiresAt: string;
}
export interface TokenInvalidDetail {
  reason: 'missing' | 'malformed' | 'rejected';
}
export interface ErrorDetail {
  code: string;
  message: string;
  status?: number;
}

export interface PanelEventDetails {
  'ocp-ready': Record<string, never>;
  'ocp-chat-open': ChatOpenDetail;
  'ocp-message-sent': MessageDetail;
  'ocp-message-received': MessageDetail;
  'ocp-unread-change': UnreadChangeDetail;
  'ocp-token-expiring': TokenExpiryDetail;
  'ocp-token-expired': TokenExpiryDetail;
  'ocp-token-invalid': TokenInvalidDetail;
  'ocp-error': ErrorDetail;
}

export type PanelEventName = keyof PanelEventDetails;

export function panelEvent<K extends PanelEventName>(name: K, detail: PanelEventDetails[K]): CustomEvent<PanelEventDetails[K]> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}

declare global {
  interface HTMLElementEventMap {
    'ocp-ready': CustomEvent<Record<string, never>>;
    'ocp-chat-open': CustomEvent<ChatOpenDetail>;
    'ocp-message-sent': CustomEvent<MessageDetail>;
    'ocp-message-received': CustomEvent<MessageDetail>;
    'ocp-unread-change': CustomEvent<UnreadChangeDetail>;
    'ocp-token-expiring': CustomEvent<TokenExpiryDetail>;
    'ocp-token-expired': CustomEvent<TokenExpiryDetail>;
    'ocp-token-invalid': CustomEvent<TokenInvalidDetail>;
    'ocp-error': CustomEvent<ErrorDetail>;
  }
}
