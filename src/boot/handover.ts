/**
 * What the script tag hands the panel it mounted before the panel's code was in
 * (boot/script-tag.ts): the answers it asked for early, whether it drew the first screen, and what
 * the operator did there. The panel reads it once (panel/panel-controller.ts) and starts from it,
 * so that its first render shows what the first screen showed.
 */
import type { EarlyAnswers } from '../core/api/chat-requests.js';
import type { ListFilter } from '../core/state/store-state.js';

export interface Handover {
  readonly answers: EarlyAnswers;
  /** The first screen is drawn in the panel's shadow root, with the panel's own templates. */
  readonly drawn: boolean;
  /** A chat the operator chose on the first screen (its messages are asked for already), or null. */
  readonly chosenChatId: number | null;
  /**
   * The first screen is drawing the chosen chat from its messages' answer (boot/first-conversation.ts):
   * settles once they show, or their answer failed, or the operator touched the panel. The panel
   * takes over after it (its first render waits), so that the messages show when they come rather
   * than after the panel's first render, which they would otherwise wait for on a slow network.
   */
  readonly drawing: Promise<void> | null;
  /** The list's filter as the operator changed it on the first screen, or null when untouched. */
  readonly filter: ListFilter | null;
}

/** A key of the registry's: a second copy of the script (another URL) hands over the same way. */
const handoverKey = Symbol.for('operator-chat-panel.handover');

type Holder = HTMLElement & { [handoverKey]?: Handover };

/** Puts the handover on the panel element the script tag mounts. */
export function handOver(panel: HTMLElement, handover: Handover): void {
  Object.defineProperty(panel, handoverKey, { value: handover, configurable: true });
}

/** The handover, left in place. */
export function handoverOf(panel: HTMLElement): Handover | null {
  return (panel as Holder)[handoverKey] ?? null;
}

/** The handover, taken once: a panel that starts again (a new `base-url`) asks for itself. */
export function takeHandover(panel: HTMLElement): Handover | null {
  const handover = handoverOf(panel);
  delete (panel as Holder)[handoverKey];
  return handover;
}

/** The handover as the script tag fills it in while the operator uses the first screen. */
export type BootHandover = { -readonly [Key in keyof Handover]: Handover[Key] };
