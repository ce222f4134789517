import { css } from 'lit';

export const attachmentPreviewStyles = css`
  :host {
    display: block;
    color: var(--_ocp-text, #1b1f24);
    font: 13px/1.4 system-ui, sans-serif;
  }
  [hidden] {
    display: none !important;
  }
  .preview {
    display: flex;
    align-items: center;
    gap: 10px;
    box-sizing: border-box;
    padding: 6px 8px;
    border: 1px solid var(--_ocp-border, #d5dbe1);
    border-radius: var(--_ocp-radius, 12px);
    background: var(--_ocp-surface, #fff);
  }
  .thumb {
    flex: none;
    display: grid;
    place-items: center;
    inline-size: 48px;
    block-size: 48px;
    border-radius: 6px;
    overflow: hidden;
    background: var(--_ocp-bot, rgb(127 127 127 / 0.14));
    color: var(--_ocp-muted, #5c6670);
  }
  .thumb img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  .text {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-inline-size: 0;
    gap: 2px;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .size {
    color: var(--_ocp-muted, #5c6670);
    font-size: 0.9em;
  }
  progress {
    inline-size: 100%;
    block-size: 4px;
    accent-color: var(--_ocp-accent, #1f6feb);
  }
  .remove {
    flex: none;
    inline-size: 32px;
    block-size: 32px;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: var(--_ocp-muted, #5c6670);
    font-size: 20px;
    line-height: 1;
    cursor: pointer;
  }
  .remove:hover {
    background: var(--_ocp-bot, rgb(127 127 127 / 0.14));
  }
  .remove:focus-visible {
    outline: 2px solid var(--_ocp-focus, #1f6feb);
    outline-offset: 2px;
  }
`;
