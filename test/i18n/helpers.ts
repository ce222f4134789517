/** Reading the panel's words in tests about languages. */
import { waitUntil } from '@open-wc/testing';
import { createOrg, type TestOrg } from '../support/reference-api.js';
import { part } from '../support/panel.js';
import { longWait } from '../support/waits.js';

export interface SeededOrg extends TestOrg {
  fixtures: { chats: Record<string, number>; messages: Record<string, number> };
}

export function createSeededOrg(): Promise<SeededOrg> {
  return createOrg('default') as Promise<SeededOrg>;
}

export function query<T extends Element = HTMLElement>(panel: Element, selector: string): T | null {
  return panel.shadowRoot!.querySelector<T>(selector);
}

export function queryAll<T extends Element = HTMLElement>(panel: Element, selector: string): T[] {
  return Array.from(panel.shadowRoot!.querySelectorAll<T>(selector));
}

/** The banner's words, once it says what `expected` matches. */
export async function bannerText(panel: Element, expected: RegExp): Promise<string> {
  await waitUntil(() => expected.test(part(panel, 'banner')?.textContent ?? ''), `banner matching ${expected}`, {
    timeout: 8000,
  });
  return part(panel, 'banner')!.textContent!.trim();
}

/** Waits until `read` gives a value `expected` matches and returns it. */
export async function eventually(
  read: () => string | null | undefined,
  expected: RegExp | string,
  what: string,
): Promise<string> {
  const matches = (value: string | null | undefined) =>
    value != null && (typeof expected === 'string' ? value.trim() === expected : expected.test(value));
  await waitUntil(() => matches(read()), `${what}: waiting for ${expected}, last "${read()}"`, longWait);
  return read()!.trim();
}

/** Text inside the shadow roots of the panel's media elements (file rows, voice labels). */
export function mediaText(panel: Element): string {
  return queryAll(panel, 'ocp-message-media, ocp-story-preview')
    .map((element) => element.shadowRoot?.textContent ?? '')
    .join(' ');
}
