/**
 * The key that opens the find bar: Ctrl+F, or Cmd+F on Apple's systems, where Ctrl+F moves the
 * caret in a text field and is left alone.
 */
/** The find bar's id: the header's search control names the bar it opens. */
export const findBarId = 'ocp-message-search';

interface UserAgentData {
  platform?: string;
}

export function onApple(): boolean {
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  return /mac|iphone|ipad|ipod/i.test(data?.platform || navigator.platform || '');
}

export function isFindKey(event: KeyboardEvent): boolean {
  const modifier = onApple() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  // `code` where the layout puts another letter on the key (Ctrl+F on a Russian layout is Ctrl+А).
  return modifier && !event.altKey && !event.shiftKey && (event.key.toLowerCase() === 'f' || event.code === 'KeyF');
}

/** The key as `aria-keyshortcuts` names it. */
export const findKeyShortcut = (): string => (onApple() ? 'Meta+F' : 'Control+F');
