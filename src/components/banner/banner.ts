/**
 * Status banners (contract §7): `data-kind` says which state they report, so a page can react to
 * and restyle each. Errors can be dismissed; the others last as long as their cause.
 */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { msg } from '@lit/localize';
import { closeIcon } from '../icons.js';

export type BannerKind = 'offline' | 'error' | 'expired' | 'auth' | 'config';

export interface Banner {
  kind: BannerKind;
  message: string;
  onDismiss?: () => void;
}

export function renderBanners(banners: readonly Banner[]) {
  if (banners.length === 0) return nothing;
  return html`<div class="banners">
    ${repeat(
      banners,
      (banner) => banner.kind,
      (
        banner,
      ) => html`<div class="banner banner--${banner.kind}" part="banner banner--${banner.kind}" data-kind=${banner.kind}
        role=${banner.kind === 'offline' ? 'status' : 'alert'}>
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
