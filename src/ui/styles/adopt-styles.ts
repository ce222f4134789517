/**
 * A lazily loaded element that renders into the panel's shadow root brings its styles along:
 * they are added to that root once, after the panel's own.
 */
import { supportsAdoptingStyleSheets, type CSSResult } from 'lit';

const adopted = new WeakMap<ShadowRoot, Set<CSSResult>>();

export function adoptStyles(root: Node, styles: readonly CSSResult[]): void {
  if (!(root instanceof ShadowRoot)) return;
  const done = adopted.get(root) ?? new Set<CSSResult>();
  adopted.set(root, done);
  const missing = styles.filter((style) => !done.has(style));
  if (missing.length === 0) return;
  for (const style of missing) done.add(style);
  if (supportsAdoptingStyleSheets) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing.map((style) => style.styleSheet!)];
    return;
  }
  for (const style of missing) {
    const element = document.createElement('style');
    element.textContent = style.cssText;
    root.append(element);
  }
}
