import { css } from 'lit';

export const mediaViewerStyles = css`
  :host {
    display: contents;
  }
  [hidden] {
    display: none !important;
  }
  dialog {
    box-sizing: border-box;
    max-width: 100vw;
    max-height: 100vh;
    padding: 48px 16px 16px;
    border: 0;
    background: transparent;
    color: #fff;
    overflow: hidden;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.82);
  }
  figure {
    margin: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
  }
  .frame {
    max-width: calc(100vw - 32px);
    max-height: calc(100vh - 112px);
    overflow: auto;
  }
  img {
    display: block;
    /* Fits the viewport whatever the photo's size: the dialog's padding and the caption stay visible. */
    max-width: calc(100vw - 32px);
    max-height: calc(100vh - 112px);
    object-fit: contain;
    border-radius: 4px;
    cursor: zoom-in;
  }
  /* At its own size: the frame scrolls when the photo is larger than the screen. */
  .zoomed img {
    max-width: none;
    max-height: none;
    cursor: zoom-out;
  }
  .tools {
    position: fixed;
    top: 8px;
    right: 8px;
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .tool {
    padding: 8px 12px;
    border: 0;
    border-radius: 999px;
    background: rgb(255 255 255 / 0.16);
    color: #fff;
    font: 600 13px/1 system-ui, sans-serif;
    text-decoration: none;
    cursor: pointer;
  }
  .tool:hover {
    background: rgb(255 255 255 / 0.28);
  }
  .tool:focus-visible {
    outline: 2px solid var(--_ocp-focus, #1f6feb);
    outline-offset: 2px;
  }
  figcaption {
    /* Its own dark ground: the caption stays readable whatever the backdrop sits on. */
    padding: 2px 8px;
    border-radius: 4px;
    background: rgb(0 0 0 / 0.7);
    max-width: calc(100vw - 32px);
    font: 13px/1.4 system-ui, sans-serif;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .close {
    inline-size: 40px;
    block-size: 40px;
    border: 0;
    border-radius: 50%;
    background: rgb(255 255 255 / 0.16);
    color: #fff;
    font-size: 24px;
    line-height: 1;
    cursor: pointer;
  }
  .close:hover {
    background: rgb(255 255 255 / 0.28);
  }
  .close:focus-visible {
    outline: 2px solid var(--_ocp-focus, #1f6feb);
    outline-offset: 2px;
  }
`;
