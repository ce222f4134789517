/**
 * What the measurements share: a fresh organization with the `bench` preset (5,000 chats, the
 * newest one with 10,000 messages) and a fresh page for every run, so runs never share state; the
 * chats as the list shows them; a burst of customer messages; opening a chat.
 */
import { readFileSync } from 'node:fs';

export const helpers = readFileSync(new URL('./page-helpers.js', import.meta.url), 'utf8');
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh bench organization and a page with a panel mounted for it. */
export async function setUp(context, attributes = {}) {
  const org = context.api.createOrg({ preset: 'bench' });
  const { token } = await context.api.issueToken(org.id, { expiresInSeconds: 3600 });
  const page = await context.browser.newPage();
  await page.setViewport({ width: 1000, height: 700 });
  await page.evaluateOnNewDocument(helpers);
  await page.goto(`${context.origin}/`, { waitUntil: 'load' });
  // The entry defines the element once the panel chunk it imports is in (after `load`).
  await page.evaluate(() => customElements.whenDefined('operator-chat-panel'));
  await page.evaluate((attrs) => window.bench.mount(attrs), { token, ...attributes });
  await page.evaluate(() =>
    window.bench.waitFor(() => window.bench.root()?.querySelector('[part~="chat-item"]'), 'the chat list'),
  );
  await page.evaluate(() => window.bench.conversationCode());
  return { org, page };
}

/** The chats of the list's first page, newest first, as the service orders them. */
export function listedChats(org, statuses = [0, 1, 2, 3]) {
  return org.sortedChats().filter((chat) => statuses.includes(chat.chatStatus));
}

/**
 * 500 customer messages (1,000 events), one in five to the first chat (the open one), the others
 * spread over the next 19; answers the id of the newest message in the first chat.
 */
export function customersBurst(org, chats) {
  let newest = 0;
  for (let index = 0; index < 500; index++) {
    const inOpenChat = index % 5 === 0;
    const message = org.customerMessage(inOpenChat ? chats[0] : chats[1 + (index % 19)], {
      text: `Burst message ${index}`,
      via: 'control',
    });
    if (inOpenChat) newest = message.id;
  }
  return newest;
}

export async function openChat(page, chatId) {
  await page.evaluate(async (id) => {
    const { bench } = window;
    const row = await bench.waitFor(
      () => bench.root().querySelector(`[part~="chat-item"][data-chat-id="${id}"]`),
      `row ${id}`,
    );
    row.click();
    await bench.waitFor(
      () =>
        bench.root().querySelector('ocp-conversation')?.chatId === id &&
        bench.root().querySelector('[part~="message"]'),
      `chat ${id} open`,
    );
  }, chatId);
}
