import { css } from 'lit';
import { bannerStyles } from './components/banner/banner.styles.js';
import { chatListStyles } from './components/chat-list/chat-list.styles.js';
import { base, tokens } from './styles/tokens.js';

const layout = css`
  :host { height: 100%; min-height: 320px; }
  :host([mode='floating']) { height: auto; min-height: 0; }
  .panel {
    height: 100%; display: flex; flex-direction: column; overflow: hidden;
    background: var(--_ocp-bg); border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius);
  }
  .panel__header { display: flex; align-items: center; gap: var(--_ocp-spacing); padding: var(--_ocp-spacing) calc(var(--_ocp-spacing) * 1.5); background: var(--_ocp-surface); border-bottom: 1px solid var(--_ocp-border); }
  .panel__title { flex: 1; font-weight: 700; font-size: 1.05em; }
  .panel__unread, .launcher__badge { min-width: 22px; padding: 1px 7px; border-radius: 999px; background: var(--_ocp-danger); color: #fff; font-weight: 700; font-size: 0.8em; text-align: center; }
  .panel__close { border: 0; background: none; color: var(--_ocp-muted); }
  .panel__panes { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr); }
  .panel__list { border-inline-end: 1px solid var(--_ocp-border); }
  /* One pane when narrow: the list, or the open chat with a back control. */
  .panel--chat-open .panel__list { display: none; }
  .panel:not(.panel--chat-open) .panel__conversation { display: none; }
  @container (min-width: 640px) {
    .panel__panes { grid-template-columns: var(--_ocp-list-width) minmax(0, 1fr); }
    .panel--chat-open .panel__list { display: flex; }
    .panel:not(.panel--chat-open) .panel__conversation { display: flex; }
    .conversation__back { display: none; }
  }
  .launcher {
    position: fixed; inset-inline-end: 20px; bottom: 20px; z-index: 2147483000; width: 56px; height: 56px; border-radius: 50%;
    border: 0; background: var(--_ocp-accent); color: var(--_ocp-accent-text); font-size: 24px; box-shadow: 0 4px 14px rgb(0 0 0 / 25%);
  }
  .launcher__badge { position: absolute; top: -4px; inset-inline-end: -4px; }
  .popup {
    position: fixed; inset-inline-end: 20px; bottom: 88px; z-index: 2147483000; width: min(900px, calc(100vw - 40px));
    height: min(640px, calc(100vh - 120px)); box-shadow: 0 8px 30px rgb(0 0 0 / 25%); border-radius: var(--_ocp-radius);
    container-type: inline-size;
  }
`;

// The conversation and composer styles travel with their lazily loaded chunk (conversation-chunk.ts).
export const panelStyles = [tokens, base, layout, bannerStyles, chatListStyles];
