import { css } from 'lit';

export const bannerStyles = css`
  .banners { display: flex; flex-direction: column; }
  .banner {
    display: flex; align-items: center; gap: var(--_ocp-spacing); padding: 8px calc(var(--_ocp-spacing) * 1.5);
    border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius); background: var(--_ocp-surface);
    border-inline-start: 4px solid var(--_ocp-muted); box-shadow: 0 4px 14px rgb(0 0 0 / 18%);
  }
  .banner__text { flex: 1; }
  .banner--error, .banner--config, .banner--auth { border-inline-start-color: var(--_ocp-danger); }
  .banner--offline, .banner--expired { border-inline-start-color: var(--_ocp-warning); }
  .banner__dismiss { border: 0; background: none; padding: 2px 6px; color: var(--_ocp-muted); }
`;
