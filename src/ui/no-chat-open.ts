/**
 * What the conversation's place shows while no chat is open: the conversation draws it, and the
 * first screen (boot/first-screen.ts) draws it too, before the conversation's code is in, so the
 * panel taking over changes nothing there. Its styles are the panel's (panelStyles), which the
 * first screen has.
 */
import { css, html } from 'lit';
import { msg } from '../i18n/msg.js';

export function renderNoChatOpen() {
  return html`<section class="no-chat-open" part="conversation"><p>${msg('Choose a chat to read it.')}</p></section>`;
}

/**
 * What the conversation's place shows on the first screen while a chat chosen there is on its way
 * (its messages, or the code that draws them): the conversation says the same in its own frame.
 */
export function renderChatLoading() {
  return html`<section class="no-chat-open" part="conversation" aria-busy="true"><p role="status">${msg('Loading…')}</p></section>`;
}

export const noChatOpenStyles = css`
  .no-chat-open { flex: 1; min-width: 0; display: grid; place-items: center; color: var(--_ocp-muted); background: var(--_ocp-bg); }
`;
