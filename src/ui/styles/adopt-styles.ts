/**
 * An element that renders into the panel's shadow root brings its styles along: they are added to
 * that root once, after the panel's own, unless the root has them already (the panel's own
 * include the conversation's box, which the first screen draws too).
 */
import { supportsAdoptingStyleSheets, type CSSResult } from 'lit';

const adopted = new WeakMap<ShadowRoot, Set<CSSResult>>();

export function adoptStyles(root: Node, styles: readonly CSSResult[]): void {
  if (!(root instanceof ShadowRoot)) return;
  if (supportsAdoptingStyleSheets) {
    const sheets = root.adoptedStyleSheets;
    const missing = styles.map((style) => style.styleSheet!).filter((sheet) => !sheets.includes(sheet));
    if (missing.length > 0) root.adoptedStyleSheets = [...sheets, ...missing];
    return;
  }
  const done = adopted.get(root) ?? new Set<CSSResult>();
  adopted.set(root, done);
  const missing = styles.filter((style) => !done.has(style));
  if (missing.length === 0) return;
  for (const style of missing) done.add(style);
  for (const style of missing) {
    const element = document.createElement('style');
    element.textContent = style.cssText;
    root.append(element);
  }
}
