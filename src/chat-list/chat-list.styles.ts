import { css } from 'lit';

export const chatListStyles = css`
  ocp-chat-list { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  .chat-list { display: flex; flex-direction: column; min-height: 0; flex: 1; background: var(--_ocp-surface); }
  .chat-list__tools { display: flex; gap: var(--_ocp-spacing); padding: var(--_ocp-spacing); border-bottom: 1px solid var(--_ocp-border); }
  .chat-list__search { flex: 1; min-width: 0; padding: 6px 10px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); }
  .chat-list__filter { max-width: 45%; padding: 6px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-bg); }
  .chat-list__filters {
    display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px var(--_ocp-spacing);
    border-bottom: 1px solid var(--_ocp-border);
  }
  .chat-list__toggle {
    padding: 2px 8px; border: 1px solid var(--_ocp-control-border); border-radius: 999px;
    background: var(--_ocp-bg); color: var(--_ocp-text); font-size: var(--_ocp-font-size-small); cursor: pointer;
  }
  .chat-list__toggle[aria-pressed='true'] { background: var(--_ocp-accent); border-color: var(--_ocp-accent); color: var(--_ocp-accent-text); }
  /*
   * As wide as its chosen option (field-sizing; where an engine lacks it, as its longest), so the
   * choice shows whole in every language; where the row has no room for it, it goes to a line of
   * its own ("Все каналы" was cut to "Все канал" at 420 px).
   */
  .chat-list__channel {
    flex: 0 1 auto; max-width: 100%; field-sizing: content; padding: 2px 6px; border: 1px solid var(--_ocp-control-border);
    border-radius: var(--_ocp-radius); background: var(--_ocp-bg); font-size: var(--_ocp-font-size-small);
  }
  /*
   * The tag menu (tag-filter.ts): its button a toggle that is on while a tag is chosen, its names
   * elided past the row's width (the button's title and its accessible name hold them whole); the
   * menu over the rows, kept inside the list by the element (its left, max-width, max-height).
   */
  ocp-tag-filter { display: flex; min-width: 0; max-width: 100%; }
  .tag-filter { position: relative; display: flex; min-width: 0; max-width: 100%; }
  .tag-filter__button { display: inline-flex; align-items: center; gap: 4px; min-width: 0; max-width: 100%; }
  .tag-filter__button[data-chosen] { background: var(--_ocp-accent); border-color: var(--_ocp-accent); color: var(--_ocp-accent-text); }
  .tag-filter__label { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .tag-filter__arrow { flex: none; width: 0; height: 0; border-inline: 4px solid transparent; border-top: 5px solid currentColor; }
  .tag-filter__menu {
    position: absolute; top: calc(100% + 4px); left: 0; z-index: 4; width: max-content; min-width: max(100%, 10em);
    max-width: 20em; max-height: 16em; overflow-y: auto; overscroll-behavior: contain; padding: 4px; box-sizing: border-box;
    border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius); background: var(--_ocp-surface);
    color: var(--_ocp-text); box-shadow: 0 4px 16px rgb(0 0 0 / 18%); font-size: var(--_ocp-font-size-small);
  }
  .tag-filter__item { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-radius: 6px; cursor: pointer; }
  .tag-filter__item:hover, .tag-filter__item:focus { background: color-mix(in srgb, var(--_ocp-accent) 10%, var(--_ocp-surface)); }
  .tag-filter__item:focus-visible { outline-offset: -2px; }
  .tag-filter__name { min-width: 0; overflow-wrap: anywhere; }
  /* A box drawn in CSS, ticked when checked: no glyph a font may lack. */
  .tag-filter__check {
    position: relative; flex: none; box-sizing: border-box; width: 1.1em; height: 1.1em;
    border: 1.5px solid var(--_ocp-control-border); border-radius: 3px; background: var(--_ocp-bg);
  }
  .tag-filter__item[aria-checked='true'] .tag-filter__check { border-color: var(--_ocp-accent); background: var(--_ocp-accent); }
  .tag-filter__item[aria-checked='true'] .tag-filter__check::after {
    content: ''; position: absolute; left: 30%; top: 6%; width: 28%; height: 58%;
    border: solid var(--_ocp-accent-text); border-width: 0 2px 2px 0; transform: rotate(45deg);
  }
  .chat-list__empty p { margin: 0 0 var(--_ocp-spacing); overflow-wrap: anywhere; }
  .chat-list__clear {
    padding: 4px 12px; border: 1px solid var(--_ocp-control-border); border-radius: var(--_ocp-radius);
    background: var(--_ocp-surface); color: var(--_ocp-accent); cursor: pointer;
  }
  .chat-list__count {
    display: flex; align-items: center; justify-content: space-between; gap: 6px; min-height: 1.9em;
    padding: 2px calc(var(--_ocp-spacing) * 1.5); font-size: var(--_ocp-font-size-small); color: var(--_ocp-muted);
  }
  /* The window of rows places itself from scrollTop (chat-window.ts): the browser's own anchoring would move it again. */
  .chat-list__scroll { overflow-anchor: none; flex: 1; overflow-y: auto; overscroll-behavior: contain; }
  .chat-list__updates {
    border: 1px solid var(--_ocp-control-border); border-radius: 999px; background: var(--_ocp-surface);
    color: var(--_ocp-accent); padding: 0 10px; font-size: inherit; font-weight: 600; white-space: nowrap;
  }
  .chat-item__draft, .chat-item__failed { color: var(--_ocp-danger); font-weight: 600; }
  .chat-list__empty, .chat-list__loading { padding: calc(var(--_ocp-spacing) * 2); color: var(--_ocp-muted); text-align: center; margin: 0; }
  .chat-list__sentinel { height: 1px; }
  .chat-list__spacer { flex: none; }
  .chat-item {
    display: flex; gap: 10px; padding: 10px calc(var(--_ocp-spacing) * 1.5); cursor: pointer;
    border-bottom: 1px solid var(--_ocp-border); border-inline-start: 3px solid transparent;
  }
  .chat-item:hover { background: color-mix(in srgb, var(--_ocp-accent) 6%, transparent); }
  .chat-item[aria-selected='true'] { background: color-mix(in srgb, var(--_ocp-accent) 12%, transparent); border-inline-start-color: var(--_ocp-accent); }
  .chat-item:focus-visible { outline-offset: -2px; }
  /* The avatar's own styles: ui/avatar.ts. */
  .chat-item__main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  .chat-item__top, .chat-item__meta { display: flex; align-items: center; gap: 6px; min-width: 0; }
  .chat-item__name { flex: 1; min-width: 0; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .chat-item__star { color: var(--_ocp-warning); }
  .chat-item__time, .chat-item__meta { font-size: var(--_ocp-font-size-small); color: var(--_ocp-muted); white-space: nowrap; }
  .chat-item__last { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--_ocp-muted); }
  .chat-item[part~='chat-item--unread'] .chat-item__last { color: var(--_ocp-text); }
  .chat-item__you { color: var(--_ocp-text); }
  .chat-item__note { padding: 0 4px; border-radius: 4px; background: var(--_ocp-note); color: var(--_ocp-text); font-weight: 600; }
  .chat-item__draft-file--lost { color: var(--_ocp-danger); }
  .chat-item__channel { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
  /* A waiting customer (ui/wait-time.ts), here and in the open chat's header; stronger once overdue.
     Sized from the panel's font, never rem: the page's root font size must not reach in. */
  .wait-time { padding: 0 6px; border: 1px solid currentColor; border-radius: 999px; color: var(--_ocp-warning); font-size: var(--_ocp-font-size-small); white-space: nowrap; }
  /* A clock face drawn in CSS: no emoji font needed, nothing fetched (strict CSP). */
  .wait-time::before {
    content: ''; display: inline-block; width: 0.7em; height: 0.7em; margin-inline-end: 4px; vertical-align: -0.05em;
    border: 1.5px solid currentColor; border-radius: 50%;
    background: linear-gradient(currentColor, currentColor) 50% 15% / 1.5px 40% no-repeat, linear-gradient(currentColor, currentColor) 75% 50% / 35% 1.5px no-repeat;
  }
  .wait-time[data-overdue] { border-color: var(--_ocp-danger); background: var(--_ocp-danger); color: var(--_ocp-danger-text); font-weight: 600; }
  .chat-item__status { padding: 0 6px; border: 1px solid var(--_ocp-border); border-radius: 999px; }
  .chat-item__badge {
    min-width: 20px; padding: 0 6px; border-radius: 999px; background: var(--_ocp-accent); color: var(--_ocp-accent-text);
    font-weight: 600; text-align: center;
  }
`;
