/** Links in message text (see safe-url.ts): http, https, mailto and tel only. */
import { parse } from './safe-url.js';

const linkProtocols = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The href to use for a link in message text, or null when it must stay plain text. */
export function safeLinkHref(value: string): string | null {
  const url = parse(value);
  return url && linkProtocols.has(url.protocol) ? url.href : null;
}
