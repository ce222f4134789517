/**
 * What the script tag (src/widget-script.ts) hands the panel it mounts before the panel's code is
 * in: the first list's answers, asked early (src/early-answers.ts), and the rows it drew from
 * them (src/first-rows.ts). Neither side imports the other, so that the entry holds none of the
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

/** The panel shows its own list, or what stands in its place: the first rows go. */
export function dropFirstRows(host: HTMLElement): void {
  host.shadowRoot?.querySelector(`[${firstRowsAttribute}]`)?.remove();
}
