/**
 * A message's media is reached by Tab only while its message is the list's current one (contract
 * §8: the message list is one stop), in every engine: Firefox makes a bare <video> a Tab stop,
 * without controls too, while it loads and once it has loaded.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/conversation/message-media/message-media.js';
import type { MessageMedia } from '../../../src/conversation/message-media/message-media.js';
import { MediaType } from '../../../src/core/api/message-enums.js';
import type { ChatMedia } from '../../../src/core/api/message-wire.js';
import { deepActiveElement, press } from '../../a11y/keys.js';
import { longWait } from '../../support/waits.js';
import { afterNextPaint } from '../../../src/ui/after-next-paint.js';
import { mediaLoadsInThisPage, mediaOf, silentWavUrl, tinyPng } from './helpers.js';

/** A file each kind's element keeps: images load, and every engine plays a WAV in <audio> and <video>. */
const wav = silentWavUrl(1);
const cases: Array<{ kind: string; media: Partial<ChatMedia>; control: string }> = [
  { kind: 'photo', media: { type: MediaType.Photo, format: 'image/png', uri: tinyPng }, control: 'button' },
  { kind: 'file', media: { type: MediaType.File, format: 'application/pdf', uri: tinyPng }, control: 'a' },
  { kind: 'audio', media: { type: MediaType.Audio, format: 'audio/wav', uri: wav }, control: 'audio' },
  { kind: 'voice', media: { type: MediaType.Voice, format: 'audio/wav', uri: wav }, control: 'audio' },
  { kind: 'video', media: { type: MediaType.Video, format: 'video/mp4', uri: wav }, control: 'video' },
  { kind: 'video-note', media: { type: MediaType.VideoNote, format: 'video/mp4', uri: wav }, control: 'button' },
  { kind: 'sticker-video', media: { type: MediaType.StickerVideo, format: 'video/webm', uri: wav }, control: 'video' },
  { kind: 'animation', media: { type: MediaType.Animation, format: 'video/mp4', uri: wav }, control: 'video' },
];

/** The elements Tab lands on from a button before the media to the button after it. */
async function tabStops(media: ChatMedia, tabbable: boolean): Promise<{ stops: Element[]; element: MessageMedia }> {
  const box = await fixture<HTMLElement>(html`<div>
    <button id="before">before</button>
    <ocp-message-media .media=${media} .tabbable=${tabbable}></ocp-message-media>
    <button id="after">after</button>
  </div>`);
  const element = box.querySelector<MessageMedia>('ocp-message-media')!;
  await element.updateComplete;
  // On screen: its player is made after the frame that shows it.
  await afterNextPaint();
  await element.updateComplete;
  // A file read (or failed) while Tab is in its controls redraws them, and the focus drops to the
  // page (Chromium): the file is read first, as when the operator gets to it.
  const player = element.shadowRoot!.querySelector<HTMLMediaElement>('audio, video');
  if (player && mediaLoadsInThisPage())
    await waitUntil(
      () => player.readyState >= HTMLMediaElement.HAVE_METADATA || player.error !== null,
      'the file read',
      longWait,
    );
  box.querySelector<HTMLElement>('#before')!.focus();
  const stops: Element[] = [];
  while (deepActiveElement()?.id !== 'after' && stops.length < 16) {
    await press('Tab');
    stops.push(deepActiveElement()!);
  }
  return { stops, element };
}

describe('a message’s media and the Tab key', () => {
  for (const { kind, media, control } of cases) {
    it(`is no Tab stop while its message is not the current one (${kind})`, async () => {
      const { stops, element } = await tabStops(mediaOf(media), false);
      expect(stops.map((stop) => stop.id || stop.localName)).to.deep.equal(['after']);
      // Still the kind's own element, not the file row a failed load falls back to.
      expect(element.shadowRoot!.querySelector(`[part~="message-media--${kind}"]`), kind).to.exist;
    });

    it(`is reached by Tab at its one control while its message is the current one (${kind})`, async () => {
      const { stops, element } = await tabStops(mediaOf(media), true);
      expect(stops.at(-1)!.id).to.equal('after');
      // Native audio and video controls take several presses (play, time, volume), all on the one element.
      const inside = [...new Set(stops.slice(0, -1))];
      expect(inside.map((stop) => stop.localName)).to.deep.equal([control]);
      expect(element.shadowRoot!.contains(inside[0]), 'the stop is inside the media').to.equal(true);
    });
  }
});
