/**
 * Giving the composer files as an operator does (the picker, a drop on the conversation, a paste
 * into the text) and reading back what it shows of them.
 */
import { waitUntil } from '@open-wc/testing';
import type { OperatorChatPanel } from '../../src/operator-chat-panel.js';
import { part } from './panel.js';
import { longWait } from './waits.js';

function transferOf(files: readonly File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

/** Chooses the files in the composer's file picker at once, as the operator would. */
export function pickFiles(panel: OperatorChatPanel, files: readonly File[]): HTMLInputElement {
  const input = panel.shadowRoot!.querySelector<HTMLInputElement>('.composer__file')!;
  input.files = transferOf(files).files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return input;
}

/** Drags the files over the conversation and drops them there; answers whether it took the drag. */
export function dropFiles(panel: OperatorChatPanel, files: readonly File[]): boolean {
  const transfer = transferOf(files);
  const conversation = part(panel, 'conversation')!;
  const over = new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true });
  conversation.dispatchEvent(over);
  conversation.dispatchEvent(
    new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true }),
  );
  return over.defaultPrevented;
}

/** Pastes the clipboard's `transfer` into the composer's text; answers the paste event. */
export function paste(panel: OperatorChatPanel, transfer: DataTransfer): ClipboardEvent {
  const event = new ClipboardEvent('paste', {
    clipboardData: transfer,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  // Firefox's ClipboardEvent constructor takes no clipboardData (only its old data and
  // dataType); the files are then handed over as the browser's own paste would.
  if (event.clipboardData?.files.length !== transfer.files.length)
    Object.defineProperty(event, 'clipboardData', { value: transfer });
  part(panel, 'composer-input')!.dispatchEvent(event);
  return event;
}

/** Pastes files into the composer's text, as a screenshot is. */
export function pasteFiles(panel: OperatorChatPanel, files: readonly File[]): ClipboardEvent {
  return paste(panel, transferOf(files));
}

/** A small PNG file (its first bytes). */
export const png = (name: string): File =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])], name, { type: 'image/png' });

/** A file of `size` bytes. */
export const fileOf = (name: string, size: number, type = 'application/pdf'): File =>
  new File([new Uint8Array(size).fill(65)], name, { type });

/** A file the composer holds, as the operator reads it: its name and size, or what it says of a missing one. */
export interface ComposerFileRow {
  row: HTMLElement;
  name: string;
  size: string;
  /** The control that removes it, with its accessible name. */
  remove: HTMLButtonElement | null;
}

/** The composer's files in the order shown; a file's preview reads its name and size in its shadow root. */
export function composerFiles(panel: OperatorChatPanel): ComposerFileRow[] {
  const rows = Array.from(part(panel, 'composer')?.querySelectorAll<HTMLElement>('.composer__file-item') ?? []);
  return rows.map((row) => {
    const preview = row.querySelector('ocp-attachment-preview')?.shadowRoot;
    const text = (selector: string) => preview?.querySelector(selector)?.textContent?.trim() ?? '';
    return {
      row,
      name: preview ? text('[part~="attachment-preview-name"]') : (row.textContent?.trim() ?? ''),
      size: text('[part~="attachment-preview-size"]'),
      remove:
        preview?.querySelector<HTMLButtonElement>('[part~="attachment-preview-remove"]') ??
        row.querySelector<HTMLButtonElement>('button'),
    };
  });
}

/** The names of the composer's files in order, once it shows exactly `names` (each previewed). */
export async function composerShows(panel: OperatorChatPanel, names: readonly string[]): Promise<ComposerFileRow[]> {
  const shown = () => composerFiles(panel).map((file) => file.name);
  await waitUntil(
    () => shown().join('|') === names.join('|'),
    `the composer holding ${names.join(', ')} (shows ${shown().join(', ')})`,
    longWait,
  );
  return composerFiles(panel);
}

/** Why the composer refused files, as it says it: the text of its refusal, or null. */
export function refusal(panel: OperatorChatPanel): string | null {
  return part(panel, 'composer')!.querySelector('.composer__refusal')?.textContent?.trim() ?? null;
}

/**
 * WebKit's automation session stores like Safari's Private Browsing: IndexedDB refuses a Blob
 * ("Error preparing Blob/File data to be stored in object store"), so no file survives a reload.
 */
export const noFilesKept = 'IndexedDB refuses to store a Blob, as in private browsing';
let keepsFiles: Promise<boolean> | undefined;
export function browserKeepsFiles(): Promise<boolean> {
  keepsFiles ??= new Promise((resolve) => {
    const request = indexedDB.open('ocp-test-probe-files', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('probe');
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const put = request.result
        .transaction('probe', 'readwrite')
        .objectStore('probe')
        .put(new Blob(['x']), 'probe');
      put.onsuccess = () => resolve(true);
      put.onerror = () => resolve(false);
    };
  });
  return keepsFiles;
}
