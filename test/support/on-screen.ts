/**
 * What the operator sees of the message list: which messages are inside its visible box, where,
 * and the real input that moves it (a mouse wheel through the browser, key presses). Tests assert
 * on these, not on what merely sits in the DOM.
 */
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';

export function messageList(panel: Element): HTMLElement {
  const list = panel.shadowRoot!.querySelector<HTMLElement>('[part~="message-list"]');
  if (!list) throw new Error('no message list: is a chat open?');
  return list;
}

export function jumpToNewest(panel: Element): HTMLButtonElement | null {
  return panel.shadowRoot!.querySelector<HTMLButtonElement>('[part~="jump-to-newest"]');
}

/** The message's element in the list, or null when it is not rendered. */
export function messageElement(panel: Element, messageId: number | string): HTMLElement | null {
  return panel.shadowRoot!.querySelector<HTMLElement>(`[part~="message"][data-message-id="${messageId}"]`);
}

/**
 * The part of the list the operator can read: its box, less what covers its bottom edge (the
 * "new messages" control floats there).
 */
function visibleBox(panel: Element): { top: number; bottom: number } {
  const box = messageList(panel).getBoundingClientRect();
  const pill = jumpToNewest(panel)?.getBoundingClientRect();
  const bottom = pill && pill.top < box.bottom && pill.bottom > box.top ? Math.min(box.bottom, pill.top) : box.bottom;
  return { top: box.top, bottom };
}

/**
 * Where a message is against the visible part of the list, for a failure message: its box and the
 * view's (px from the list's top), the list's scroll position, and whether the control shows.
 */
export function whereIs(panel: Element, messageId: number | string): string {
  const list = messageList(panel);
  const element = messageElement(panel, messageId);
  const origin = list.getBoundingClientRect().top;
  const view = visibleBox(panel);
  const box = element?.getBoundingClientRect();
  const rows = element?.parentElement?.getBoundingClientRect();
  const span = (top: number, bottom: number) => `${Math.round(top - origin)}..${Math.round(bottom - origin)}`;
  return (
    `message ${messageId} ${box ? span(box.top, box.bottom) : 'not rendered'}` +
    `${rows ? ` in rows ending at ${Math.round(rows.bottom - origin)}` : ''}, view ${span(view.top, view.bottom)}, ` +
    `list at ${Math.round(list.scrollTop)} of ${list.scrollHeight} (${list.clientHeight} high), ` +
    `${jumpToNewest(panel) ? 'reading (control shown)' : 'following'}`
  );
}

/**
 * The message is wholly inside the visible part of the list; one taller than the list fills it
 * from its top with its end on screen.
 */
export function onScreen(panel: Element, messageId: number | string): boolean {
  const element = messageElement(panel, messageId);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  const view = visibleBox(panel);
  if (box.height === 0) return false;
  if (box.height > view.bottom - view.top)
    return box.top <= view.top + 1 && box.bottom <= view.bottom + 1 && box.bottom > view.top;
  return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
}

/** The bottom edge of the message is on screen: the end of a message taller than the view. */
export function endOnScreen(panel: Element, messageId: number | string): boolean {
  const element = messageElement(panel, messageId);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  const view = visibleBox(panel);
  return box.height > 0 && box.bottom <= view.bottom + 1 && box.bottom > view.top;
}

/** Messages at least partly on screen, with their top edges relative to the list's top. */
export function messagesOnScreen(panel: Element): Array<{ id: string; top: number }> {
  const view = messageList(panel).getBoundingClientRect();
  return Array.from(panel.shadowRoot!.querySelectorAll<HTMLElement>('[part~="message"][data-message-id]'))
    .map((element) => ({ id: element.dataset.messageId!, box: element.getBoundingClientRect() }))
    .filter(({ box }) => box.height > 0 && box.bottom > view.top && box.top < view.bottom)
    .map(({ id, box }) => ({ id, top: Math.round(box.top - view.top) }));
}

/** The top-most message on screen, or null. */
export function firstOnScreen(panel: Element): { id: string; top: number } | null {
  return messagesOnScreen(panel)[0] ?? null;
}

/**
 * The top-most message on screen and its exact offset in the list (firstOnScreen's is rounded):
 * what a later `offsetInList` is compared with, so the comparison's only error is the panel's.
 */
export function placeOnScreen(panel: Element): { id: string; top: number } {
  const { id } = firstOnScreen(panel)!;
  return { id, top: offsetInList(panel, id)! };
}

/**
 * A message's offset in the list (`offsetInList`) as the operator sees it: read until two reads two
 * frames apart agree. One read can fall between a change of size (a late picture loading or
 * failing, its row re-rendered) and the panel putting the place back in that frame's resize
 * observer, a moment that is never painted.
 */
export async function steadyOffset(panel: Element, messageId: number | string): Promise<number> {
  let last = offsetInList(panel, messageId);
  for (let read = 0; read < 60; read++) {
    await frames(2);
    const now = offsetInList(panel, messageId);
    if (now !== null && last !== null && Math.abs(now - last) < 0.5) return now;
    last = now;
  }
  throw new Error(`message ${messageId} did not hold still for two frames in 120: ${whereIs(panel, messageId)}`);
}

/** The top-most message on screen and its offset, as `placeOnScreen`, read as the operator sees it (`steadyOffset`). */
export async function steadyPlace(panel: Element): Promise<{ id: string; top: number }> {
  const { id } = firstOnScreen(panel)!;
  return { id, top: await steadyOffset(panel, id) };
}

/** Top edge of a message relative to the list's top, or null when it is not rendered. */
export function offsetInList(panel: Element, messageId: number | string): number | null {
  const element = messageElement(panel, messageId);
  return element ? element.getBoundingClientRect().top - messageList(panel).getBoundingClientRect().top : null;
}

