/**
 * The unread count in the page's title, `(N) Title`, for every panel of the page at once. Each
 * panel that has `notify="title"` reports its unread total here; one prefix shows, with the
 * largest total (two panels of one inbox report the same number; adding them up would count it
 * twice). Module state, not a window global (contract §1): the panels of a page share this
 * module because they share the widget's code.
 *
 * The page may set its own title while a prefix shows: the new title becomes the base and the
 * prefix goes back in front of it. Our own writes are told apart from the page's by comparing
 * with what we last wrote, so observing them never loops.
 */

const totals = new Map<object, number>();
/** The page's own title while a prefix shows; null while none does. */
let base: string | null = null;
/** The prefix and the whole title as last written (read back: the browser collapses spaces). */
let prefix = '';
let written = '';
let observer: MutationObserver | null = null;
/** Times the page replaced the title lately: a page that fights the prefix wins (see follow). */
let pageChanges: number[] = [];
const maxPageChangesPerSecond = 10;

/** `(N) `, `(99+) ` above 99, or nothing at 0. */
export function titlePrefix(total: number): string {
  return total > 0 ? `(${total > 99 ? '99+' : total}) ` : '';
}

/** This panel's unread total (0 when none or unknown); the title follows at once. */
export function reportUnreadForTitle(panel: object, total: number): void {
  if (totals.get(panel) === total) return;
  totals.set(panel, total);
  apply();
}

/** The panel stopped counting (removed, or `title` left `notify`): the title may come back. */
export function releaseTitle(panel: object): void {
  if (!totals.delete(panel)) return;
  apply();
}

function apply(): void {
  const total = Math.max(0, ...totals.values());
  if (total === 0) return restore();
  if (base === null) {
    base = document.title;
    observe();
  } else {
    // A change by the page that the observer has not reported yet: the title itself tells.
    observer?.takeRecords();
    adoptPageTitle(document.title);
  }
  write(titlePrefix(total));
}

function restore(): void {
  if (base === null) return;
  adoptPageTitle(document.title);
  observer?.disconnect();
  observer = null;
  const original = base;
  base = null;
  prefix = written = '';
  document.title = original;
}

function write(nextPrefix: string): void {
  prefix = nextPrefix;
  const title = prefix + base;
  if (document.title !== title) document.title = title;
  written = document.title;
}

/** A title that is not the one we wrote came from the page: it is the new base. */
function adoptPageTitle(current: string): void {
  if (current === written) return;
  // The page may have built its title from ours (`document.title += ' · 2 tasks'`).
  base = prefix && current.startsWith(prefix) ? current.slice(prefix.length) : current;
}

/**
 * `document.title` lives in the <title> element: the page changes its text, or replaces it.
 * Watching the head's subtree sees both.
 */
function observe(): void {
  observer = new MutationObserver(follow);
  observer.observe(document.head ?? document.documentElement, { childList: true, subtree: true, characterData: true });
}

function follow(): void {
  if (base === null || document.title === written) return;
  const now = performance.now();
  pageChanges = [...pageChanges.filter((time) => now - time < 1000), now];
  if (pageChanges.length > maxPageChangesPerSecond) {
    // The page rewrites its title whenever we do: stop following rather than fight it forever.
    // The next change of the unread total tries again.
    observer?.disconnect();
    observer = null;
    base = null;
    return;
  }
  adoptPageTitle(document.title);
  write(prefix);
}
