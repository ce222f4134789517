/**
 * The script tag's work (contract §1): find the tag, mount a panel when it carries a token, lend
 * its token to the page's own panels without one, and forward later token changes. For the panel
 * it mounts, it asks the first questions at once (early-answers.ts) and, on a page where the first
 * screen's code comes before the panel's, draws the first screen with their answer (first-screen.ts).
 */
import { loadLocaleData } from '../i18n/locale-data.js';
import { panelAttributes } from '../panel/attributes.js';
import type { OperatorChatPanel as PanelElement } from '../operator-chat-panel.js';
import { askEarly, type FirstQuestions } from './early-answers.js';
import type * as FirstConversation from './first-conversation.js';
import type * as FirstScreen from './first-screen.js';
import { handOver, type BootHandover } from './handover.js';

const tagName = 'operator-chat-panel';
const scriptId = 'operator-chat-panel-script';
const bootedMark = 'data-ocp-booted';

/** The first screen's code (asked for beside this chunk), what draws a chat chosen there, and the panel's. */
interface BootCode {
  firstScreen: Promise<typeof FirstScreen>;
  firstConversation: Promise<typeof FirstConversation> | null;
  panel: Promise<PanelModule>;
}

type PanelModule = typeof import('../operator-chat-panel.js');

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

/** A module script has no `document.currentScript`: the tag is found by its id, else by its `src`. */
function findScriptTag(scriptUrl: string): HTMLScriptElement | null {
  const byId = document.getElementById(scriptId);
  if (byId instanceof HTMLScriptElement) return byId;
  return (
    Array.from(document.querySelectorAll('script[src]')).find(
      (script): script is HTMLScriptElement => script instanceof HTMLScriptElement && script.src === scriptUrl,
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

/**
 * Mounted before the panel's code is in, the element is upgraded when it is defined; a page whose
 * `whenDefined` callback looks for it finds it.
 */
function mount(script: HTMLScriptElement, questions: FirstQuestions | null, code: BootCode): PanelElement {
  const panel = document.createElement(tagName) as PanelElement;
  for (const { name } of panelAttributes) {
    const value = script.getAttribute(name);
    if (value !== null) panel.setAttribute(name, value);
  }
  panel.setAttribute(bootedMark, '');
  const handover: BootHandover | null = questions && {
    answers: questions,
    drawn: false,
    chosenChatId: null,
    drawing: null,
    filter: null,
  };
  if (handover) handOver(panel, handover);
  const target = mountTarget(script)!;
  target.parent.insertBefore(panel, target.before);
  // A floating panel opens on its launcher: nothing to draw before its code is in.
  if (questions && handover && code.firstConversation) {
    const firstScreenCode = { conversation: code.firstConversation, panel: code.panel };
    code.firstScreen
      .then(({ drawFirstScreen }) => drawFirstScreen(panel, questions, handover, firstScreenCode))
      .catch(() => undefined); // a first screen that cannot be drawn leaves the box to the panel
  }
  return panel;
}

/** Panels in the page without a token of their own take the script tag's. */
function lendToken(script: HTMLScriptElement): void {
  const token = script.getAttribute('token');
  if (!token) return;
  for (const panel of document.querySelectorAll<PanelElement>(`${tagName}:not([token])`))
    panel.setAttribute('token', token);
}

/**
 * Boots the page's script tag, once (a second copy of the script finds it booted), and answers
 * the panel's module. `firstScreen` is the first screen's code, already asked for.
 */
export function boot(
  scriptUrl: string,
  firstScreen: Promise<typeof FirstScreen>,
  loadPanel: () => Promise<PanelModule>,
): Promise<PanelModule> {
  const script = findScriptTag(scriptUrl);
  if (!script || script.hasAttribute(bootedMark)) return loadPanel();
  script.setAttribute(bootedMark, '');
  const questions = askEarly(script, scriptUrl);
  // On a slow network, chunks asked side by side share its bandwidth: each is asked once the one
  // before it is in. Where a first screen is drawn, the code that draws a chat chosen there comes
  // after the first screen's (about when the operator can first choose a chat), and the panel's
  // (more than twice its size) after that.
  const firstConversation =
    questions?.config.mode === 'inline' ? firstScreen.then(() => import('./first-conversation.js')) : null;
  const code: BootCode = {
    firstScreen,
    firstConversation,
    panel: firstConversation ? firstConversation.then(loadPanel, loadPanel) : loadPanel(),
  };
  // The browser's data for the panel's language, loaded while the answers and the code are on
  // their way: the first screen's rows format counts, times and waits with it.
  if (questions) setTimeout(() => loadLocaleData(questions.config.locale));
  let mounted: PanelElement | null = null;
  let lastToken = script.getAttribute('token');
  const run = () => {
    lendToken(script);
    if (script.getAttribute('token')) mounted = mount(script, questions, code);
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
      mounted = mount(script, null, code);
    }
    for (const panel of document.querySelectorAll<PanelElement>(tagName)) {
      if (panel !== mounted && previous !== null && panel.getAttribute('token') === previous && token)
        panel.setAttribute('token', token);
    }
  }).observe(script, { attributes: true, attributeFilter: ['token'] });
  return code.panel;
}
