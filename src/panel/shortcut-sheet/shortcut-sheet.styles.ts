import { css } from 'lit';

/*
 * The dialog sits in the top layer, outside the panel's box: it restates the panel's text
 * settings so a page's styles on the element do not change it.
 */
export const shortcutSheetStyles = css`
  .shortcuts {
    box-sizing: border-box; width: min(36em, calc(100vw - 2em)); max-height: calc(100vh - 2em); padding: 0; overflow: auto;
    border: 1px solid var(--_ocp-border); border-radius: var(--_ocp-radius); background: var(--_ocp-surface); color: var(--_ocp-text);
    font-family: var(--_ocp-font-family); font-size: var(--_ocp-font-size); font-weight: 400; line-height: 1.4; text-align: start;
  }
  .shortcuts::backdrop { background: rgb(0 0 0 / 40%); }
  .shortcuts__body { padding: calc(var(--_ocp-spacing) * 2); }
  .shortcuts__header { display: flex; align-items: center; justify-content: space-between; gap: var(--_ocp-spacing); }
  .shortcuts h2 { margin: 0; font-size: 1.15em; }
  .shortcuts h3 {
    margin: calc(var(--_ocp-spacing) * 2) 0 var(--_ocp-spacing); font-size: 0.8em; letter-spacing: 0.04em;
    text-transform: uppercase; color: var(--_ocp-muted);
  }
  /* One column of keys for every section: the sections and their lists are subgrids of it. */
  .shortcuts__sections { display: grid; grid-template-columns: max-content minmax(0, 1fr); column-gap: calc(var(--_ocp-spacing) * 2); }
  .shortcuts section, .shortcuts dl { display: grid; grid-column: 1 / -1; grid-template-columns: subgrid; }
  .shortcuts h3 { grid-column: 1 / -1; }
  .shortcuts dl { margin: 0; row-gap: 6px; }
  .shortcuts__row { display: contents; }
  .shortcuts dt { white-space: nowrap; }
  .shortcuts dd { margin: 0; }
  .shortcuts kbd {
    display: inline-block; min-width: 1.7em; padding: 0 6px; border: 1px solid var(--_ocp-control-border); border-bottom-width: 2px;
    border-radius: 4px; background: var(--_ocp-bg); font: inherit; font-size: 0.85em; text-align: center;
  }
  .shortcuts__close { border: 0; background: none; color: inherit; padding: 4px; border-radius: var(--_ocp-radius); }
`;
