/** Helpers of the attention tests (notify, ocp-attention, the bell), against the real panel. */
import { waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { MessageDetail } from '../../src/events.js';
import { part } from './panel.js';
import type { TestOrg } from './reference-api.js';
import { longWait } from './waits.js';

/** A real click (pointerdown, mouseup, click, with user activation), as the operator makes one. */
export async function clickLikeAUser(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)],
  });
}

/** Every `ocp-attention` the panel fires from now on. */
export function collectAttention(panel: HTMLElement): MessageDetail[] {
  const details: MessageDetail[] = [];
  panel.addEventListener('ocp-attention', (event) => details.push(event.detail));
  return details;
}

/** The ids of every `ocp-message-received` the panel fires from now on. */
export function recordReceived(panel: HTMLElement): number[] {
  const ids: number[] = [];
  panel.addEventListener('ocp-message-received', (event) => ids.push(event.detail.messageId));
  return ids;
}

export function bell(panel: Element): HTMLElement | null {
  return part(panel, 'notify-toggle');
}

export async function waitForBell(panel: Element): Promise<HTMLElement> {
  await waitUntil(() => bell(panel) !== null, 'the bell (part notify-toggle)', longWait);
  return bell(panel)!;
}

/**
 * Takes every queued event as another consumer of the queue would (contract §5): the events of
 * chats seeded before the panel loads, which the panel's first list already counts, would
 * otherwise arrive as news and count their messages unread a second time.
 */
export async function drainEvents(org: TestOrg): Promise<void> {
  const headers = { Authorization: `Bearer ${org.token}`, 'Content-Type': 'application/json' };
  for (;;) {
    const page = await fetch('/api/chat/callback-events?page=1&perPage=1000', { headers });
    const { items } = (await page.json()) as { items: Array<{ event_guid: string }> };
    if (items.length === 0) return;
    const guids = items.map((item) => item.event_guid);
    await fetch('/api/chat/callback-events/processed', { method: 'POST', headers, body: JSON.stringify(guids) });
  }
}
