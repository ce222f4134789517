/**
 * Status banners (contract §7): `data-kind` says which state they report, so a page can react to
 * and restyle each. Errors can be dismissed; the others last as long as their cause.
 */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { msg } from '../../i18n/msg.js';
import type { ApiErrorCode, ConnectionTrouble } from '../../core/api/api-error.js';
import type { ConfigError } from '../config.js';
import { apiErrorText } from '../../i18n/error-text.js';
import { configErrorText } from '../config-text.js';
import type { SessionState } from '../../core/session/session.js';
import { closeIcon } from '../../ui/icons.js';

export type BannerKind = 'offline' | 'error' | 'expired' | 'auth' | 'config';

export interface Banner {
  /** Tells banners of one kind apart (a retrying server and a failed action are both errors). */
  key: string;
  kind: BannerKind;
  message: string;
  onDismiss?: () => void;
}

/** What the panel's banners report, from its state. */
export interface PanelBannerState {
  /** Why the attributes cannot be used, or null. */
  configError: ConfigError | null;
  session: SessionState['kind'];
  /** Why reads are being retried: no answer (offline) or server errors (failing); null: fine. */
  trouble: ConnectionTrouble | null;
  /** The last failed action the operator should hear about, until dismissed. */
  error: { code: ApiErrorCode | null; action: string; chatId?: number } | null;
  dismissError: () => void;
}

/** The banners for a panel state, most fundamental first: config, then sign-in, then the rest. */
export function panelBanners(state: PanelBannerState): Banner[] {
  const banners: Banner[] = [];
  const add = (kind: BannerKind, message: string) => banners.push({ key: kind, kind, message });
  if (state.configError) add('config', configErrorText(state.configError));
  else if (state.session === 'missing') add('auth', msg('Sign-in required: the panel has no operator token.'));
  else if (state.session === 'malformed') add('auth', msg('Sign-in required: the operator token cannot be read.'));
  else if (state.session === 'rejected')
    add('auth', msg('Sign-in required: the chat service rejected the operator token.'));
  else if (state.session === 'expired')
    add('expired', msg('Your session has expired. Drafts and unsent messages are kept until you sign in again.'));
  if (state.trouble === 'offline') add('offline', msg('Connection lost. Retrying…'));
  if (state.trouble === 'failing')
    banners.push({ key: 'failing', kind: 'error', message: msg('The chat service has a problem. Retrying…') });
  if (state.error)
    banners.push({
      key: 'action-error',
      kind: 'error',
      message: apiErrorText(state.error.code, state.error.action, state.error.chatId),
      onDismiss: state.dismissError,
    });
  return banners;
}

/** The banners of a panel state (their styles are the panel's: banners.styles.ts). */
export function renderPanelBanners(state: PanelBannerState) {
  return renderBanners(panelBanners(state));
}

export function renderBanners(banners: readonly Banner[]) {
  if (banners.length === 0) return nothing;
  return html`<div class="banners">
    ${repeat(
      banners,
      (banner) => banner.key,
      (
        banner,
      ) => html`<div class="banner banner--${banner.kind}" part="banner banner--${banner.kind}" data-kind=${banner.kind}
        role=${banner.key === 'offline' || banner.key === 'failing' ? 'status' : 'alert'}>
        <span class="banner__text">${banner.message}</span>
        ${
          banner.onDismiss
            ? html`<button type="button" class="banner__dismiss" aria-label=${msg('Dismiss')} @click=${banner.onDismiss}>${closeIcon}</button>`
            : nothing
        }
      </div>`,
    )}
  </div>`;
}
