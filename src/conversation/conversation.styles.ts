import { css } from 'lit';

export const conversationStyles = css`
  /* A row: the conversation, and the customer details beside it or over it (their styles say which, by this container's width). */
  /* The element, and its frame on the first screen before it is in (boot/first-conversation.ts). */
  ocp-conversation, .conversation-frame { position: relative; display: flex; min-height: 0; min-width: 0; container: ocp-conversation / inline-size; }
  .conversation { position: relative; display: flex; flex-direction: column; flex: 1; min-height: 0; min-width: 0; background: var(--_ocp-bg); }
  /* The conversation's own width, the customer details beside it left out: what its header and composer have room for. */
  .conversation { container: ocp-chat / inline-size; }
  .conversation--drop { outline: 2px dashed var(--_ocp-accent); outline-offset: -6px; }
  .conversation__header {
    display: flex; align-items: center; gap: var(--_ocp-spacing); padding: var(--_ocp-spacing) calc(var(--_ocp-spacing) * 1.5);
    border-bottom: 1px solid var(--_ocp-border); background: var(--_ocp-surface);
  }
  .conversation__header .chat-item__avatar { width: 34px; height: 34px; }
  .conversation__details-toggle {
    display: grid; place-items: center; padding: 4px; color: inherit;
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg);
  }
  .conversation__title .wait-time { align-self: flex-start; margin-top: 2px; }
  .conversation__details-toggle[aria-expanded='true'] { border-color: var(--_ocp-accent); color: var(--_ocp-accent); background: color-mix(in srgb, var(--_ocp-accent) 10%, var(--_ocp-bg)); }
  .conversation__back, .conversation__delete { border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); padding: 4px 10px; }
  /*
   * One row: the controls keep their size, the customer's name takes the rest on one line, elided
   * (the whole of it in its title and in the customer details). A wrapped name took five lines of
   * a 420 px panel, and a wrapping row put the delete button on a line of its own.
   */
  .conversation__header > :not(.conversation__title) { flex: none; }
  .conversation__title { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; }
  .conversation__name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .conversation__channel { font-size: 0.8em; color: var(--_ocp-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .conversation__status { padding: 4px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); }
  .conversation__deeplink { color: var(--_ocp-accent); font-size: 0.85em; white-space: nowrap; }
  .conversation__deeplink .icon { display: none; }
  /*
   * A narrow conversation (the one-pane layout; two panes below about 880 px) gives the name what
   * room it can: no avatar (the row in the list has it), icon buttons, the full-panel link as an
   * icon (its label stays its name), smaller gaps. "Maximilian Oberhauser" stays whole at 420 px.
   */
  @container ocp-chat (max-width: 559px) {
    .conversation__header { gap: 3px; padding-inline: 4px; }
    .conversation__header .chat-item__avatar { display: none; }
    .conversation__back, .conversation__delete, .conversation__find-toggle { padding: 3px; }
    .conversation__status { padding-inline: 2px; }
    .conversation__deeplink .icon { display: block; }
    .conversation__deeplink-label { display: none; }
  }
  .conversation__confirm { border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius); background: var(--_ocp-surface); color: var(--_ocp-text); max-width: 360px; }
  .conversation__confirm::backdrop { background: rgb(0 0 0 / 0.4); }
  .conversation__confirm-actions { display: flex; justify-content: flex-end; gap: var(--_ocp-spacing); }
  .conversation__confirm button { padding: 6px 14px; border-radius: var(--_ocp-radius); border: 1px solid var(--_ocp-control-border); background: var(--_ocp-bg); }
  .conversation__confirm .conversation__confirm-delete { background: var(--_ocp-danger); color: var(--_ocp-danger-text); border-color: var(--_ocp-danger); }
  /* The list keeps its place itself (MessagePlaceController), also where the browser has no
     scroll anchoring (Safari): the native one is off so the two never pull against each other. */
  .conversation__scroll { overflow-anchor: none; flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain; padding: var(--_ocp-spacing) calc(var(--_ocp-spacing) * 1.5); display: flex; flex-direction: column; gap: 6px; }
  /* A short chat sits at the bottom, by the composer, as chats do. */
  .conversation__scroll > :first-child { margin-block-start: auto; }
  .conversation__content, .conversation__outbox { display: flex; flex-direction: column; gap: 6px; }
  /* No content-visibility on the rows: the place is put back from a ResizeObserver, and a row
     skipped out of view is laid out by that very scroll (in Firefox and WebKit inside the same
     observer loop), so its height changes past what the loop delivers and the host page gets a
     "ResizeObserver loop" error. The window of rows (at most 200) bounds the layout instead. */
  .conversation__unread { display: flex; align-items: center; gap: var(--_ocp-spacing); padding-block: 4px; color: var(--_ocp-danger); font-size: 0.8em; font-weight: 600; }
  .conversation__unread::before, .conversation__unread::after { content: ''; flex: 1; border-top: 1px solid currentColor; }
  .conversation__chain { align-self: center; border: 1px solid var(--_ocp-control-border); border-radius: 999px; background: var(--_ocp-surface); padding: 4px 12px; font-size: 0.85em; color: var(--_ocp-accent); }
  .conversation__loading { text-align: center; color: var(--_ocp-muted); }
  .conversation__chain--none { border-style: dashed; color: var(--_ocp-muted); margin: 0; }
  .conversation__chat-start {
    display: flex; align-items: center; gap: var(--_ocp-spacing); margin-block: 10px 2px; color: var(--_ocp-muted);
    font-size: 0.8em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.03em;
  }
  .conversation__chat-start::before, .conversation__chat-start::after { content: ''; flex: 1; border-top: 2px solid var(--_ocp-border); }
  .conversation__day { align-self: center; margin: 6px 0; padding: 2px 10px; border-radius: 999px; background: var(--_ocp-surface); color: var(--_ocp-muted); font-size: 0.8em; border: 1px solid var(--_ocp-border); }
  /* Under the list, in its own space: the typing indicator and the "new messages" control never
     cover a message (the list shrinks for them, and keeps the operator's place as it does). */
  .conversation__below { display: flex; align-items: center; gap: var(--_ocp-spacing); padding-inline: calc(var(--_ocp-spacing) * 1.5); }
  .conversation__below:empty { display: none; }
  .conversation__typing { flex: 1; padding-block: 2px; font-size: 0.85em; color: var(--_ocp-muted); font-style: italic; }
  .conversation__jump {
    margin-inline-start: auto; margin-block: 4px; border: 1px solid var(--_ocp-control-border); border-radius: 999px;
    background: var(--_ocp-surface); color: var(--_ocp-accent); padding: 4px 12px; box-shadow: 0 2px 6px rgb(0 0 0 / 15%);
  }
  .message {
    max-width: min(78%, 560px); padding: 6px 10px; border-radius: var(--_ocp-radius-bubble); background: var(--_ocp-client);
    border: 1px solid var(--_ocp-border); align-self: flex-start; overflow-wrap: anywhere; display: flex; flex-direction: column; gap: 4px;
  }
  .message--operator { align-self: flex-end; background: var(--_ocp-operator); border-color: transparent; }
  .message--bot, .message--account, .message--unknown { background: var(--_ocp-bot); border-style: dashed; }
  .message--internal { align-self: flex-end; background: var(--_ocp-note); border: 1px dashed var(--_ocp-note-border); }
  .message--failed { border: 1px solid var(--_ocp-danger); }
  .message--sending { opacity: 0.75; }
  .message__note-badge { font-size: 0.75em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.03em; color: var(--_ocp-text); }
  .message__author { font-size: 0.8em; font-weight: 600; color: var(--_ocp-muted); }
  .message__text { white-space: pre-wrap; }
  .message__text a { color: var(--_ocp-accent); }
  .message__reply { margin: 0; padding: 2px 8px; border: 0; border-inline-start: 3px solid var(--_ocp-accent); background: color-mix(in srgb, var(--_ocp-text) 5%, transparent); font-size: 0.9em; display: flex; flex-direction: column; text-align: start; color: inherit; min-width: 0; }
  .message__reply--link { cursor: pointer; border-radius: 0 4px 4px 0; }
  .message__reply--link:hover { background: color-mix(in srgb, var(--_ocp-accent) 12%, transparent); }
  .message--highlighted { outline: 2px solid var(--_ocp-accent); outline-offset: 2px; }
  .message:focus-visible { outline: 2px solid var(--_ocp-focus); outline-offset: 2px; }
  .message__reply-author { font-weight: 600; font-size: 0.85em; }
  .message__reply-text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .message__meta { display: flex; align-items: center; justify-content: flex-end; gap: 8px; font-size: 0.75em; color: var(--_ocp-muted); flex-wrap: wrap; }
  .message__action { border: 0; background: none; padding: 0; color: var(--_ocp-accent); font-size: inherit; }
  .message__tick[data-status='read'] { color: var(--_ocp-accent); }
  .message__error { color: var(--_ocp-danger); font-weight: 600; }
  .message__progress { width: 100%; }
`;
