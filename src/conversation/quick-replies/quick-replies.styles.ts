import { css } from 'lit';

/*
 * Over the bottom of the message list, anchored to the composer's top edge; no taller than the
 * room up to the list's top (measured by the element into --_ocp-quick-replies-room).
 */
export const quickRepliesStyles = css`
  ocp-quick-replies { position: absolute; inset-inline: var(--_ocp-spacing); bottom: calc(100% + 4px); z-index: 4; }
  .quick-replies {
    position: relative; max-height: min(18em, var(--_ocp-quick-replies-room, 18em)); overflow-y: auto; overscroll-behavior: contain;
    padding: 4px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius);
    background: var(--_ocp-surface); color: var(--_ocp-text); box-shadow: 0 4px 16px rgb(0 0 0 / 18%);
  }
  .quick-replies__item {
    display: grid; grid-template-columns: auto minmax(0, 1fr); align-items: baseline; gap: 0 8px;
    padding: 6px 8px; border-inline-start: 3px solid transparent; border-radius: 6px; cursor: pointer;
  }
  .quick-replies__item:hover { background: color-mix(in srgb, var(--_ocp-text) 6%, transparent); }
  .quick-replies__item[aria-selected='true'] {
    background: color-mix(in srgb, var(--_ocp-accent) 10%, var(--_ocp-surface)); border-inline-start-color: var(--_ocp-accent);
  }
  .quick-replies__shortcut { font-weight: 600; color: var(--_ocp-accent); white-space: nowrap; }
  .quick-replies__title { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .quick-replies__text { grid-column: 1 / -1; font-size: 0.85em; color: var(--_ocp-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .quick-replies__empty { margin: 0; padding: 6px 8px; color: var(--_ocp-muted); }
`;
