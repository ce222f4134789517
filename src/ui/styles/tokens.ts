/**
 * The design tokens. Public `--ocp-*` custom properties are read once here, with light and dark
 * defaults, into private `--_ocp-*` ones, so a page can theme the panel from `:root` or the
 * element. Each public property is documented with `@cssprop` on `OperatorChatPanel`; the
 * defaults meet WCAG AA in both themes (text 4.5:1, controls and focus rings 3:1), which
 * test/a11y/contrast.test.ts checks.
 */
import { css } from 'lit';
import { darkTokens } from './dark-tokens.js';

export const tokens = css`
  :host {
    /* Every current engine knows system-ui: the platform names it once stood in for are not looked up. */
    --_ocp-font-family: var(--ocp-font-family, system-ui, sans-serif);
    --_ocp-font-size: var(--ocp-font-size, 14px);
    /*
     * The one smaller size (times, counts, filters, badges), from the panel's size, never from a
     * parent's em: each size and weight the first screen uses is a font the browser looks up
     * before its first layout, so the list keeps to two sizes and two weights (400, 600).
     */
    --_ocp-font-size-small: calc(var(--_ocp-font-size) * 0.85);
    --_ocp-radius: var(--ocp-radius, 10px);
    --_ocp-radius-bubble: var(--ocp-radius-bubble, var(--_ocp-radius));
    --_ocp-spacing: var(--ocp-spacing, 8px);
    --_ocp-list-width: var(--ocp-list-width, 320px);
    --_ocp-bg: var(--ocp-color-bg, #f4f6f8);
    --_ocp-surface: var(--ocp-color-surface, #ffffff);
    --_ocp-text: var(--ocp-color-text, #1b1f24);
    --_ocp-muted: var(--ocp-color-muted, #57606a);
    --_ocp-border: var(--ocp-color-border, #d0d7de);
    --_ocp-control-border: var(--ocp-color-control-border, #737d87);
    --_ocp-accent: var(--ocp-color-accent, #0b5cd5);
    --_ocp-accent-text: var(--ocp-color-accent-text, #ffffff);
    --_ocp-operator: var(--ocp-color-operator, #dcebff);
    --_ocp-client: var(--ocp-color-client, #ffffff);
    --_ocp-bot: var(--ocp-color-bot, #eef0f3);
    --_ocp-note: var(--ocp-color-note, #fff6d6);
    --_ocp-note-border: var(--ocp-color-note-border, #9a7700);
    --_ocp-danger: var(--ocp-color-danger, #c62828);
    --_ocp-danger-text: var(--ocp-color-danger-text, #ffffff);
    --_ocp-warning: var(--ocp-color-warning, #8a5a00);
    /* Reads the accent of the theme in force: custom properties resolve on the element. */
    --_ocp-focus: var(--ocp-color-focus, var(--_ocp-accent));
    color-scheme: light;
  }
  :host([theme='dark']) {
    ${darkTokens}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${darkTokens}
    }
  }
`;

/** Resets every internal element shares: the host page's CSS never reaches in, but defaults do. */
export const base = css`
  :host {
    display: block;
    box-sizing: border-box;
    font-family: var(--_ocp-font-family);
    font-size: var(--_ocp-font-size);
    line-height: 1.4;
    color: var(--_ocp-text);
    text-align: start;
    container-type: inline-size;
  }
  *, *::before, *::after { box-sizing: inherit; }
  [hidden] { display: none !important; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
    overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }
  .icon { display: block; margin: auto; }
  :focus-visible { outline: 2px solid var(--_ocp-focus); outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
  }
`;
