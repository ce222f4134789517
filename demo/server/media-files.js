/**
 * Generated media for the seed (avatars, photos, stickers, audio, documents, Story images)
 * and the `/media/...` route, which also serves files uploaded through the send endpoints.
 */
import { deflateSync, gzipSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** @param {Buffer} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type
 * @param {Buffer} data
 */
function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGBA PNG drawn by a pixel function.
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => [number, number, number, number]} pixel
 */
export function makePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A mono 8 kHz 16-bit WAV tone.
 * @param {number} seconds
 * @param {number} frequency
 */
export function makeWav(seconds, frequency) {
  const rate = 8000;
  const samples = Math.floor(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 400, (samples - i) / 400);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 9000 * fade), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A one-page PDF with a line of text. @param {string} text */
export function makePdf(text) {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 40 100 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PALETTE = ['#e57373', '#64b5f6', '#81c784', '#ffb74d', '#ba68c8', '#4db6ac', '#f06292', '#7986cb'];

/** @param {string} text */
function escapeXml(text) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @type {Map<number, Buffer>} */
const avatarsByColour = new Map();

/** '#e57373' → [229, 115, 115]. @param {string} hex */
const rgbOf = (hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/**
 * A round "photo" avatar, a raster picture as a messenger's are (JPEG or PNG photos): a coloured
 * gradient with a head-and-shoulders silhouette. Not an SVG document: a page draws each of those
 * as a document of its own, a cost no real avatar has (a list of them scrolled at 80 ms a frame).
 * @param {number} n
 */
export function makeAvatarPng(n) {
  // Its colours are all that differ: one picture per colour, made once.
  const colour = n % PALETTE.length;
  const made = avatarsByColour.get(colour);
  if (made) return made;
  const from = rgbOf(PALETTE[colour]);
  const to = rgbOf(PALETTE[(colour + 3) % PALETTE.length]);
  const size = 96;
  const picture = makePng(size, size, (x, y) => {
    const along = (x + y) / (2 * (size - 1));
    const background = from.map((channel, index) => Math.round(channel + (to[index] - channel) * along));
    const head = (x - 48) ** 2 + (y - 38) ** 2 <= 17 ** 2;
    const shoulders = y >= 60 && ((x - 48) / 34) ** 2 + ((y - 96) / 36) ** 2 <= 1;
    const figure = head || shoulders ? background.map((channel) => Math.round(channel * 0.1 + 255 * 0.9)) : background;
    return [...figure, 255];
  });
  avatarsByColour.set(colour, picture);
  return picture;
}

/** A Story card. @param {number} id */
export function makeStorySvg(id) {
  const color = PALETTE[id % PALETTE.length];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="320" viewBox="0 0 180 320">` +
      `<rect width="180" height="320" rx="12" fill="${color}"/>` +
      `<text x="90" y="170" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${escapeXml(`Story ${id}`)}</text></svg>`,
  );
}

/** An animated sticker (SMIL). */
function makeAnimatedStickerSvg() {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<circle cx="64" cy="64" r="40" fill="#ffca28"><animate attributeName="r" values="36;48;36" dur="1.2s" repeatCount="indefinite"/></circle>` +
      `<circle cx="50" cy="56" r="6" fill="#333"/><circle cx="78" cy="56" r="6" fill="#333"/>` +
      `<path d="M44 76 Q64 96 84 76" stroke="#333" stroke-width="5" fill="none"/></svg>`,
  );
}

/**
 * A Telegram-style animated sticker: gzipped Lottie JSON. Browsers cannot draw it without a
 * Lottie player, so the panel must show a placeholder rather than a broken image.
 */
function makeTgsSticker() {
  const lottie = {
    tgs: 1,
    v: '5.5.2',
    fr: 60,
    ip: 0,
    op: 60,
    w: 512,
    h: 512,
    nm: 'ocp sticker',
    ddd: 0,
    assets: [],
    layers: [],
  };
  return gzipSync(Buffer.from(JSON.stringify(lottie)));
}

/** @typedef {{ body: Buffer, type: string, name?: string }} StoredFile */

/** Fixed seed files served under `/media/seed/<name>`; a missing name is a 404. */
const SEED_FILES = (() => {
  /** @type {Map<string, StoredFile>} */
  const files = new Map();
  const photo = (/** @type {number} */ hue) =>
    makePng(160, 120, (x, y) => [(x * 1.5 + hue) % 256, (y * 2 + hue / 2) % 256, (x + y + hue * 3) % 256, 255]);
  files.set('photo-1.png', { body: photo(30), type: 'image/png' });
  files.set('photo-2.png', { body: photo(140), type: 'image/png' });
  files.set('photo-3.png', { body: photo(220), type: 'image/png' });
  files.set('sticker-1.png', {
    body: makePng(96, 96, (x, y) => {
      const inside = (x - 48) ** 2 + (y - 48) ** 2 < 44 ** 2;
      return inside ? [255, 112, 67, 255] : [0, 0, 0, 0];
    }),
    type: 'image/png',
  });
  files.set('sticker-animated-1.svg', { body: makeAnimatedStickerSvg(), type: 'image/svg+xml' });
  files.set('sticker-animated-2.tgs', { body: makeTgsSticker(), type: 'application/x-tgsticker' });
  files.set('audio-1.wav', { body: makeWav(1.2, 440), type: 'audio/wav' });
  files.set('voice-1.wav', { body: makeWav(2, 220), type: 'audio/wav' });
  files.set('invoice-4521.pdf', { body: makePdf('Invoice 4521 - Acme Store'), type: 'application/pdf' });
  files.set('notes.txt', {
    body: Buffer.from('Delivery notes\nLeave at the door.\n'),
    type: 'text/plain; charset=utf-8',
  });
  return files;
})();

/**
 * Seed media descriptors for each MediaType (1-10). `path` is relative; video kinds point at
 * names that are not served (404) so the panel's degradation is exercised.
 * @type {Record<number, { name: string, format: string, type: number, path: string }>}
 */
export const SEED_MEDIA = {
  1: { name: 'photo-1.png', format: 'image/png', type: 1, path: '/media/seed/photo-1.png' },
  2: { name: 'invoice-4521.pdf', format: 'application/pdf', type: 2, path: '/media/seed/invoice-4521.pdf' },
  3: { name: 'audio-1.wav', format: 'audio/wav', type: 3, path: '/media/seed/audio-1.wav' },
  4: { name: 'unboxing.mp4', format: 'video/mp4', type: 4, path: '/media/seed/unboxing.mp4' },
  5: { name: 'sticker-1.png', format: 'image/png', type: 5, path: '/media/seed/sticker-1.png' },
  6: { name: 'sticker-animated-1.svg', format: 'image/svg+xml', type: 6, path: '/media/seed/sticker-animated-1.svg' },
  7: { name: 'sticker-video-1.webm', format: 'video/webm', type: 7, path: '/media/seed/sticker-video-1.webm' },
  8: { name: 'animation-1.mp4', format: 'video/mp4', type: 8, path: '/media/seed/animation-1.mp4' },
  9: { name: 'voice-1.wav', format: 'audio/wav', type: 9, path: '/media/seed/voice-1.wav' },
  10: { name: 'video-note-1.mp4', format: 'video/mp4', type: 10, path: '/media/seed/video-note-1.mp4' },
};

/**
 * Media beyond one per MediaType, by name, for the control API's `mediaVariant`:
 * `tgs` is an animated sticker (type 6) in the Lottie-based .tgs format.
 * @type {Record<string, { name: string, format: string, type: number, path: string }>}
 */
export const MEDIA_VARIANTS = {
  tgs: {
    name: 'sticker-animated-2.tgs',
    format: 'application/x-tgsticker',
    type: 6,
    path: '/media/seed/sticker-animated-2.tgs',
  },
};

/** @param {string} name a key of MEDIA_VARIANTS */
export function variantMediaRecord(name) {
  const media = Object.hasOwn(MEDIA_VARIANTS, name) ? MEDIA_VARIANTS[name] : undefined;
  return media ? { ...media, length: seedFileLength(media.path) } : null;
}

/** A photo whose URL answers 404. */
export const BROKEN_PHOTO = {
  name: 'lost-photo.jpg',
  format: 'image/jpeg',
  type: 1,
  path: '/media/seed/lost-photo.jpg',
};

/** @param {string} path */
export function seedFileLength(path) {
  const name = path.replace('/media/seed/', '');
  return SEED_FILES.get(name)?.body.length ?? 0;
}

/** Generated pictures of a requested size (`/media/slow/...`), made once per size. */
const sizedPictures = new Map();

/**
 * @param {number} width
 * @param {number} height
 */
function sizedPicture(width, height) {
  const key = `${width}x${height}`;
  let body = sizedPictures.get(key);
  if (!body) {
    body = makePng(width, height, (x, y) => [40 + ((x * 7) % 160), 90 + ((y * 5) % 120), 170, 255]);
    sizedPictures.set(key, body);
  }
  return body;
}

/**
 * Serves `/media/avatar/<n>.png`, `/media/story/<id>.svg`, `/media/seed/<name>`, uploaded
 * `/media/<guid>`, and `/media/slow/<ms>/<width>x<height>.png`, which answers a picture of that size
 * after that delay (at most 10 s, 2,000 px): an image whose size the panel learns only once it
 * loads, late, as on a slow network; `/media/held/<name>/<width>x<height>.png` answers one once
 * the test lets `<name>` go (held-media.js).
 * @param {import('koa').Context} ctx
 * @param {Map<string, StoredFile>} uploads
 * @param {import('./held-media.js').HeldMedia} heldMedia
 */
export async function serveMedia(ctx, uploads, heldMedia) {
  ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', 'GET, OPTIONS');
    ctx.status = 204;
    return;
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.status = 405;
    return;
  }
  /** @type {StoredFile | undefined} */
  let file;
  const path = ctx.path;
  let match;
  if ((match = /^\/media\/avatar\/(\d+)\.png$/.exec(path))) {
    file = { body: makeAvatarPng(Number(match[1])), type: 'image/png' };
  } else if ((match = /^\/media\/story\/(\d+)\.svg$/.exec(path))) {
    file = { body: makeStorySvg(Number(match[1])), type: 'image/svg+xml' };
  } else if ((match = /^\/media\/seed\/([\w.-]+)$/.exec(path))) {
    file = SEED_FILES.get(match[1]);
  } else if ((match = /^\/media\/([0-9a-f-]{36})$/.exec(path))) {
    file = uploads.get(match[1]);
  } else if ((match = /^\/media\/(?:slow\/(\d+)|held\/([\w-]+))\/(\d+)x(\d+)\.png$/.exec(path))) {
    // A picture that comes late: after a delay (slow), or once the test lets its name go (held).
    const [delayMs, heldName] = [match[1], match[2]];
    const [width, height] = [Number(match[3]), Number(match[4])];
    if (width >= 1 && height >= 1 && width <= 2000 && height <= 2000) {
      if (heldName === undefined) await new Promise((resolve) => setTimeout(resolve, Math.min(10000, Number(delayMs))));
      else await heldMedia.untilReleased(heldName);
      file = { body: sizedPicture(width, height), type: 'image/png' };
    }
  }
  if (!file) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found';
    return;
  }
  ctx.status = 200;
  // A slow picture is slow every time: a test opening it twice measures the second load too.
  ctx.set('Cache-Control', /^\/media\/(slow|held)\//.test(path) ? 'no-store' : 'public, max-age=300');
  ctx.type = file.type;
  if (file.name) ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  ctx.body = file.body;
}
