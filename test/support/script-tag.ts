/** The script tag a page author writes, as the boot tests build it. */

/** Where the widget's script is served from in the test runner. */
export const scriptUrl = `${location.origin}/operator-chat-panel/widget-script.js`;

/** A `<script>` element with these attributes, not in the page. */
export function scriptTag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}
