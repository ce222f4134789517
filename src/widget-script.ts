/**
 * The bundle entry a page loads with one script tag (contract §1). Its only work is to ask for
 * the rest at once, three chunks side by side: the script tag's boot (boot/script-tag.ts: it
 * mounts the panel and asks the chat API for the first list straight away), the first screen's
 * code (boot/first-screen.ts: the panel's box and chat list, drawn from that answer while the
 * rest still loads) and the panel. The element is defined by the panel's module as it runs
 * (loading the script twice defines it once).
 */
export type * from './events.js';

// The boot first, alone on the network (on a slow one the chunks would share its bandwidth): it
// asks for the first list as it runs, and the other two come while that answer is on its way.
const { boot } = await import('./boot/script-tag.js');
const firstScreen = import('./boot/first-screen.js');
const panel = import('./operator-chat-panel.js');
boot(import.meta.url, { firstScreen, panel });
// A page that imports this module gets the element's class.
const { OperatorChatPanel } = await panel;
export { OperatorChatPanel };
