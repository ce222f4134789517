/**
 * What the script tag (src/widget-script.ts) hands the panel it mounts before the panel's code is
 * in: the first list's answers, asked early (src/early-answers.ts), and the rows it drew from
 * them (src/first-rows-paint.ts). Neither side imports the other, so that the entry holds none of the
 * panel's code: they agree on a key and an attribute, which test/early-answers.test.ts and
 * test/first-rows.test.ts check.
 */
import type { EarlyAnswers } from '../core/api/chat-api.js';

/** Where the script tag puts its answers on the panel element. */
export const earlyAnswersKey = Symbol.for('operator-chat-panel.early-answers');

/**
 * The answers, taken once: a later API client (a new `base-url`) asks for itself.
 */
export function takeEarlyAnswers(host: HTMLElement): EarlyAnswers | null {
  const early = (host as HTMLElement & { [earlyAnswersKey]?: EarlyAnswers })[earlyAnswersKey] ?? null;
  delete (host as HTMLElement & { [earlyAnswersKey]?: EarlyAnswers })[earlyAnswersKey];
  return early;
}

/** Marks the layer of the script tag's first rows in the panel's shadow root. */
export const firstRowsAttribute = 'data-ocp-first-rows';
/** Where that layer keeps its adopted stylesheet. */
export const firstRowsSheetKey = Symbol.for('operator-chat-panel.first-rows-sheet');

function firstRows(host: HTMLElement): { root: ShadowRoot; layer: Element; sheet: CSSStyleSheet | undefined } | null {
  const root = host.shadowRoot;
  const layer = root?.querySelector(`[${firstRowsAttribute}]`);
  if (!root || !layer) return null;
  return { root, layer, sheet: (layer as Element & { [firstRowsSheetKey]?: CSSStyleSheet })[firstRowsSheetKey] };
}

/**
 * As the panel connects, Lit sets its root's adopted stylesheets to the panel's own: the first
 * rows' sheet goes back beside them, so that the rows keep their look until they go.
 */
export function keepFirstRowsStyle(host: HTMLElement): void {
  const rows = firstRows(host);
  if (rows?.sheet && !rows.root.adoptedStyleSheets.includes(rows.sheet))
    rows.root.adoptedStyleSheets = [...rows.root.adoptedStyleSheets, rows.sheet];
}

/** The panel shows its own list, or what stands in its place: the first rows go, with their sheet. */
export function dropFirstRows(host: HTMLElement): void {
  const rows = firstRows(host);
  if (!rows) return;
  rows.layer.remove();
  rows.root.adoptedStyleSheets = rows.root.adoptedStyleSheets.filter((sheet) => sheet !== rows.sheet);
}
