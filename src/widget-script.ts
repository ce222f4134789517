/**
 * The bundle entry a page loads with one script tag (contract §1). Its only work is to ask for
 * the rest: the script tag's boot (boot/script-tag.ts: it mounts the panel and asks the chat API
 * for the first list straight away), the first screen's code (boot/first-screen.ts: the panel's
 * box and chat list, drawn from that answer while the rest still loads) and the panel, which the
 * boot asks for when it is time (after the code that draws a chat chosen on the first screen).
 * The element is defined by the panel's module as it runs (loading the script twice defines it once).
 */
export type * from './events.js';

// The first screen's code is asked for beside the boot, to be ready when the list's answer is
// (the boot asks for it as it runs); the boot asks for the panel's when the page needs it.
const firstScreen = import('./boot/first-screen.js');
const { boot } = await import('./boot/script-tag.js');
const panel = boot(import.meta.url, firstScreen, () => import('./operator-chat-panel.js'));
// A page that imports this module gets the element's class.
const { OperatorChatPanel } = await panel;
export { OperatorChatPanel };
