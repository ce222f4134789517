/** Mounting and reading the real panel in tests. */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/widget-script.js';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';

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

export function parts(panel: Element, part: string): HTMLElement[] {
  return Array.from(panel.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${part}"]`));
}

export function part(panel: Element, part: string): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>(`[part~="${part}"]`);
}

export async function waitForPart(
  panel: Element,
  name: string,
  predicate: (elements: HTMLElement[]) => boolean = (elements) => elements.length > 0,
  message?: string,
): Promise<HTMLElement[]> {
  await waitUntil(() => predicate(parts(panel, name)), message ?? `waiting for part ${name}`, { timeout: 8000 });
  return parts(panel, name);
}

export async function openChatByClick(panel: Element, chatId: number): Promise<void> {
  const row = await waitForPart(panel, 'chat-item', (rows) =>
    rows.some((row) => row.dataset.chatId === String(chatId)),
  );
  row.find((element) => element.dataset.chatId === String(chatId))!.click();
  await waitUntil(() => parts(panel, 'message').length > 0, 'messages render', { timeout: 8000 });
}

/** Types into the composer as a user would and waits for the composer to re-render. */
export async function typeInComposer(panel: Element, text: string): Promise<void> {
  const input = part(panel, 'composer-input') as HTMLTextAreaElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await (panel.shadowRoot!.querySelector('ocp-composer') as unknown as { updateComplete: Promise<unknown> })
    .updateComplete;
}
