/**
 * The bundle entry a page loads with one script tag (contract §1): defines the element (once,
 * even if the script loads twice), finds its own tag, mounts a panel when the tag has a token,
 * lends the tag's token to panels already in the page, and forwards later token changes.
 */
import { OperatorChatPanel } from './operator-chat-panel.js';
import { defineOnce } from './ui/define.js';

export { OperatorChatPanel };
export type * from './events.js';

const tagName = 'operator-chat-panel';
const scriptId = 'operator-chat-panel-script';
/**
 * Attributes of contract §2 that the script tag passes on to the panel it mounts: the element's
 * own attributes, as Lit derives them from its properties (`token`, `base-url` … `max-upload-bytes`).
 */
const forwardedAttributes = OperatorChatPanel.observedAttributes;
const bootedMark = 'data-ocp-booted';

/**
 * For a page author who left `token` out: a tag without one mounts nothing, which looks broken.
 * A hint, not a warning: a page may well set the token on the tag later.
 */
function hintMissingToken(): void {
  // eslint-disable-next-line no-console
  console.info(
    'operator-chat-panel: the script tag has no token attribute, so no panel is mounted. Set token="<operator JWT>" ' +
      'on it (or later: script.setAttribute(\'token\', jwt)); see "Getting an operator token" in the README.',
  );
}

function findScriptTag(): HTMLScriptElement | null {
  const byId = document.getElementById(scriptId);
  if (byId instanceof HTMLScriptElement) return byId;
  return (
    Array.from(document.querySelectorAll('script[src]')).find(
      (script): script is HTMLScriptElement => script instanceof HTMLScriptElement && script.src === import.meta.url,
    ) ?? null
  );
}

function mountTarget(script: HTMLScriptElement): { parent: Node; before: Node | null } | null {
  const selector = script.getAttribute('mount');
  if (selector) {
    try {
      const target = document.querySelector(selector);
      if (target) return { parent: target, before: null };
      console.warn(`operator-chat-panel: mount="${selector}" matches no element; mounting after the script tag.`);
    } catch {
      console.warn(`operator-chat-panel: mount="${selector}" is not a valid selector; mounting after the script tag.`);
    }
  }
  if (document.body?.contains(script) && script.parentNode)
    return { parent: script.parentNode, before: script.nextSibling };
  return document.body ? { parent: document.body, before: null } : null;
}

function mount(script: HTMLScriptElement): OperatorChatPanel {
  const panel = document.createElement(tagName) as OperatorChatPanel;
  for (const name of forwardedAttributes) {
    const value = script.getAttribute(name);
    if (value !== null) panel.setAttribute(name, value);
  }
  panel.setAttribute(bootedMark, '');
  const target = mountTarget(script)!;
  target.parent.insertBefore(panel, target.before);
  return panel;
}

/** Panels in the page without a token of their own take the script tag's. */
function lendToken(script: HTMLScriptElement): void {
  const token = script.getAttribute('token');
  if (!token) return;
  for (const panel of document.querySelectorAll<OperatorChatPanel>(`${tagName}:not([token])`))
    panel.setAttribute('token', token);
}

function boot(): void {
  const script = findScriptTag();
  if (!script || script.hasAttribute(bootedMark)) return; // a second copy of the script: already booted
  script.setAttribute(bootedMark, '');
  let mounted: OperatorChatPanel | null = null;
  let lastToken = script.getAttribute('token');
  const run = () => {
    lendToken(script);
    if (script.getAttribute('token')) mounted = mount(script);
    // Panels of the page's own need no token on the tag (each shows sign-in-required without one).
    else if (!document.querySelector(tagName)) hintMissingToken();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();

  // Token renewal without a reload: the host sets a new token on the script tag.
  new MutationObserver(() => {
    const token = script.getAttribute('token');
    if (token === lastToken) return;
    const previous = lastToken;
    lastToken = token;
    if (mounted) {
      if (token === null) mounted.removeAttribute('token');
      else mounted.setAttribute('token', token);
    } else if (token && document.body) {
      mounted = mount(script);
    }
    for (const panel of document.querySelectorAll<OperatorChatPanel>(tagName)) {
      if (panel !== mounted && previous !== null && panel.getAttribute('token') === previous && token)
        panel.setAttribute('token', token);
    }
  }).observe(script, { attributes: true, attributeFilter: ['token'] });
}

defineOnce(tagName, OperatorChatPanel);
boot();
