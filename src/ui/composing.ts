/**
 * Whether a key belongs to an IME composition (choosing a Japanese or Chinese word), so it must
 * not act as a shortcut or send. Chromium and Firefox mark such keys with `isComposing`; Safari
 * fires the Enter that ends a composition after `compositionend`, with `isComposing` false and
 * only the legacy `keyCode` 229 ("processed by the IME") to tell it apart.
 */
export function isCompositionKey(event: KeyboardEvent): boolean {
  // keyCode is deprecated, yet 229 is the only sign Safari gives.
  return event.isComposing || event.keyCode === 229;
}
