/** Shared set-up of the accessibility tests: a panel in a theme, in a given state, on its own organization. */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { createOrg, type TestOrg } from '../support/reference-api.js';
import { mountPanel, openChatByClick, parts, waitForPart } from '../support/panel.js';
import { longWait } from '../support/waits.js';

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];

export interface SeededOrg extends TestOrg {
  fixtures: { chats: Record<string, number>; messages: Record<string, number> };
}

export async function seededOrg(): Promise<SeededOrg> {
  return (await createOrg()) as SeededOrg;
}

/** A panel on the page's origin with its first chat list rendered. */
export async function listPanel(
  org: TestOrg,
  theme: Theme,
  attributes: Record<string, string | boolean> = {},
): Promise<OperatorChatPanel> {
  const panel = await mountPanel({ token: org.token, theme, 'poll-interval': '1000', ...attributes });
  await waitForPart(panel, 'chat-item');
  return panel;
}

export async function conversationPanel(org: SeededOrg, theme: Theme, chat: string): Promise<OperatorChatPanel> {
  const panel = await listPanel(org, theme);
  const chatId = org.fixtures.chats[chat];
  // The fixture chat may sit below the first page's visible rows; opening by id is what a click does.
  if (parts(panel, 'chat-item').some((row) => row.dataset.chatId === String(chatId)))
    await openChatByClick(panel, chatId);
  else {
    await panel.openChat(chatId);
    await waitUntil(() => parts(panel, 'message').length > 0, 'messages render', longWait);
  }
  await panel.updateComplete;
  return panel;
}

/** axe-core over the panel, its shadow root included; fails with every violation listed. */
export async function expectAccessible(panel: Element): Promise<void> {
  await expect(panel).to.be.accessible();
}
