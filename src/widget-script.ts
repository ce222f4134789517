/**
 * The bundle entry a page loads with one script tag (contract §1): defines the element (once,
 * even if the script loads twice), finds its own tag, mounts a panel when the tag has a token,
 * lends the tag's token to panels already in the page, and forwards later token changes.
 *
 * It imports the panel dynamically: so it runs as soon as it arrives, and asks the chat API for
 * the first list (early-answers.ts) while the panel's code downloads, rather than after it.
 */
import { askEarly, earlyAnswersKey, type AskedEarly } from './early-answers.js';
import { firstRowsFor } from './first-rows.js';
import type { OperatorChatPanel as PanelElement } from './operator-chat-panel.js';
import { panelAttributes } from './script-tag.js';

export type * from './events.js';

const tagName = 'operator-chat-panel';
const scriptId = 'operator-chat-panel-script';
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

/** Mounted before the panel's code is in, the element is upgraded when it is defined. */
function mount(script: HTMLScriptElement, early: AskedEarly | null): PanelElement {
  const panel = document.createElement(tagName) as PanelElement;
  // Attributes of contract §2 the tag passes on: the element's own (`token`, `base-url` …).
  for (const name of panelAttributes) {
    const value = script.getAttribute(name);
    if (value !== null) panel.setAttribute(name, value);
  }
  panel.setAttribute(bootedMark, '');
  if (early) Object.defineProperty(panel, earlyAnswersKey, { value: early, configurable: true });
  const target = mountTarget(script)!;
  target.parent.insertBefore(panel, target.before);
  if (early) firstRowsFor(panel, early.firstList);
  return panel;
}

/** Panels in the page without a token of their own take the script tag's. */
function lendToken(script: HTMLScriptElement): void {
  const token = script.getAttribute('token');
  if (!token) return;
  for (const panel of document.querySelectorAll<PanelElement>(`${tagName}:not([token])`))
    panel.setAttribute('token', token);
}

function boot(script: HTMLScriptElement | null, early: AskedEarly | null): void {
  if (!script || script.hasAttribute(bootedMark)) return; // a second copy of the script: already booted
  script.setAttribute(bootedMark, '');
  let mounted: PanelElement | null = null;
  let lastToken = script.getAttribute('token');
  const run = () => {
    lendToken(script);
    if (script.getAttribute('token')) mounted = mount(script, early);
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
      mounted = mount(script, null);
    }
    for (const panel of document.querySelectorAll<PanelElement>(tagName)) {
      if (panel !== mounted && previous !== null && panel.getAttribute('token') === previous && token)
        panel.setAttribute('token', token);
    }
  }).observe(script, { attributes: true, attributeFilter: ['token'] });
}

// The panel's code first: its download is the longest wait before the first row, and the list's
// answers come in well before it.
const panelCode = import('./operator-chat-panel.js');
const ownTag = findScriptTag();
const early = ownTag && !ownTag.hasAttribute(bootedMark) ? askEarly(ownTag, import.meta.url) : null;
if (early) {
  // The first Intl formatter loads the engine's locale data (about 50 ms, four times that on a
  // slow phone). Made while the panel's code downloads, once the list's answer is in and the
  // first rows (first-rows.ts) are on screen, it delays neither; the panel's times then cost less.
  const warmUp = () => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(Date.now());
  void early.firstList.catch(() => undefined).then(() => requestAnimationFrame(() => setTimeout(warmUp)));
}
// The panel is mounted before it is defined (the panel's module defines it as it runs), so a page
// whose `whenDefined` callback looks for it finds it, upgraded.
boot(ownTag, early);
const { OperatorChatPanel } = await panelCode;
export { OperatorChatPanel };

// A second copy of the script (another URL) carries its own classes: the first definition stays.
if (!customElements.get(tagName)) customElements.define(tagName, OperatorChatPanel);
