/**
 * The bell's choice, kept in localStorage under `ocp:notify-muted` as `1` (muted) or `0` (on).
 * The key holds no token and nothing about the operator: the choice belongs to the person at
 * this browser, who hears the sound and sees the notices, so one key serves every panel of the
 * origin (several tabs, two panels on a page) and they all follow a change at once. Storage that
 * is blocked or full only costs the memory of the choice across reloads.
 */

export const mutePreferenceKey = 'ocp:notify-muted';

type Listener = (muted: boolean | null) => void;
const listeners = new Set<Listener>();

/** True when muted, false when turned on, null when the operator never chose. */
export function readMuted(): boolean | null {
  try {
    const value = globalThis.localStorage?.getItem(mutePreferenceKey);
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}

export function writeMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(mutePreferenceKey, muted ? '1' : '0');
  } catch {
    // Blocked or full: the panels of this page still follow the choice below.
  }
  for (const listener of listeners) listener(muted);
}

/** Calls `listener` when the choice changes in this page or another tab; answers the unsubscribe. */
export function watchMuted(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', handleStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
  };
}

function handleStorage(event: StorageEvent): void {
  if (event.key !== mutePreferenceKey && event.key !== null) return;
  const muted = readMuted();
  for (const listener of listeners) listener(muted);
}
