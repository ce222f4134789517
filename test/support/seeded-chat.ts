/** Opening a seeded chat of the reference API in a real panel, and finding its bubbles. */
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { createOrg, type TestOrg } from './reference-api.js';
import { mountPanel, parts, waitForPart } from './panel.js';

/** The organization as the control API describes it, with the seed's fixture ids. */
export type SeededOrg = TestOrg & {
  fixtures: { chats: Record<string, number>; messages: Record<string, number>; chainEarlierChatIds: number[] };
};

export async function seededOrg(): Promise<SeededOrg> {
  return (await createOrg()) as SeededOrg;
}

/**
 * Opens a chat through the `chat-id` attribute, polling off unless asked; tall, so every row of a
 * short chat is on screen.
 */
export async function openSeededChat(
  org: TestOrg,
  chatId: number,
  attributes: Record<string, string> = { events: 'off' },
): Promise<OperatorChatPanel> {
  const panel = await mountPanel({ token: org.token, 'chat-id': String(chatId), ...attributes });
  panel.style.height = '3000px';
  await waitForPart(panel, 'message', (messages) => messages.length > 0, 'the chat’s messages');
  return panel;
}

export function bubble(panel: OperatorChatPanel, messageId: number): HTMLElement | undefined {
  return parts(panel, 'message').find((message) => message.dataset.messageId === String(messageId));
}
