/**
 * How the first rows of the chat list are drawn (first-rows.ts decides when, and loads this
 * module only on a slow network, beside the list's answer).
 *
 * Plain rows in the panel's own shadow root, where the panel's rows will be: the customer, the
 * last message and the unread count, with the real rows' parts and data attributes, so a page's
 * `::part()` rules and scripts find them. A click on one opens that chat as soon as the panel is
 * in. The panel removes them once it shows its own list, or whatever stands in its place
 * (panel/script-tag-handover.ts); until then its own content stays hidden below
 * them, so the switch is one frame.
 */
import type { ReadAnswer } from './core/api/chat-api.js';
import type { OperatorChatPanel } from './operator-chat-panel.js';

/**
 * Marks the rows' layer in the panel's shadow root; panel/script-tag-handover.ts looks for the same
 * attribute (neither file imports the other; test/first-rows.test.ts checks they agree).
 */
export const firstRowsAttribute = 'data-ocp-first-rows';

/**
 * Where the layer keeps its stylesheet (adopted, never a `<style>`, which a page's CSP may refuse):
 * Lit replaces the root's adopted sheets as the panel connects, and the panel puts this one back
 * until the rows go (panel/script-tag-handover.ts reads the same key).
 */
export const firstRowsSheetKey = Symbol.for('operator-chat-panel.first-rows-sheet');

/** A chat of the list's JSON (spec §2.5), read as core/api/chat-wire.ts reads it. */
interface FirstRow {
  id: number;
  status: number;
  unread: number;
  name: string;
  last: string;
}

function readRow(chat: Record<string, unknown>): FirstRow {
  const { id } = chat;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new TypeError('a chat without an id');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : '');
  const nameOf = (person: unknown) => text((person as { name?: unknown } | null)?.name);
  return {
    id,
    status: typeof chat.chatStatus === 'number' ? chat.chatStatus : 0,
    unread: typeof chat.countUnread === 'number' && chat.countUnread > 0 ? chat.countUnread : 0,
    name: nameOf(chat.client) || nameOf(chat.photoUser) || text(chat.phone) || `#${id}`,
    last: text(chat.textLastMess),
  };
}

/**
 * The first letters of the first and last words, as the panel's avatars show them: the same as
 * i18n/format.ts `initials`, which this chunk cannot import: it is in the panel's chunk, which
 * the rows must not wait for.
 */
