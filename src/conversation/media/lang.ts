/**
 * The language to format numbers in for an element: the nearest `lang` on it or an ancestor,
 * crossing shadow roots, then the page's, then the browser's. Inside a panel the nearest is the
 * panel box, which carries the language its strings are shown in (i18n/locale.ts), so sizes and
 * strings agree. Formatting only: which strings are shown is @lit/localize's business.
 */
export function langOf(element: Element): string {
  let node: Element | null = element;
  while (node) {
    const lang = node.getAttribute('lang');
    if (lang) return lang;
    node = node.parentElement ?? hostOf(node);
  }
  return document.documentElement.lang || navigator.language || 'en';
}

function hostOf(node: Element): Element | null {
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}
