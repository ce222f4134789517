import { css } from 'lit';

export const composerStyles = css`
  /* --_ocp-composer-control: the controls' height, which is the height of an empty composer's row. */
  ocp-composer, .composer-place {
    --_ocp-composer-control: 38px; display: block; border-top: 1px solid var(--_ocp-border); background: var(--_ocp-surface);
  }
  /* The empty composer's place on the first screen (boot/first-conversation.ts), held until it is in. */
  .composer-place { box-sizing: content-box; height: calc(var(--_ocp-composer-control) + 2 * var(--_ocp-spacing)); }
  .composer { position: relative; display: flex; flex-direction: column; gap: 6px; padding: var(--_ocp-spacing); }
  .composer--note { background: var(--_ocp-note); }
  .composer__row { display: flex; align-items: flex-end; gap: 6px; }
  .composer__input {
    flex: 1; min-width: 0; min-height: var(--_ocp-composer-control); max-height: 160px; resize: none; field-sizing: content;
    padding: 8px 10px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg);
  }
  /* One line, elided where it must: a wrapped placeholder made the empty field two lines tall.
     Typed text wraps, so nothing scrolls sideways (Firefox gave the long placeholder a scrollbar). */
  .composer__input { overflow-x: hidden; }
  .composer__input::placeholder { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .composer--note .composer__input { border-color: var(--_ocp-note-border); }
  .composer__icon-button {
    flex: none; width: var(--_ocp-composer-control); height: var(--_ocp-composer-control); border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius);
    background: var(--_ocp-bg);
  }
  .composer__note-toggle[aria-pressed='true'] { background: var(--_ocp-note); border-color: var(--_ocp-note-border); }
  .composer__send {
    flex: none; height: var(--_ocp-composer-control); padding: 0 16px; border: 0; border-radius: var(--_ocp-radius);
    background: var(--_ocp-accent); color: var(--_ocp-accent-text); font-weight: 600;
  }
  .composer__send:disabled { opacity: 0.5; cursor: default; }
  .composer__send .icon { display: none; }
  /*
   * A narrow conversation (conversation.styles.ts, ocp-chat) leaves the placeholder room: the send
   * button shows its icon alone, named by its label ("Отправить" took 117 of 420 px and the
   * placeholder wrapped).
   */
  @container ocp-chat (max-width: 559px) {
    .composer__send { width: var(--_ocp-composer-control); padding: 0; }
    .composer__send .icon { display: block; }
    .composer__send-label { display: none; }
  }
  .composer__reply { display: flex; align-items: center; gap: 6px; padding: 4px 8px; border-inline-start: 3px solid var(--_ocp-accent); background: var(--_ocp-bg); }
  .composer__reply .composer__icon-button { width: 28px; height: 28px; }
  .composer__reply-label { font-size: 0.8em; color: var(--_ocp-muted); }
  .composer__reply-text { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .composer__reply--lost { border-inline-start-color: var(--_ocp-danger); }
  .composer__reply-text--wrap { white-space: normal; }
  /* Ten files would push the text off a short panel: the list scrolls past about three. */
  .composer__files { display: flex; flex-direction: column; gap: 4px; margin: 0; padding: 0; list-style: none; max-height: 13.5rem; overflow-y: auto; }
  .composer__refusal { margin: 0; color: var(--_ocp-danger); font-weight: 500; }
  .composer__notice { margin: 0; font-size: 0.85em; color: var(--_ocp-text); font-weight: 500; }
  .composer__note-hint { margin: 0; font-size: 0.85em; color: var(--_ocp-text); }
`;
