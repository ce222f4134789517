/**
 * A list that gets its rows renders those that can be in sight before its first frame, and the
 * rest after it (chat-window.ts; issue 53): the operator sees a full list from that frame on,
 * no row moves when the rest joins, and find-in-page, screen readers and keys have every row of
 * the page a frame later. Watched frame by frame in the real panel against the reference API.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { mountPanel, parts } from '../support/panel.js';
import { createOrg, seedChat, type TestOrg } from '../support/reference-api.js';
import { longWait } from '../support/waits.js';

/** What one frame showed of the list. */
interface ListFrame {
  /** Rows in the DOM. */
  rows: number;
  /** Rows inside the list's visible box, with their tops. */
  seen: Array<{ row: HTMLElement; top: number }>;
  /** The visible box's bottom less the lowest row's bottom: > 0 is an empty strip under the rows. */
  gapUnder: number;
}

function listBox(panel: OperatorChatPanel): HTMLElement | null {
  return panel.shadowRoot?.querySelector<HTMLElement>('[role="listbox"]') ?? null;
}

function look(panel: OperatorChatPanel): ListFrame | null {
  const box = listBox(panel);
  const rows = parts(panel, 'chat-item');
  if (!box || rows.length === 0) return null;
  const view = box.getBoundingClientRect();
  const bottom = Math.min(view.bottom, window.innerHeight);
  const seen = rows
    .map((row) => ({ row, rect: row.getBoundingClientRect() }))
    .filter(({ rect }) => rect.bottom > view.top && rect.top < bottom)
    .map(({ row, rect }) => ({ row, top: rect.top }));
  const lowest = rows[rows.length - 1].getBoundingClientRect().bottom;
  return { rows: rows.length, seen, gapUnder: bottom - lowest };
}

/**
 * Watches what each frame drew of the list (in the task after the frame) until `pageSize` rows
 * are in the DOM; `atFirst` runs after the first frame that drew rows. With `stable`, a look is
 * taken only when no row came or went since the frame began: on a busy machine another task (an
 * answer) can change the rows between the frame and the look, rows no frame has drawn yet; it may
 * then miss a frame that showed the rows in sight alone.
 */
function watchFrames(
  panel: () => OperatorChatPanel | undefined,
  pageSize: number,
  { atFirst, stable = false }: { atFirst?: (panel: OperatorChatPanel) => void; stable?: boolean } = {},
) {
  const seen: ListFrame[] = [];
  let rowsChangedAt = 0;
  const rowChanges = new MutationObserver(() => (rowsChangedAt = performance.now()));
  let observed: OperatorChatPanel | undefined;
  return new Promise<ListFrame[]>((resolve) => {
    let frameBegan = 0;
    const nextFrame = () =>
      requestAnimationFrame(() => {
        frameBegan = performance.now();
        setTimeout(afterFrame);
      });
    const afterFrame = () => {
      const current = panel();
      if (current && current !== observed && current.shadowRoot) {
        observed = current;
        rowChanges.observe(current.shadowRoot, { subtree: true, childList: true });
      }
      const frame = current && (!stable || rowsChangedAt < frameBegan) ? look(current) : null;
      if (frame) {
        if (seen.length === 0) atFirst?.(current!);
        seen.push(frame);
      }
      if (frame && frame.rows >= pageSize) {
        rowChanges.disconnect();
        resolve(seen);
      } else nextFrame();
    };
    nextFrame();
  });
}

async function orgWithChats(count: number): Promise<TestOrg> {
  const org = await createOrg('empty');
  for (let index = 0; index < count; index++)
    await seedChat(org, { name: `Customer ${index + 1}`, messages: [{ text: `Question number ${index + 1}` }] });
  return org;
}

describe('chat list: the rows in sight first', function () {
  this.timeout(60000);
  let panel: OperatorChatPanel | undefined;
  let compactRows: HTMLStyleElement | undefined;
  afterEach(() => {
    panel?.remove();
    panel = undefined;
    compactRows?.remove();
    document.documentElement.style.removeProperty('--ocp-font-size');
  });

  it('fills the list from its first frame, and the rest of the page joins without moving a row', async () => {
    const org = await orgWithChats(20);
    const pageSize = 20;
    const watched = watchFrames(() => panel, pageSize);
    panel = await mountPanel({ token: org.token });
    const frames = await watched;

    const [first] = frames;
    // Fewer rows than the page were laid out for that frame, and they fill the visible box.
    expect(first.rows, 'rows laid out for the first frame').to.be.below(pageSize);
    expect(first.seen.length, 'rows in sight at the first frame').to.be.above(3);
    expect(first.gapUnder, 'an empty strip under the rows at the first frame, px').to.be.at.most(0);
    // Every frame after it shows the same rows at the same places.
    for (const [index, frame] of frames.entries())
      for (const { row, top } of first.seen) {
        const now = frame.seen.find((seen) => seen.row === row);
        expect(now, `frame ${index}: a row of the first frame left the view or its element`).to.exist;
        expect(Math.abs(now!.top - top), `frame ${index}: a row moved`).to.be.below(0.5);
      }
    // The whole page is in the DOM within a few frames (find-in-page, screen readers).
    expect(frames.length, 'frames until the whole page was in the DOM').to.be.at.most(4);
  });

  it('says ocp-ready once every row of the first page is in the list (contract §6)', async () => {
    const org = await orgWithChats(20);
    panel = await mountPanel({ token: org.token });
    const shown = panel;
    const rowsAtReady = await new Promise<number>((resolve) =>
      shown.addEventListener('ocp-ready', () => resolve(parts(shown, 'chat-item').length), { once: true }),
    );
    expect(rowsAtReady).to.equal(20);
  });

  it('fills the list at its first frame also when the page makes its rows shorter than they are guessed to be', async () => {
    const org = await orgWithChats(20);
    // A page author's compact rows: no padding, a small font (the photo's 40 px is the row's height).
    compactRows = document.createElement('style');
    compactRows.textContent = 'operator-chat-panel::part(chat-item) { padding-block: 0; }';
    document.head.append(compactRows);
    document.documentElement.style.setProperty('--ocp-font-size', '8px');
    const watched = watchFrames(() => panel, 20, { stable: true });
    panel = await mountPanel({ token: org.token });
    const frames = await watched;
    expect(frames[0].gapUnder, 'an empty strip under the rows at the first frame, px').to.be.at.most(0);
  });

  it('brings the rest at once for a key pressed before it joined: End reaches the last chat', async () => {
    const org = await orgWithChats(20);
    let rowsAtKey = 0;
    const watched = watchFrames(() => panel, 20, {
      atFirst: (shown) => {
        rowsAtKey = parts(shown, 'chat-item').length;
        listBox(shown)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true }));
      },
    });
    panel = await mountPanel({ token: org.token });
    await watched;
    expect(rowsAtKey, 'rows in the DOM when the key came').to.be.below(20);
    const shown = panel;
    const lastId = parts(shown, 'chat-item').at(-1)!.dataset.chatId;
    await waitUntil(
      () => (shown.shadowRoot!.activeElement as HTMLElement | null)?.dataset.chatId === lastId,
      'the last chat of the page has the focus',
      longWait,
    );
    const row = shown.shadowRoot!.activeElement!.getBoundingClientRect();
    const view = listBox(shown)!.getBoundingClientRect();
    expect(row.top >= view.top - 0.5 && row.bottom <= view.bottom + 0.5, 'the focused row is in view').to.equal(true);
  });
});
