/**
 * Watches what can change the message list's layout for a change of size: the list itself, the
 * element holding the rows, and each row in the DOM. Each row is watched too because WebKit can
 * grow a row (a picture that loaded) and leave its holder's size as it was, the row hanging out
 * of it, so that only the row's own size says the list moved.
 *
 * The callback runs inside the browser's ResizeObserver loop: it must not change the size of
 * anything watched at a depth the loop already delivered (no render), or the browser reports a
 * "ResizeObserver loop" error to the host page.
 */
export class RowSizeWatch {
  readonly #observer: ResizeObserver;
  #scroller: HTMLElement | null = null;
  #content: HTMLElement | null = null;
  #rows = new Set<Element>();

  constructor(onResize: () => void) {
    this.#observer = new ResizeObserver(onResize);
  }

  /** After a render: watch this list, this holder and the rows it holds now (and no others). */
  watch(scroller: HTMLElement | null, content: HTMLElement | null): void {
    if (scroller !== this.#scroller || content !== this.#content) {
      this.stop();
      if (scroller) this.#observer.observe(scroller);
      if (content) this.#observer.observe(content);
      this.#scroller = scroller;
      this.#content = content;
    }
    if (!content) return;
    const rows = new Set<Element>(content.children);
    for (const row of this.#rows) {
      if (rows.has(row)) continue;
      this.#observer.unobserve(row);
      this.#rows.delete(row);
    }
    for (const row of rows) {
      if (this.#rows.has(row)) continue;
      this.#observer.observe(row);
      this.#rows.add(row);
    }
  }

  stop(): void {
    this.#observer.disconnect();
    this.#scroller = null;
    this.#content = null;
    this.#rows.clear();
  }
}
