/**
 * The files of drafts and unsent messages, kept across a reload (contract §8) in IndexedDB,
 * which holds a Blob where sessionStorage holds only text. Each record is this tab's
 * (sessionStorage is per tab, and two tabs may hold drafts for the same chat), under the
 * operator's scope, never the token. A record is removed when its draft or message goes; one a
 * closed tab left behind is removed after a week. Every call settles quietly: where the browser
 * will not keep a file (storage blocked, full, private mode), a reload finds it missing and the
 * composer names it.
 */
import type { OutgoingAttachment } from '../api/chat-api.js';

const databaseName = 'operator-chat-panel';
const storeName = 'kept-files';
const tabKey = 'ocp:tab';
/** A record nobody read or wrote for this long belongs to a tab that is gone. */
const abandonedAfterMs = 7 * 24 * 3600 * 1000;

interface KeptFile {
  key: string;
  file: Blob;
  name: string;
  format: string;
  mediaType: number;
  savedAt: number;
}

let opened: Promise<IDBDatabase | null> | null = null;
let tab: string | null = null;

/** This tab's id: kept in sessionStorage, so a reload of the tab finds its own files. */
function tabId(): string {
  if (tab) return tab;
  try {
    tab = sessionStorage.getItem(tabKey);
    if (!tab)
      sessionStorage.setItem(tabKey, (tab = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`));
  } catch {
    tab = 'no-storage'; // nothing survives a reload here anyway
  }
  return tab;
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function database(): Promise<IDBDatabase | null> {
  opened ??= (async () => {
    try {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'key' });
      const db = await settled(request);
      // Another tab (a newer panel, the operator clearing site data) upgrades or deletes the
      // database: this connection gives way instead of blocking it, and the next call opens anew.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      void removeAbandoned(db);
      return db;
    } catch {
      return null;
    }
  })();
  return opened;
}

async function removeAbandoned(db: IDBDatabase): Promise<void> {
  const store = db.transaction(storeName, 'readwrite').objectStore(storeName);
  const records = (await settled(store.getAll())) as KeptFile[];
  const before = Date.now() - abandonedAfterMs;
  for (const record of records) if (record.savedAt < before) store.delete(record.key);
}

async function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => Promise<T>, fallback: T) {
  try {
    const db = await database();
    return db ? await act(db.transaction(storeName, mode).objectStore(storeName)) : fallback;
  } catch {
    return fallback;
  }
}

/** The id of a draft's file as the one-file composer kept it: under the draft's key alone. */
export const legacyDraftFileId = '';
/** Where a draft's file is kept. */
export const draftFileKey = (scope: string, chatId: number, fileId: string): string =>
  `${tabId()}|${scope}|draft|${chatId}${fileId === legacyDraftFileId ? '' : `|${fileId}`}`;
/** Where an unsent message's file is kept. */
export const outboxFileKey = (scope: string, localId: string): string => `${tabId()}|${scope}|outbox|${localId}`;

/** Keeps a file; answers whether the browser took it. */
export function keepFile(key: string, attachment: OutgoingAttachment): Promise<boolean> {
  const { file, name, format, mediaType } = attachment;
  const record: KeptFile = { key, file, name, format, mediaType, savedAt: Date.now() };
  return withStore('readwrite', async (store) => (await settled(store.put(record)), true), false);
}

/** The file kept under this key, or null (never kept, removed, or storage unavailable). */
export function keptFile(key: string): Promise<OutgoingAttachment | null> {
  return withStore(
    'readwrite',
    async (store) => {
      const record = (await settled(store.get(key))) as KeptFile | undefined;
      if (!record || !(record.file instanceof Blob)) return null;
      store.put({ ...record, savedAt: Date.now() }); // still wanted: not abandoned
      return { file: record.file, name: record.name, format: record.format, mediaType: record.mediaType };
    },
    null,
  );
}

export function forgetFile(key: string): Promise<void> {
  return withStore('readwrite', async (store) => void (await settled(store.delete(key))), undefined);
}
