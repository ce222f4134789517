/**
 * URL checks for anything from the API that could become a link or a media source (contract §8).
 * Links: http, https, mailto, tel. Media: http, https, blob, and data:image/ only. Everything else
 * (javascript:, data:text/html, vbscript:, relative junk) is refused and the value stays text.
 * Links are only in message text: their check is in safe-link.ts, with the conversation feature.
 */

const mediaProtocols = new Set(['http:', 'https:', 'blob:']);

export function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

/** The src to use for media from the API, or null when it must not be loaded. */
export function safeMediaSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  const url = parse(value);
  if (!url) return null;
  if (mediaProtocols.has(url.protocol)) return url.href;
  // Only images may come inline; data:image/svg+xml is an image element source, which runs no script.
  if (url.protocol === 'data:' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(value.trim())) return value.trim();
  return null;
}
