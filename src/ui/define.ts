/**
 * Defines a custom element unless the name is taken. The widget script may be loaded twice on one
 * page (contract §1), and each copy carries its own classes: the second must not throw.
 */
export function defineOnce(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, ctor);
}
