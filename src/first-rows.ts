/**
 * The first rows of the chat list, drawn by the script tag's own code while the panel's code still
 * downloads (contract §1: the first chat row on a slow network). The entry asks for the list's
 * first page as it starts (early-answers.ts); on a slow network that answer is in long before the
 * panel's code, which is forty times its size. Rather than an empty box until then, the operator
 * reads the chats already.
 *
 * Drawn only where they help: an inline panel (a floating one opens on a launcher), a page of
 * chats in a 200 answer that was slow to come, and the panel's code not in yet. This module only
 * decides: the drawing (first-rows-paint.ts, 2 KB) is a chunk fetched on a slow network alone,
 * beside the list's answer, so a page on a quick network never downloads it.
 */
import type { ReadAnswer } from './core/api/chat-api.js';

/**
 * What makes a network slow enough for the rows: the script tag's own file took `scriptMs` or more
 * to come, and the list's answer `answerMs` or more. Both take about 200 ms on contract §1's slow
 * profile (150 ms of it the round trip). On a quicker network the panel's code follows the answer
 * in a moment, and rows replaced at once would only flicker, and go from under a click that
 * found them (a script's, an operator's). The script's own time says it of the network, not of a
 * chat API that is busy.
 */
export const slowNetwork = { scriptMs: 120, answerMs: 150 };

/**
 * For an inline panel mounted before its code is in: its shadow root at once (as the panel's own
 * would be, so a page observing it sees the rows arrive), and the rows when the list's answer
 * comes, if the code has not and the network is slow (`slowNetwork`).
 */
export function firstRowsFor(
  panel: HTMLElement,
  answer: Promise<ReadAnswer>,
  slow = slowNetwork,
  scriptUrl = import.meta.url,
): void {
  if (customElements.get(panel.localName) || panel.shadowRoot || panel.getAttribute('mode') === 'floating') return;
  const root = panel.attachShadow({ mode: 'open' });
  const asked = performance.now();
  // No entry (a full timing buffer): taken for a quick network, so no rows and no fetch.
  const scriptMs = performance.getEntriesByName(scriptUrl)[0]?.duration ?? 0;
  if (scriptMs < slow.scriptMs) return;
  const painting = import('./first-rows-paint.js');
  const answered = answer.then((read) => ({ read, slow: performance.now() - asked >= slow.answerMs }));
  Promise.all([answered, painting])
    .then(
      ([{ read, slow: slowAnswer }, { paintFirstRows }]) =>
        slowAnswer && !customElements.get(panel.localName) && panel.isConnected && paintFirstRows(root, read),
    )
    .catch(() => undefined); // a failed answer is the panel's to report; a failed chunk leaves the box empty
}
