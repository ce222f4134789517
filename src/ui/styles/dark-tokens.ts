import { css } from 'lit';

/**
 * Dark defaults, for `theme="dark"` and for `auto` when the system prefers dark (tokens.ts puts
 * them in both rules). Declarations without a rule, which the build's CSS minifier rejects: they
 * are kept in this file, which it skips, so it can minify the rest of the tokens.
 */
export const darkTokens = css`
  --_ocp-bg: var(--ocp-color-bg, #0d1117);
  --_ocp-surface: var(--ocp-color-surface, #161b22);
  --_ocp-text: var(--ocp-color-text, #e6edf3);
  --_ocp-muted: var(--ocp-color-muted, #9da7b3);
  --_ocp-border: var(--ocp-color-border, #30363d);
  --_ocp-control-border: var(--ocp-color-control-border, #6e7681);
  --_ocp-accent: var(--ocp-color-accent, #58a6ff);
  --_ocp-accent-text: var(--ocp-color-accent-text, #0d1117);
  --_ocp-operator: var(--ocp-color-operator, #17345c);
  --_ocp-client: var(--ocp-color-client, #1f242c);
  --_ocp-bot: var(--ocp-color-bot, #262c36);
  --_ocp-note: var(--ocp-color-note, #3a3000);
  --_ocp-note-border: var(--ocp-color-note-border, #d4a72c);
  --_ocp-danger: var(--ocp-color-danger, #ff7b72);
  --_ocp-danger-text: var(--ocp-color-danger-text, #0d1117);
  --_ocp-warning: var(--ocp-color-warning, #e3b341);
  color-scheme: dark;
`;
