import { css } from 'lit';

export const bannerStyles = css`
  .banners { display: flex; flex-direction: column; }
  .banner {
    display: flex; align-items: center; gap: var(--_ocp-spacing); padding: 6px calc(var(--_ocp-spacing) * 1.5);
    background: var(--_ocp-surface); border-bottom: 1px solid var(--_ocp-border);
    border-inline-start: 4px solid var(--_ocp-muted);
  }
  .banner__text { flex: 1; }
  .banner--error, .banner--config, .banner--auth { border-inline-start-color: var(--_ocp-danger); }
  .banner--offline, .banner--expired { border-inline-start-color: var(--_ocp-warning); }
  .banner__dismiss { border: 0; background: none; padding: 2px 6px; color: var(--_ocp-muted); }
`;
