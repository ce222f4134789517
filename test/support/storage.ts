/** Storage in the states a page can find it in: full, or blocked altogether (a sandboxed iframe). */

/** Runs `act` while every sessionStorage write throws, as a full storage does. */
export function whileStorageIsFull<T>(act: () => T): T {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  try {
    return act();
  } finally {
    Storage.prototype.setItem = setItem;
  }
}

/** Runs `act` while reaching `sessionStorage` (or `localStorage`) at all throws, as in an iframe without storage access. */
export function whileStorageIsBlocked<T>(
  act: () => T,
  storage: 'sessionStorage' | 'localStorage' = 'sessionStorage',
): T {
  const own = Object.getOwnPropertyDescriptor(window, storage);
  Object.defineProperty(window, storage, {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  try {
    return act();
  } finally {
    if (own) Object.defineProperty(window, storage, own);
    else delete (window as Partial<Record<typeof storage, Storage>>)[storage];
  }
}
