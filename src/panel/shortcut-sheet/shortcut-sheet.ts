/**
 * The keyboard shortcuts dialog (part `shortcuts`) that `?` opens: every key the panel knows, by
 * where it works. A chunk of its own, loaded by the keyboard controller the first time `?` is
 * pressed. It is one `<dialog>` per panel, put at the start of the panel's shadow root (before
 * what Lit renders there, so no render of the panel touches it); Escape, the close button or a
 * click outside closes it, and the focus goes back where it was.
 */
import { html, render, type TemplateResult } from 'lit';
import { msg } from '../../i18n/msg.js';
import { closeIcon } from '../../ui/icons.js';
import { keepTabInDialog } from '../../ui/dialog-focus.js';
import { activeLocale } from '../../i18n/locale.js';
import { shortcutSheetStyles } from './shortcut-sheet.styles.js';
import { onApple } from '../../conversation/find/find-key.js';

/** What the sheet lists besides the panel's own keys. */
export interface ShortcutSheetContent {
  /** The composer shows (the panel is not `readonly`). */
  composer: boolean;
  /** The page gave quick replies: `/` opens them. */
  quickReplies: boolean;
}

/** A shortcut: its key chords (each a list of keys pressed together), and what it does. */
type Shortcut = [chords: string[][], action: string];

const titleId = 'ocp-shortcuts-title';
const dialogs = new WeakMap<ShadowRoot, HTMLDialogElement>();

function sections(content: ShortcutSheetContent): Array<[title: string, shortcuts: Shortcut[]]> {
  const all: Array<[string, Shortcut[]]> = [
    [
      msg('Chat list'),
      [
        [[['↑'], ['↓']], msg('Move between chats')],
        [[['Page Up'], ['Page Down']], msg('Move a page of chats')],
        [[['Home'], ['End']], msg('First or last chat')],
        [[['Enter']], msg('Open the chat and write in it')],
      ],
    ],
    [
      msg('Anywhere in the panel'),
      [
        [
          [
            ['Alt', '↑'],
            ['Alt', '↓'],
          ],
          msg('Open the previous or next chat'),
        ],
        [
          [['Esc']],
          msg(
            'Close what opened last: a menu, the find bar, the customer details, a dialog; then, in a narrow panel, go back to the chat list; the floating panel last',
          ),
        ],
        [[['?']], msg('Show these shortcuts (outside text fields)')],
      ],
    ],
    [
      msg('Messages'),
      [
        [[['↑'], ['↓']], msg('Move between messages')],
        [[['Home']], msg('First loaded message')],
        [[['End'], ['Ctrl', 'End']], msg('Newest message')],
        [[['Tab']], msg('Into the focused message: its quote, translation and Reply')],
      ],
    ],
    [
      msg('Find in the chat'),
      [
        [[[onApple() ? '⌘' : 'Ctrl', 'F']], msg('Find in the open chat (with the focus in it)')],
        [[['Enter']], msg('Older match')],
        [[['Shift', 'Enter']], msg('Newer match')],
        [[['Esc']], msg('Close the find bar and go back to where you were')],
      ],
    ],
  ];
  if (content.composer) {
    const composer: Shortcut[] = [
      [[['Enter']], msg('Send')],
      [[['Shift', 'Enter']], msg('New line')],
      [[['Esc']], msg('Cancel the reply')],
    ];
    if (content.quickReplies)
      composer.push([
        [['/']],
        msg('Quick replies, at the start of the message: ↑ ↓ to move, Enter or Tab to put one in, Esc to close'),
      ]);
    all.push([msg('Composer'), composer]);
  }
  return all;
}

function renderChords(chords: string[][]): TemplateResult[] {
  return chords.map(
    (keys, index) =>
      html`${index > 0 ? ' / ' : ''}${keys.map((key, at) => html`${at > 0 ? '+' : ''}<kbd>${key}</kbd>`)}`,
  );
}

function renderSheet(content: ShortcutSheetContent): TemplateResult {
  return html`<div class="shortcuts__body">
    <div class="shortcuts__header">
      <h2 id=${titleId}>${msg('Keyboard shortcuts')}</h2>
      <form method="dialog">
        <button class="shortcuts__close" aria-label=${msg('Close')} title=${msg('Close')} autofocus>${closeIcon}</button>
      </form>
    </div>
    <div class="shortcuts__sections">${sections(content).map(
      ([title, shortcuts]) => html`<section>
        <h3>${title}</h3>
        <dl>
          ${shortcuts.map(
            ([chords, action]) =>
              html`<div class="shortcuts__row"><dt>${renderChords(chords)}</dt><dd>${action}</dd></div>`,
          )}
        </dl>
      </section>`,
    )}</div>
  </div>`;
}

function dialogIn(root: ShadowRoot): HTMLDialogElement {
  let dialog = dialogs.get(root);
  if (dialog) return dialog;
  const sheet = shortcutSheetStyles.styleSheet;
  if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const created = (dialog = document.createElement('dialog'));
  created.className = 'shortcuts';
  created.setAttribute('part', 'shortcuts');
  created.setAttribute('aria-labelledby', titleId);
  // The dialog box has no padding of its own: a click on the dialog itself is on the backdrop.
  created.addEventListener('click', (event) => event.target === created && created.close());
  created.addEventListener('keydown', keepTabInDialog);
  root.prepend(created);
  dialogs.set(root, created);
  return created;
}

/** Opens the sheet in the panel's shadow root; closing it puts the focus back on `returnTo`. */
export function showShortcutSheet(root: ShadowRoot, content: ShortcutSheetContent, returnTo: HTMLElement | null): void {
  const dialog = dialogIn(root);
  if (dialog.open) return;
  // Rendered at each opening: the language or the panel's settings may have changed since.
  dialog.lang = activeLocale();
  render(renderSheet(content), dialog);
  dialog.addEventListener(
    'close',
    () => {
      const target = returnTo?.isConnected
        ? returnTo
        : root.querySelector<HTMLElement>('[part~="chat-item"][tabindex="0"], [part~="chat-item"]');
      target?.focus();
    },
    { once: true },
  );
  dialog.showModal();
}
