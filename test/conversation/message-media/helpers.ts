import type { ChatMedia } from '../../../src/core/api/message-wire.js';

/** A 1x1 transparent PNG: an image that loads without any network. */
export const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A same-origin URL the test server answers with 404. */
export function missingUrl(extension: string): string {
  return `${location.origin}/media/seed/does-not-exist-${Math.random().toString(36).slice(2)}.${extension}`;
}

export function mediaOf(overrides: Partial<ChatMedia>): ChatMedia {
  return { name: 'file.bin', format: 'application/octet-stream', type: 2, uri: tinyPng, length: 1536, ...overrides };
}

/** A blob: URL of a silent mono 8-bit WAV lasting `seconds`, so an audio element can read its duration. */
export function silentWavUrl(seconds: number): string {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  new Uint8Array(buffer, 44).fill(128); // 8-bit silence
  return URL.createObjectURL(new Blob([buffer], { type: 'audio/wav' }));
}

/** Every src and href in a shadow root, to prove nothing unsafe reached a URL attribute. */
export function urlAttributes(root: ShadowRoot): string[] {
  return Array.from(root.querySelectorAll('[src], [href]')).flatMap((element) =>
    ['src', 'href'].map((name) => element.getAttribute(name)).filter((value): value is string => value !== null),
  );
}

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Makes lazy images in a shadow root load now. The runner keeps several test pages open and only
 * one is in front; Chromium never loads lazy images in a page that is not visible, so a test
 * about what happens after a load (or a failed load) would wait forever in a background page.
 */
export function loadImagesNow(root: ShadowRoot): void {
  for (const img of root.querySelectorAll('img')) img.loading = 'eager';
}

/**
 * Chromium does not load audio or video in a page that is not visible, and the runner keeps all
 * but one test page in the background. There, the tests below stand in for the network with the
 * very events the browser fires once it loads: the element's handling is what they test.
 */
export function mediaLoadsInThisPage(): boolean {
  return document.visibilityState === 'visible';
}

/** In a background page, fires the `error` a 404 would; in a visible one the real 404 does. */
export function failMediaInBackground(element: Element | null): void {
  if (element instanceof HTMLMediaElement && !mediaLoadsInThisPage()) element.dispatchEvent(new Event('error'));
}

/** In a background page, reports the duration the WAV has, as `loadedmetadata` would. */
export function loadMetadataInBackground(element: HTMLMediaElement, seconds: number): void {
  if (mediaLoadsInThisPage()) return;
  Object.defineProperty(element, 'duration', { configurable: true, get: () => seconds });
  element.dispatchEvent(new Event('loadedmetadata'));
}
