import { LitElement } from 'lit';

/**
 * Base of the panel's internal elements: they render into the panel's one shadow root rather
 * than a shadow root of their own, so every `part` of contract §7 sits in a single tree (the page
 * styles them with `::part()` and finds them with one `shadowRoot.querySelector`) and their
 * styles are adopted once by the panel.
 */
export class LightElement extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
