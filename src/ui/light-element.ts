import { LitElement } from 'lit';
import { updateWhenLocaleChanges } from '../i18n/msg.js';

/**
 * Base of the panel's internal elements: they render into the panel's one shadow root rather
 * than a shadow root of their own, so every `part` of contract §7 sits in a single tree (the page
 * styles them with `::part()` and finds them with one `shadowRoot.querySelector`) and their
 * styles are adopted once by the panel. Each re-renders when the active language changes.
 */
export class LightElement extends LitElement {
  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
