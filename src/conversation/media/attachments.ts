/**
 * Attachments the operator sends: which MediaType a file is, whether it may be sent at all, and
 * how files come out of a drop or a paste. Pure: no DOM beyond the File/Blob/DataTransfer types,
 * so the composer can refuse a file before any request (contract §8).
 */
import { msg, str } from '../../i18n/msg.js';
import { MediaType, type MediaTypeCode } from '../../core/api/message-enums.js';
import type { OutgoingAttachment } from '../../core/api/chat-api.js';

/** Content type sent when neither the browser nor the file name tells us one. */
export const fallbackFormat = 'application/octet-stream';
/** Name given to an image pasted from the clipboard without a name of its own. */
export const pastedImageName = 'pasted-image.png';

// Browsers leave `File.type` empty for many files (voice notes saved as .ogg/.opus, .heic, ...);
// the extension is then the only hint there is.
const formatByExtension: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** The MIME type the file name's extension suggests, or null. */
export function formatFromName(name: string): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(name.trim());
  return match ? (formatByExtension[match[1]!.toLowerCase()] ?? null) : null;
}

// "Voice" only when the file says so: a song in Ogg/Opus sent as Voice would show up in the
// customer's messenger as a voice bubble, which is worse than a voice note shown as audio.
const voiceWords = /(^|[^a-z])(voice|ptt)([^a-z]|$)|^audio_\d+.*\.(ogg|oga|opus)$/i;

/**
 * The MediaType (spec §2.2) to send a file as, from its MIME type and name: image → Photo,
 * video → Video, audio → Voice when the name or type says voice, else Audio; anything else File.
 * Also used to guess how to show media whose type code is unknown.
 */
export function mediaTypeForMime(mime: string | null | undefined, name = ''): MediaTypeCode {
  const format = (mime ?? '').trim().toLowerCase() || (formatFromName(name) ?? '');
  const base = format.split(';')[0]!.trim();
  if (base.startsWith('image/')) return MediaType.Photo;
  if (base.startsWith('video/')) return MediaType.Video;
  if (base.startsWith('audio/')) {
    return voiceWords.test(name) || /voice/.test(format) ? MediaType.Voice : MediaType.Audio;
  }
  return MediaType.File;
}

/**
 * A byte count for people: "512 B", "1.5 kB", "10 MB" in the given locale. Binary steps (1024),
 * as the limits we show (`max-upload-bytes` 10485760 = 10 MB) are powers of two.
 */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  };
  try {
    return new Intl.NumberFormat(locale, options).format(value);
  } catch {
    // A malformed `lang` must not break a message row.
    return new Intl.NumberFormat('en', options).format(value);
  }
}

export type AttachmentCheck = { ok: true } | { ok: false; reason: 'empty' | 'too-large'; message: string };

/** Whether a file may be sent; when not, a message to show in the composer. */
export function checkAttachment(file: Blob, maxBytes: number, locale?: string): AttachmentCheck {
  const name = nameOf(file) || msg('The file');
  if (file.size === 0) {
    return { ok: false, reason: 'empty', message: msg(str`${name} is empty and cannot be sent.`) };
  }
  if (file.size > maxBytes) {
    const size = formatBytes(file.size, locale);
    const limit = formatBytes(maxBytes, locale);
    return {
      ok: false,
      reason: 'too-large',
      message: msg(str`${name} is too large (${size}). Attachments can be up to ${limit}.`),
    };
  }
  return { ok: true };
}

/** Why files were not attached: the composer holds `max` already. Names each of them. */
export function tooManyFilesRefusal(refused: readonly Blob[], max: number, locale?: string): string {
  const names = refused.map((file) => attachmentFromFile(file).name);
  let list: string;
  try {
    list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    list = names.join(', '); // a malformed `lang`
  }
  return msg(str`Not attached: ${list}. Up to ${max} files can be attached at once: send or remove some first.`);
}

/** What the composer sends through `/message/v2` for a chosen, dropped or pasted file. */
export function attachmentFromFile(file: Blob): OutgoingAttachment {
  const ownName = nameOf(file).trim();
  const format = file.type.trim() || formatFromName(ownName) || fallbackFormat;
  const isImage = format.toLowerCase().startsWith('image/');
  const name = ownName || (isImage ? pastedImageName : 'attachment');
  return { file, name, format, mediaType: mediaTypeForMime(format, name) };
}

/** The parts of a DataTransfer we read: drops and clipboard pastes both have them. */
export type FileTransfer = Pick<DataTransfer, 'files' | 'items'>;

/**
 * The files in a drop or paste. `files` covers drops and most pastes; a clipboard image that
 * only shows up as an item (a screenshot copied from another app) is read from `items`.
 */
export function filesFromDataTransfer(transfer: FileTransfer | null | undefined): File[] {
  if (!transfer) return [];
  const files = Array.from(transfer.files ?? []);
  if (files.length > 0) return files;
  const fromItems: File[] = [];
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const file = item.getAsFile();
    if (file) fromItems.push(file);
  }
  return fromItems;
}

function nameOf(file: Blob): string {
  return file instanceof File ? file.name : '';
}