/** The middle of the message list, inside the window. */
function listMiddle(panel: Element): { x: number; y: number } {
  const box = messageList(panel).getBoundingClientRect();
  return {
    x: Math.min(window.innerWidth - 5, box.left + box.width / 2),
    y: Math.min(window.innerHeight - 5, box.top + box.height / 2),
  };
}

/** Turns the mouse wheel over the message list (negative: up, towards older messages). */
export async function wheel(panel: Element, deltaY: number): Promise<void> {
  await executeServerCommand('send-wheel', { ...listMiddle(panel), deltaY });
}

/**
 * A wheel turn over the message list through the browser's own scrolling in every engine, WebKit's
 * too (`wheel` does WebKit's turn in the page, since its WebDriver turns come late, merged or
 * dropped): turns until the list has moved, then waits for it to rest. For what an engine leaves
 * behind after a real turn (WebKit then stops clamping the list's position, issue 52.3).
 */
export async function nativeWheel(panel: Element, deltaY: number): Promise<void> {
  const list = messageList(panel);
  const from = list.scrollTop;
  const moved = () => Math.abs(list.scrollTop - from) >= 1;
  for (let turn = 0; turn < 5 && !moved(); turn++) {
    await executeServerCommand('send-wheel', { ...listMiddle(panel), deltaY, native: true });
    for (let frame = 0; frame < 120 && !moved(); frame++) await frames(1);
  }
  if (!moved()) throw new Error('five wheel turns did not move the message list');
  await scrollSettled(panel);
}

/** A real key press (`End`, or a chord like `Control+End`) with focus on the message list. */
export async function pressInList(panel: Element, key: string): Promise<void> {
  messageList(panel).focus();
  const keys = key.split('+');
  const pressed = keys.pop()!;
  for (const modifier of keys) await sendKeys({ down: modifier });
  await sendKeys({ press: pressed });
  for (const modifier of keys.reverse()) await sendKeys({ up: modifier });
}

export const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

/**
 * A smooth scroll (wheel, keys) has ended: the message list has not moved for five frames. A count
 * of frames is not enough on a loaded machine, where the animation's tail comes frames later.
 */
export async function scrollSettled(panel: Element): Promise<void> {
  const list = messageList(panel);
  let still = 0;
  let top = list.scrollTop;
  for (let frame = 0; frame < 600 && still < 5; frame++) {
    await frames(1);
    still = Math.abs(list.scrollTop - top) < 0.5 ? still + 1 : 0;
    top = list.scrollTop;
  }
  if (still < 5) throw new Error('the message list kept scrolling for 600 frames');
}

/** Every element in the panel's shadow tree, nested shadow trees included. */
export function countElements(root: ParentNode): number {
  let count = 0;
  for (const element of root.querySelectorAll('*')) {
    count += 1;
    if (element.shadowRoot) count += countElements(element.shadowRoot);
  }
  return count;
}

/**
 * What the message list saw, for a failure message: each key with the scroll position before
 * and after the panel handled it, each scroll event, each move of the focus in it, each change of
 * the size of its children (also of children it gains), each scroll position the page writes
 * (a write ends a smooth scroll under way), and, once a frame, its scroll position, scroll height
 * and height when one of them changed.
 */
export function placeLog(list: HTMLElement): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  const at = () => Math.round(performance.now());
  const top = () => Math.round(list.scrollTop);
  const keyDown = (event: KeyboardEvent) => lines.push(`${at()} key ${event.key} at ${top()}`);
  const keyHandled = () => lines.push(`${at()} then ${top()}`);
  const scrolled = () => lines.push(`${at()} top ${top()} of ${list.scrollHeight}`);
  const focused = (event: FocusEvent) =>
    lines.push(`${at()} focus on ${(event.target as HTMLElement).dataset.messageId ?? 'the list'}`);
  const resized = new ResizeObserver((entries) =>
    lines.push(
      `${at()} rows ${list.scrollHeight} high (${entries.map((entry) => `${entry.target.className || entry.target.tagName} ${Math.round(entry.contentRect.height)}`).join(', ')})`,
    ),
  );
  const observeChildren = () => {
    for (const child of Array.from(list.children)) resized.observe(child);
  };
  const added = new MutationObserver(observeChildren);
  observeChildren();
  added.observe(list, { childList: true });
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!;
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => scrollTop.get!.call(list) as number,
    set: (value: number) => {
      const before = top();
      scrollTop.set!.call(list, value);
      lines.push(`${at()} set top ${Math.round(value)} at ${before}, now ${top()}`);
    },
  });
  const stop = () => {
    delete (list as { scrollTop?: number }).scrollTop;
    list.removeEventListener('keydown', keyDown, true);
    list.removeEventListener('keydown', keyHandled);
    list.removeEventListener('scroll', scrolled);
    list.removeEventListener('focusin', focused);
    resized.disconnect();
    added.disconnect();
    cancelAnimationFrame(frame);
  };
  let sampled = '';
  let frame = requestAnimationFrame(function sample() {
    // A test that failed before its stop() removed the panel: the log ends with it.
    if (!list.isConnected) return stop();
    const now = `${top()}/${list.scrollHeight}/${list.clientHeight}`;
    if (now !== sampled) lines.push(`${at()} frame: top/scroll height/height ${(sampled = now)}`);
    frame = requestAnimationFrame(sample);
  });
  list.addEventListener('keydown', keyDown, true);
  list.addEventListener('keydown', keyHandled);
  list.addEventListener('scroll', scrolled);
  list.addEventListener('focusin', focused);
  return { lines, stop };
}
