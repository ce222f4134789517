/**
 * Keeps Tab and Shift+Tab inside a modal dialog, going round its controls: a modal dialog leaves
 * the page inert, and the browser's Tab out of its last control lands on the page's body (or the
 * browser's own UI), where the operator loses the dialog. Where the focus goes when it closes is
 * the opener's to say (the browser puts it back where it was before `showModal()`).
 */
const focusable =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A keydown listener for the dialog itself (`event.currentTarget`). */
export function keepTabInDialog(event: KeyboardEvent): void {
  const dialog = event.currentTarget as HTMLDialogElement;
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(focusable)).filter(
    (control) => control.getClientRects().length > 0,
  );
  if (controls.length === 0) return;
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  const index = controls.indexOf(active as HTMLElement);
  const last = controls.length - 1;
  if (event.shiftKey ? index > 0 : index !== -1 && index < last) return; // the browser's own step stays inside
  event.preventDefault();
  controls[event.shiftKey ? last : 0].focus();
}
