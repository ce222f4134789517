/**
 * The panel's parts (contract §7) as a page reads them, from its open shadow root. A module of its
 * own, free of side effects: the first screen's tests (test/boot/) read the rows the script tag
 * drew before the panel's code is in, which importing support/panel.ts would load. A panel not
 * drawn yet has no shadow root, and no parts.
 */
export function parts(panel: Element, part: string): HTMLElement[] {
  return Array.from(panel.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${part}"]`) ?? []);
}

export function part(panel: Element, part: string): HTMLElement | null {
  return panel.shadowRoot?.querySelector<HTMLElement>(`[part~="${part}"]`) ?? null;
}
