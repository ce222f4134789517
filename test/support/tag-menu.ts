/** The list filters' tag menu (part `tag-filter`) as a test reads and works it. */
import { waitUntil } from '@open-wc/testing';
import { part } from './panel.js';
import { longWait } from './waits.js';

export function tagButton(panel: Element): HTMLButtonElement | null {
  return part(panel, 'tag-filter') as HTMLButtonElement | null;
}

export function tagMenu(panel: Element): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>('[role="menu"]');
}

export function tagItems(panel: Element): HTMLElement[] {
  return Array.from(tagMenu(panel)?.querySelectorAll<HTMLElement>('[role="menuitemcheckbox"]') ?? []);
}

export function tagNames(panel: Element): string[] {
  return tagItems(panel).map((item) => item.textContent!.trim());
}

export function tagItem(panel: Element, name: string): HTMLElement | undefined {
  return tagItems(panel).find((item) => item.textContent!.trim() === name);
}

/** The names of the checked items. */
export function checkedTags(panel: Element): string[] {
  return tagItems(panel)
    .filter((item) => item.getAttribute('aria-checked') === 'true')
    .map((item) => item.textContent!.trim());
}

/** Opens the menu with a click on its button, once the list has offered tags. */
export async function openTagMenu(panel: Element): Promise<void> {
  await waitUntil(() => tagButton(panel) !== null, 'the tag menu’s button', longWait);
  if (tagMenu(panel)) return;
  tagButton(panel)!.click();
  await waitUntil(() => tagItems(panel).length > 0, 'the tag menu open', longWait);
}

/** A tag with an id, as the reference API serves it. */
export function idTagsOf(chat: Record<string, unknown>): Array<{ id: number; name: string }> {
  const tags = Array.isArray(chat.tags) ? (chat.tags as unknown[]) : [];
  return tags.filter(
    (tag): tag is { id: number; name: string } =>
      typeof tag === 'object' && tag !== null && typeof (tag as { id?: unknown }).id === 'number',
  );
}
