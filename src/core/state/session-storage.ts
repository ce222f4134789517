/**
 * sessionStorage that never throws: storage can be disabled, full, or blocked in a sandboxed
 * iframe, and the panel must keep working (it only loses persistence across reloads).
 */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the draft lives on in memory for this page.
  }
}