function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return [words[0], words.length > 1 ? words[words.length - 1] : '']
    .map((word = '') => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** An element with a class and text: built node by node, as pages with Trusted Types require. */
function element(tag: string, className: string, text = ''): HTMLElement {
  const created = document.createElement(tag);
  created.className = className;
  created.textContent = text;
  return created;
}

function rowElement({ id, status, unread, name, last }: FirstRow): HTMLElement {
  const row = element('div', 'r');
  row.setAttribute('part', unread ? 'chat-item chat-item--unread' : 'chat-item');
  row.dataset.chatId = String(id);
  row.dataset.status = String(status);
  const count = element('span', 'c');
  if (unread) {
    const badge = element('span', '', unread > 99 ? '99+' : String(unread));
    badge.setAttribute('part', 'chat-item-badge');
    count.append(badge);
  }
  const main = element('span', 'i');
  main.append(element('span', 'n', name), element('span', 'x', last), count);
  row.append(element('span', 'v', initials(name)), main);
  return row;
}

// The panel's measures and colours (ui/styles/tokens.ts, chat-list.styles.ts), from the same
// public custom properties, dark where the panel is (`theme`, default `auto`). The panel's own
// content, rendered after the layer, stays hidden until the panel removes it.
const styles = `:host{display:block;height:100%;min-height:320px}[${firstRowsAttribute}]~*{display:none!important}
.f{color-scheme:light dark;box-sizing:border-box;height:var(--ocp-default-height,600px);min-height:100%;max-height:100%;overflow:hidden;display:flex;flex-direction:column;font:400 var(--ocp-font-size,14px)/1.4 var(--ocp-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);color:var(--ocp-color-text,light-dark(#1b1f24,#e6edf3));background:var(--ocp-color-bg,light-dark(#f4f6f8,#0d1117));border:1px solid var(--l);border-radius:var(--ocp-radius,10px);--l:var(--ocp-color-border,light-dark(#d0d7de,#30363d));--s:var(--ocp-color-surface,light-dark(#fff,#161b22));--a:var(--ocp-color-accent,light-dark(#0b5cd5,#58a6ff))}
:host([theme=light]) .f{color-scheme:light}:host([theme=dark]) .f{color-scheme:dark}
.f *{box-sizing:border-box}.h,.t>*{background:var(--s);border-bottom:1px solid var(--l)}.h{height:calc(1.47em + 2 * var(--ocp-spacing,8px) + 1px)}
/* The list's tools, as inert controls of the same kinds: each engine gives them its own height. */
.t>*{display:flex;gap:var(--ocp-spacing,8px);padding:var(--ocp-spacing,8px)}.t :is(input,select,button){flex:1;min-width:0;padding:6px;border:1px solid var(--l);border-radius:var(--ocp-radius,10px);font:inherit;background:none}
.t .t2{gap:6px;padding:6px var(--ocp-spacing,8px)}.t .t2>*{flex:none;padding:2px 6px;font-size:.85em}.t>:last-child{min-height:1.9em;padding:0;border:0;font-size:.85em}
.l{flex:1;overflow:hidden;width:min(100%,var(--ocp-list-width,320px));background:var(--s);border-inline-end:1px solid var(--l)}
.r{display:flex;gap:10px;padding:10px calc(var(--ocp-spacing,8px) * 1.5);border-bottom:1px solid var(--l);border-inline-start:3px solid #0000;cursor:pointer}
.r[aria-selected]{background:color-mix(in srgb,var(--a) 12%,#0000);border-inline-start-color:var(--a)}
.v{flex:none;width:40px;height:40px;border-radius:50%;display:grid;place-items:center;background:color-mix(in srgb,var(--a) 20%,var(--s));font-weight:600;font-size:.9em}
.i{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}.i>*{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.n{font-weight:600}.x{color:var(--ocp-color-muted,light-dark(#57606a,#9da7b3))}[part~=chat-item--unread] .x{color:inherit;font-weight:500}
.c{height:calc(1.12em + 3px);text-align:end}.c>*{padding:1px 7px;border-radius:999px;background:var(--a);color:var(--ocp-color-accent-text,light-dark(#fff,#0d1117));font-size:.8em;font-weight:700}`;

/**
 * Draws the rows into the panel's empty shadow root, as many as its height shows: laying out their
 * text is most of this frame's work on a slow phone.
 */
export function paintFirstRows(root: ShadowRoot, answer: ReadAnswer): boolean {
  if (answer.status !== 200 || root.childNodes.length) return false;
  let rows: FirstRow[];
  try {
    const { items } = JSON.parse(answer.text) as { items: Record<string, unknown>[] };
    rows = items.map(readRow);
  } catch {
    return false; // not a page of chats: the panel will say what is wrong
  }
  const layer = element('div', 'f');
  layer.setAttribute(firstRowsAttribute, '');
  // Only the rows carry the panel's parts: a page that waits for `panel` or `chat-list` finds the
  // panel's own.
  const list = element('div', 'l');
  list.setAttribute('aria-busy', 'true');
  // The list's tools as inert controls of the same kinds, so that they take the same height.
  const tools = element('div', 't');
  tools.inert = true;
  const controls = (className: string, ...tags: string[]) => {
    const line = element('div', className);
    line.append(...tags.map((tag) => element(tag, '', tag === 'button' ? '\u00a0' : '')));
    return line;
  };
  tools.append(controls('', 'input', 'select'), controls('t2', 'button', 'select'), element('div', ''));
  list.append(tools);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  Object.defineProperty(layer, firstRowsSheetKey, { value: sheet });
  layer.append(element('div', 'h'), list);
  root.append(layer);
  // A row is about 80 px high: a few more than fit, never all twenty (all where the panel has no
  // height yet: hidden, or not in the page).
  list.append(...rows.slice(0, Math.ceil(root.host.clientHeight / 60) || rows.length).map(rowElement));
  // A chat chosen now is shown as chosen, and opened as soon as the panel is in.
  list.addEventListener('click', (event) => {
    const row = (event.target as Element).closest<HTMLElement>('.r');
    if (!row) return;
    root.querySelector('[aria-selected]')?.removeAttribute('aria-selected');
    row.setAttribute('aria-selected', 'true');
    const panel = root.host as OperatorChatPanel;
    void customElements
      .whenDefined(panel.localName)
      .then(() => panel.updateComplete)
      .then(() => panel.openChat(Number(row.dataset.chatId)));
  });
  return true;
}
