import { css } from 'lit';
import { chatListStyles } from './chat-list/chat-list.styles.js';
import { composerStyles } from './conversation/composer/composer.styles.js';
import { conversationStyles } from './conversation/conversation.styles.js';
import { bannerStyles } from './panel/banners/banners.styles.js';
import { avatarStyles } from './ui/avatar.js';
import { noChatOpenStyles } from './ui/no-chat-open.js';
import { base, tokens } from './ui/styles/tokens.js';

const layout = css`
  :host { height: 100%; min-height: 320px; }
  :host([mode='floating']) { height: auto; min-height: 0; }
  /*
   * The panel fills whatever height the page gives the element: its own \`height\`, a parent
   * with a height, a flex or grid track. Given none, \`100%\` means "as tall as the content",
   * thousands of pixels for a long list; so the panel asks for a default height, which the
   * min and max pin to the element's height whenever that resolves (when it does not, they
   * count as none). Nothing here competes with the page's own rules on the element.
   */
  .panel {
    height: var(--ocp-default-height, 600px); min-height: 100%; max-height: 100%;
    display: flex; flex-direction: column; overflow: hidden;
    background: var(--_ocp-bg); border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius);
  }
  /*
   * A page's CSS wins over :host (e.g. \`* { all: unset }\`), and inherited text styles pass
   * into shadow trees: the panel's own box restates them, and is the layout's size container.
   */
  .panel { container: ocp-panel / inline-size; }
  .panel, .launcher {
    box-sizing: border-box;
    font-family: var(--_ocp-font-family); font-size: var(--_ocp-font-size); font-style: normal; font-weight: 400;
    line-height: 1.4; color: var(--_ocp-text); letter-spacing: normal; word-spacing: normal; text-transform: none;
    text-indent: 0; text-align: start; white-space: normal; text-shadow: none; cursor: auto;
  }
  .panel__header { display: flex; align-items: center; gap: var(--_ocp-spacing); padding: var(--_ocp-spacing) calc(var(--_ocp-spacing) * 1.5); background: var(--_ocp-surface); border-bottom: 1px solid var(--_ocp-border); }
  .panel__title { flex: 1; font-weight: 700; font-size: 1.05em; }
  .panel__unread, .launcher__badge { min-width: 22px; padding: 1px 7px; border-radius: 999px; background: var(--_ocp-danger); color: var(--_ocp-danger-text); font-weight: 600; font-size: var(--_ocp-font-size-small); text-align: center; }
  /* The header's own colour, so a page that recolours the header part keeps the button readable. */
  .panel__close, .panel__bell { border: 0; background: none; color: inherit; padding: 4px; border-radius: var(--_ocp-radius); }
  /* Why desktop notifications cannot show: a line of its own under the header's row. */
  .panel__header { flex-wrap: wrap; }
  .panel__note { flex-basis: 100%; font-size: var(--_ocp-font-size-small); color: var(--_ocp-muted); }
  /*
   * Banners have a strip of their own above the panes, inside the panel's height: they cover
   * nothing (the open chat's header, the filters), and the page around the panel never moves.
   * The panes give up the strip's height; the conversation keeps the operator's place on resize.
   */
  .panel__body { flex: 1; min-height: 0; display: flex; flex-direction: column; }
  .panel__body > .banners { flex: none; max-height: 40%; overflow-y: auto; }
  .panel__panes { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr); }
  .panel__list { border-inline-end: 1px solid var(--_ocp-border); }
  /* An expired session: what was on screen stays, dimmed, until a new token arrives. */
  .panel__panes--paused { filter: grayscale(1) brightness(0.97); }
  /* One pane when narrow: the list, or the open chat with a back control. */
  .panel--chat-open .panel__list { display: none; }
  .panel:not(.panel--chat-open) .panel__conversation { display: none; }
  /* Named: the conversation is a size container of its own (its customer details), and the back
     control inside it asks about the panel's width, not the conversation's. */
  @container ocp-panel (min-width: 640px) {
    .panel__panes { grid-template-columns: var(--_ocp-list-width) minmax(0, 1fr); }
    .panel--chat-open .panel__list { display: flex; }
    .panel:not(.panel--chat-open) .panel__conversation { display: flex; }
    .conversation__back { display: none; }
  }
  .launcher {
    position: fixed; inset-inline-end: 20px; bottom: 20px; z-index: 2147483000; width: 56px; height: 56px; border-radius: 50%;
    border: 0; background: var(--_ocp-accent); color: var(--_ocp-accent-text); box-shadow: 0 4px 14px rgb(0 0 0 / 25%);
  }
  .launcher .icon { width: 26px; height: 26px; }
  /* The launcher's code did not load: the stand-in (operator-chat-panel.ts) says so, in the danger colours. */
  .launcher--failed { background: var(--_ocp-danger); color: var(--_ocp-danger-text); font-size: 1.6em; font-weight: 700; text-align: center; }
  .launcher--failed[aria-busy='true'] { opacity: 0.7; cursor: progress; }
  .launcher__badge { position: absolute; top: -4px; inset-inline-end: -4px; }
  .popup {
    position: fixed; inset-inline-end: 20px; bottom: 88px; z-index: 2147483000; width: min(900px, calc(100vw - 40px));
    height: min(640px, calc(100vh - 120px)); box-shadow: 0 8px 30px rgb(0 0 0 / 25%); border-radius: var(--_ocp-radius);
    container-type: inline-size;
  }
`;

// The open chat's box and its composer are the panel's from its first render (the first screen
// draws a chat chosen there, boot/first-conversation.ts); the find bar's come with it.
export const panelStyles = [
  tokens,
  base,
  layout,
  bannerStyles,
  avatarStyles,
  chatListStyles,
  noChatOpenStyles,
  conversationStyles,
  composerStyles,
];
