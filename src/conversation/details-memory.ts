/**
 * Whether the operator keeps the customer details open, in localStorage per operator (the key
 * holds the organization and operator ids the token names, never the token). Storage that is
 * blocked or full only costs the memory across reloads.
 */
const key = (scope: string) => `ocp:customer-details:${scope}`;

export function readDetailsOpen(scope: string | null): boolean {
  if (scope === null) return false;
  try {
    return globalThis.localStorage?.getItem(key(scope)) === '1';
  } catch {
    return false;
  }
}

export function saveDetailsOpen(scope: string | null, open: boolean): void {
  if (scope === null) return;
  try {
    globalThis.localStorage?.setItem(key(scope), open ? '1' : '0');
  } catch {
    // Blocked or full: the pane stays as chosen until the panel goes.
  }
}
