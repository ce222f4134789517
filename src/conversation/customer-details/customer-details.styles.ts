import { css } from 'lit';

/*
 * Beside the conversation only where it keeps 480 px beside the pane's 280 (a pane of its own);
 * narrower, over it (a sheet from the inline end, the same element, closed and focused the same
 * way), so the details never squeeze the conversation: beside it at 952 px the name wrapped, the
 * channel read "MessengerA · …" and the placeholder wrapped in 350 px. `ocp-conversation` (the
 * conversation and the details) is the size container (conversation.styles.ts).
 */
export const customerDetailsStyles = css`
  ocp-customer-details {
    position: absolute; inset-block: 0; inset-inline-end: 0; z-index: 5; width: min(100%, 360px);
    display: flex; flex-direction: column; min-height: 0;
    background: var(--_ocp-surface); color: var(--_ocp-text);
    border-inline-start: 1px solid var(--_ocp-border); box-shadow: -4px 0 18px rgb(0 0 0 / 18%);
  }
  @container ocp-conversation (max-width: 479px) {
    ocp-customer-details { width: 100%; border-inline-start: none; box-shadow: none; }
  }
  @container ocp-conversation (min-width: 760px) {
    ocp-customer-details { position: static; flex: none; width: 280px; box-shadow: none; }
  }
  .customer-details { display: flex; flex-direction: column; min-height: 0; flex: 1; }
  .customer-details__header {
    display: flex; align-items: center; gap: var(--_ocp-spacing); min-height: 50px; padding: 0 var(--_ocp-spacing) 0 calc(var(--_ocp-spacing) * 1.5);
    border-bottom: 1px solid var(--_ocp-border);
  }
  .customer-details__title { flex: 1; margin: 0; font-size: 1em; }
  .customer-details__close, .customer-details__copy, .customer-details__retry {
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); color: inherit; padding: 2px 8px;
  }
  .customer-details__close { display: grid; place-items: center; padding: 4px; }
  .customer-details__scroll { flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain; padding: calc(var(--_ocp-spacing) * 1.5); }
  .customer-details__who { display: flex; align-items: center; gap: var(--_ocp-spacing); }
  .customer-details__avatar { width: 48px; height: 48px; font-size: 1.1em; }
  .customer-details__names { display: flex; flex-direction: column; min-width: 0; }
  .customer-details__name { font-weight: 600; font-size: 1.1em; overflow-wrap: anywhere; }
  .customer-details__handle { color: var(--_ocp-muted); overflow-wrap: anywhere; }
  .customer-details__flags { display: flex; flex-wrap: wrap; gap: 4px; margin: var(--_ocp-spacing) 0 0; }
  .customer-details__flag { padding: 0 8px; border-radius: 999px; background: var(--_ocp-danger); color: var(--_ocp-danger-text); font-size: 0.85em; font-weight: 600; }
  .customer-details__fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 12px; margin: calc(var(--_ocp-spacing) * 1.5) 0; }
  .customer-details__fields dt { color: var(--_ocp-muted); font-size: 0.85em; padding-top: 1px; }
  .customer-details__fields dd { margin: 0; overflow-wrap: anywhere; }
  .customer-details__phone { margin-inline-end: 6px; user-select: all; }
  .customer-details__copy { font-size: 0.8em; }
  .customer-details__tags { display: flex; flex-wrap: wrap; gap: 4px; }
  .customer-details__tag { padding: 0 8px; border: 1px solid var(--_ocp-border); border-radius: 999px; font-size: 0.85em; }
  .customer-details__rate { color: var(--_ocp-warning); font-weight: 600; margin-inline-end: 6px; }
  .customer-details__comment { display: block; color: var(--_ocp-muted); font-style: italic; }
  .customer-details__subtitle { margin: 0 0 var(--_ocp-spacing); font-size: 0.9em; color: var(--_ocp-muted); text-transform: uppercase; letter-spacing: 0.03em; }
  .customer-details__quiet { margin: 0; color: var(--_ocp-muted); font-size: 0.9em; }
  .customer-details__retry { margin-inline-start: 6px; font-size: 0.9em; }
  .customer-details__chats { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
  .customer-chat {
    display: flex; flex-direction: column; gap: 2px; width: 100%; padding: 6px 8px; text-align: start; font: inherit; color: inherit;
    border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); cursor: pointer;
  }
  .customer-chat:hover { border-color: var(--_ocp-accent); }
  .customer-chat__top { display: flex; gap: 6px; align-items: center; font-size: 0.8em; color: var(--_ocp-muted); }
  .customer-chat__status { padding: 0 6px; border: 1px solid var(--_ocp-border); border-radius: 999px; }
  .customer-chat__channel { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .customer-chat__last { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
