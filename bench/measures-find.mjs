/**
 * Find in the chat of 10,000 messages: each keystroke in the find bar, from the input to the
 * frame that shows what it found (the count, the match brought into view and marked).
 */
import { openChat, setUp } from './bench-page.mjs';

/** The phrase typed, a key at a time: its first letters match thousands of messages, then a few hundred. */
const phrase = 'delivery address';

export async function searchLongChat(context) {
  const { org, page } = await setUp(context, { events: 'off' });
  const chatId = org.fixtures.bigChatId;
  await openChat(page, chatId);
  const result = await page.evaluate(async (typed) => {
    const { bench } = window;
    const root = bench.root();
    const conversation = root.querySelector('ocp-conversation');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    root.querySelector('.conversation__find-toggle').click();
    const input = await bench.waitFor(() => root.querySelector('[part~="message-search"] input'), 'the find bar');
    // The bar shows; the messages are folded for searching in the task after its frame, as an
    // operator's first key would find them.
    await frame();
    await new Promise((resolve) => setTimeout(resolve));
    await frame();
    const times = [];
    for (const char of typed) {
      const start = performance.now();
      input.value += char;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await conversation.updateComplete;
      await frame();
      times.push(performance.now() - start);
    }
    const status = root
      .querySelector('[part~="message-search"] [role="status"]')
      .textContent.replace(/\s+/g, ' ')
      .trim();
    const mark = root.querySelector('[part~="search-hit"]');
    const scroller = root.querySelector('[part~="message-list"]');
    return { times, status, markShown: mark !== null && bench.inView(mark, scroller) };
  }, phrase);
  await page.close();
  const sorted = result.times.slice().sort((a, b) => a - b);
  return {
    keystrokeMs: sorted[Math.floor(sorted.length / 2)],
    slowestKeystrokeMs: sorted.at(-1),
    status: result.status,
    markShown: result.markShown,
  };
}
