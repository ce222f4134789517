import { css } from 'lit';

/** The find bar and the header's control that opens it. */
export const findBarStyles = css`
  .conversation__find-toggle {
    display: grid; place-items: center; padding: 4px; color: inherit;
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg);
  }
  .conversation__find-toggle[aria-expanded='true'] { border-color: var(--_ocp-accent); color: var(--_ocp-accent); }
  .find-bar {
    display: flex; align-items: center; gap: 6px; padding: 6px calc(var(--_ocp-spacing) * 1.5);
    border-bottom: 1px solid var(--_ocp-border); background: var(--_ocp-surface);
  }
  .find-bar__input {
    flex: 1 1 8em; min-width: 0; padding: 4px 8px; font: inherit; color: inherit; background: var(--_ocp-bg);
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius);
  }
  .find-bar__status { flex: none; font-size: 0.85em; color: var(--_ocp-muted); white-space: nowrap; }
  .find-bar__wrapped { color: var(--_ocp-text); }
  .find-bar__button {
    flex: none; display: grid; place-items: center; padding: 4px; color: inherit; background: var(--_ocp-bg);
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius);
  }
  .find-bar__button:disabled { opacity: 0.5; }
`;
