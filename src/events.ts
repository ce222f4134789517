/**
 * Every public event of `<operator-chat-panel>` (contract §6): names, detail types, and the
 * HTMLElementEventMap entries that type `addEventListener` for page authors. All bubble and are
 * composed, so they cross shadow roots of the host page.
 */

/** Detail of `ocp-chat-open`: the chat the operator (or `openChat`, `chat-id`, `phone`) opened. */
export interface ChatOpenDetail {
  chatId: number;
}
/**
 * Detail of `ocp-message-sent` (accepted by the service), `ocp-message-received` (inbound, live)
 * and `ocp-attention` (inbound, live, and the operator cannot be looking at it: the page is
 * hidden, or another chat or none is open; fired whatever `notify` says).
 */
export interface MessageDetail {
  chatId: number;
  messageId: number;
}
/** Detail of `ocp-unread-change`. */
export interface UnreadChangeDetail {
  /** Unread customer messages in the operator's whole inbox, whatever the list's search or filters. */
  total: number;
}
/** Detail of `ocp-token-expiring` (60 s ahead) and `ocp-token-expired`. */
export interface TokenExpiryDetail {
  /** When the token expires or expired, as an ISO 8601 string. */
  expiresAt: string;
}
/** Detail of `ocp-token-invalid`: no token, one that cannot be decoded, or a 401 from the service. */
export interface TokenInvalidDetail {
  reason: 'missing' | 'malformed' | 'rejected';
}
/** Detail of `ocp-error`. */
export interface ErrorDetail {
  /** What failed, e.g. `network`, `server`, `unauthorized`, `rate-limited`, `malformed`. */
  code: string;
  /** A readable explanation, never containing the token. */
  message: string;
  /** The HTTP status, when the service answered. */
  status?: number;
}

/** The detail type of every public event, by event name. */
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
  'ocp-attention': MessageDetail;
}

export type PanelEventName = keyof PanelEventDetails;

/** A public event as the contract requires it: bubbling and composed, with a typed detail. */
export function panelEvent<K extends PanelEventName>(
  name: K,
  detail: PanelEventDetails[K],
): CustomEvent<PanelEventDetails[K]> {
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
    'ocp-attention': CustomEvent<MessageDetail>;
  }
}
