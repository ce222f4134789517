/** Mounting and reading the real panel in tests. */
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/widget-script.js';
import { longWait } from './waits.js';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { part, parts } from './parts.js';
import { mediaChatId, type TestOrg } from './reference-api.js';

export async function mountPanel(attributes: Record<string, string | boolean> = {}): Promise<OperatorChatPanel> {
  const panel = document.createElement('operator-chat-panel');
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) panel.setAttribute(name, '');
    else if (value !== false) panel.setAttribute(name, value);
  }
  panel.style.height = '600px';
  panel.style.width = '1000px';
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.append(panel);
  await panel.updateComplete;
  return panel;
}

export { part, parts };

export async function waitForPart(
  panel: Element,
  name: string,
  predicate: (elements: HTMLElement[]) => boolean = (elements) => elements.length > 0,
  message?: string,
): Promise<HTMLElement[]> {
  await waitUntil(() => predicate(parts(panel, name)), message ?? `waiting for part ${name}`, longWait);
  // And the panel's update that drew it complete: a list shows its rows in sight a frame before
  // the rest of its page (chat-list/chat-window.ts), and a test that then takes the rows means all.
  await (panel as Partial<OperatorChatPanel>).updateComplete;
  return parts(panel, name);
}

/**
 * The list's first `count` rows but the seed's chat of every media kind (`mediaChatId`): the chats
 * a test of something else opens, writes in and moves between. That chat's media (audio players,
 * pictures, an animated sticker, videos that fail and fall back to file rows) cost such a test up
 * to four times its CPU in WebKit, and half as much again in Firefox and Chromium, for nothing it
 * looks at, in the browsers' media and image work rather than the panel's scripts; the tests of
 * media, and those that want that chat, open it by its id.
 */
export async function chatRowsToWriteIn(panel: Element, org: TestOrg, count = 1): Promise<HTMLElement[]> {
  const mediaChat = String(mediaChatId(org));
  const others = (rows: HTMLElement[]) => rows.filter((row) => row.dataset.chatId !== mediaChat);
  const rows = await waitForPart(panel, 'chat-item', (items) => others(items).length >= count);
  return others(rows).slice(0, count);
}

/** Clicks the chat's row, and waits for its messages unless `waitForMessages` is false (they are slow on purpose). */
export async function openChatByClick(
  panel: Element,
  chatId: number,
  { waitForMessages = true }: { waitForMessages?: boolean } = {},
): Promise<void> {
  const row = await waitForPart(panel, 'chat-item', (rows) =>
    rows.some((row) => row.dataset.chatId === String(chatId)),
  );
  row.find((element) => element.dataset.chatId === String(chatId))!.click();
  if (waitForMessages) await waitUntil(() => parts(panel, 'message').length > 0, 'messages render', longWait);
}

/** Types into the composer as a user would and waits for the composer to re-render. */
export async function typeInComposer(panel: Element, text: string): Promise<void> {
  const input = part(panel, 'composer-input') as HTMLTextAreaElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await (panel.shadowRoot!.querySelector('ocp-composer') as unknown as { updateComplete: Promise<unknown> })
    .updateComplete;
}

/** Sends what the composer holds after typing `text`, as a note or to the customer, and waits for the service's answer. */
export async function sendFromComposer(panel: Element, text: string, mode: 'note' | 'customer'): Promise<void> {
  const toggle = part(panel, 'note-toggle')!;
  if ((toggle.getAttribute('aria-pressed') === 'true') !== (mode === 'note')) toggle.click();
  await typeInComposer(panel, text);
  const sent = oneEvent(panel, 'ocp-message-sent');
  (part(panel, 'send-button') as HTMLButtonElement).click();
  await sent;
}

/** A chat's row, when the list shows it. */
export function chatRow(panel: Element, chatId: number): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>(`[part~="chat-item"][data-chat-id="${chatId}"]`);
}

/** What the operator reads in a chat's row as its last message (or its draft). */
export function rowLastLine(panel: Element, chatId: number): string {
  return chatRow(panel, chatId)?.querySelector('.chat-item__last')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** A `wait-time` as the operator sees it: its text, " overdue" when marked so, or "none" when not in sight. */
export function shownWait(panel: Element, time: HTMLTimeElement | null): string {
  if (!time || !seenInPanel(panel, time)) return 'none';
  return `${time.textContent}${time.hasAttribute('data-overdue') ? ' overdue' : ''}`;
}

/**
 * What the operator sees: the element has a box inside the panel's, and nothing of the panel
 * covers its middle (a banner, a floating control). The point must be inside the window.
 */
export function seenInPanel(panel: Element, element: Element | null): boolean {
  if (!element) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const outer = panel.getBoundingClientRect();
  if (
    box.top < outer.top - 1 ||
    box.bottom > outer.bottom + 1 ||
    box.left < outer.left - 1 ||
    box.right > outer.right + 1
  )
    return false;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight)
    throw new Error(`(${x}, ${y}) is outside the ${innerWidth}×${innerHeight} window: make the panel smaller`);
  const top = panel.shadowRoot!.elementFromPoint(x, y);
  return top !== null && (top === element || element.contains(top));
}

/**
 * What the operator sees at the middle of an avatar's circle (ui/avatar.ts): 'photo', 'unloaded
 * photo', 'initials AB', or the name of whatever else is on top there.
 */
export function avatarShows(panel: Element, avatar: HTMLElement): string {
  const box = avatar.getBoundingClientRect();
  const top = panel.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (top instanceof HTMLImageElement) return top.complete && top.naturalWidth > 0 ? 'photo' : 'unloaded photo';
  return avatar.contains(top) ? `initials ${avatar.textContent!.trim()}` : `${top?.nodeName}`;
}
