import { expect, fixture, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../../src/conversation/message-media/message-media.js';
import { MessageMedia, mediaKindOf } from '../../../src/conversation/message-media/message-media.js';
import type { MediaViewer } from '../../../src/conversation/media-viewer/media-viewer.js';
import type { ChatMedia } from '../../../src/core/api/message-wire.js';
import {
  deepActiveElement,
  failMediaInBackground,
  loadImagesNow,
  loadMetadataInBackground,
  mediaOf,
  missingUrl,
  silentWavUrl,
  tinyPng,
  urlAttributes,
} from './helpers.js';
import { longWait } from '../../support/waits.js';
import { afterNextPaint } from '../../../src/ui/after-next-paint.js';

/** The element as a row shows it once it is on screen: its player, if any, made after the frame that showed it. */
async function render(media: ChatMedia): Promise<MessageMedia> {
  const element = await fixture<MessageMedia>(html`<ocp-message-media .media=${media}></ocp-message-media>`);
  await afterNextPaint();
  await element.updateComplete;
  return element;
}

function rootOf(element: MessageMedia): HTMLElement {
  const root = element.shadowRoot!.querySelector<HTMLElement>('[part~="message-media"]');
  if (!root) throw new Error('no message-media root');
  return root;
}

function partsOf(element: MessageMedia): string[] {
  return (rootOf(element).getAttribute('part') ?? '').split(/\s+/);
}

// A remote URL for kinds whose media cannot be made locally. Checks run right after the first
// render, before any network answer could arrive, so the error fallback cannot interfere.
const remote = (extension: string) => `${location.origin}/media/seed/pending.${extension}`;

describe('ocp-message-media', () => {
  describe('rendering by MediaType', () => {
    const cases: Array<{ title: string; media: Partial<ChatMedia>; kind: string; selector: string }> = [
      {
        title: 'Photo',
        media: { type: 1, format: 'image/png', name: 'p.png', uri: tinyPng },
        kind: 'photo',
        selector: 'button[part="message-media-open"] img',
      },
      {
        title: 'File',
        media: { type: 2, format: 'application/pdf', name: 'a.pdf', uri: remote('pdf') },
        kind: 'file',
        selector: 'a[download]',
      },
      {
        title: 'Audio',
        media: { type: 3, format: 'audio/mpeg', name: 'song.mp3', uri: remote('mp3') },
        kind: 'audio',
        selector: 'audio[controls][preload="metadata"]',
      },
      {
        title: 'Video',
        media: { type: 4, format: 'video/mp4', name: 'v.mp4', uri: remote('mp4') },
        kind: 'video',
        selector: 'video[controls][playsinline][preload="metadata"]',
      },
      {
        title: 'Sticker',
        media: { type: 5, format: 'image/webp', name: 's.webp', uri: tinyPng },
        kind: 'sticker',
        selector: '.sticker-box img',
      },
      {
        title: 'StickerAnimated (image)',
        media: { type: 6, format: 'image/svg+xml', name: 's.svg', uri: tinyPng },
        kind: 'sticker-animated',
        selector: '.sticker-box img',
      },
      {
        title: 'StickerAnimated (video)',
        media: { type: 6, format: 'video/webm', name: 's.webm', uri: remote('webm') },
        kind: 'sticker-animated',
        selector: '.sticker-box video[muted][loop][playsinline]',
      },
      {
        title: 'StickerVideo',
        media: { type: 7, format: 'video/webm', name: 's.webm', uri: remote('webm') },
        kind: 'sticker-video',
        selector: '.sticker-box video[muted][loop][playsinline]',
      },
      {
        title: 'Animation (video)',
        media: { type: 8, format: 'video/mp4', name: 'a.mp4', uri: remote('mp4') },
        kind: 'animation',
        selector: '.animation-box video[muted][loop][autoplay]',
      },
      {
        title: 'Animation (gif)',
        media: { type: 8, format: 'image/gif', name: 'a.gif', uri: tinyPng },
        kind: 'animation',
        selector: '.animation-box img',
      },
      {
        title: 'Voice',
        media: { type: 9, format: 'audio/ogg', name: 'v.ogg', uri: remote('ogg') },
        kind: 'voice',
        selector: 'audio[controls][preload="metadata"]',
      },
      {
        title: 'VideoNote',
        media: { type: 10, format: 'video/mp4', name: 'n.mp4', uri: remote('mp4') },
        kind: 'video-note',
        selector: 'button.note-toggle video[playsinline]',
      },
      {
        title: 'unknown code with an image MIME',
        media: { type: 42, format: 'image/png', name: 'x.png', uri: tinyPng },
        kind: 'photo',
        selector: 'img',
      },
      {
        title: 'unknown code with a video MIME',
        media: { type: 0, format: 'video/mp4', name: 'x.mp4', uri: remote('mp4') },
        kind: 'video',
        selector: 'video[controls]',
      },
      {
        title: 'unknown code with another MIME',
        media: { type: 99, format: 'application/zip', name: 'x.zip', uri: remote('zip') },
        kind: 'file',
        selector: 'a[download]',
      },
    ];
    for (const { title, media, kind, selector } of cases) {
      it(`renders ${title} as ${kind}`, async () => {
        // arrange / act
        const element = await render(mediaOf(media));
        // assert
        expect(partsOf(element)).to.include.members(['message-media', `message-media--${kind}`]);
        expect(partsOf(element)).not.to.include('message-media--fallback');
        expect(rootOf(element).dataset.mediaType).to.equal(String(media.type));
        expect(element.shadowRoot!.querySelector(selector), selector).to.exist;
      });
    }

    it('maps every MediaType code to its own kind', () => {
      const kinds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((type) => mediaKindOf({ type, format: '', name: '' }));
      expect(new Set(kinds).size).to.equal(10);
    });

    it('renders nothing without media', async () => {
      const element = await fixture<MessageMedia>(html`<ocp-message-media></ocp-message-media>`);
      expect(element.shadowRoot!.querySelector('[part~="message-media"]')).to.equal(null);
    });
  });

  describe('photo', () => {
    it('loads lazily with the file name as alt', async () => {
      const element = await render(mediaOf({ type: 1, format: 'image/png', name: 'receipt.png', uri: tinyPng }));
      const img = element.shadowRoot!.querySelector('img')!;
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('decoding')).to.equal('async');
      expect(img.alt).to.equal('receipt.png');
    });

    it('holds a 200x150 placeholder before the image loads', async () => {
      // arrange: a URL that has not answered yet
      const element = await render(mediaOf({ type: 1, format: 'image/png', name: 'p.png', uri: remote('png') }));
      const box = element.shadowRoot!.querySelector('.photo-box')!;
      // assert
      expect(partsOf(element)).to.include('message-media--loading');
      expect(box.getBoundingClientRect().width).to.equal(200);
      expect(box.getBoundingClientRect().height).to.equal(150);
    });

    it('shows a small photo at its own size, never enlarged, and fits a large one to the bubble', async () => {
      const sized = async (width: number, height: number) => {
        const element = await render(
          mediaOf({
            type: 1,
            format: 'image/png',
            name: 'p.png',
            uri: `${location.origin}/media/slow/0/${width}x${height}.png`,
          }),
        );
        loadImagesNow(element.shadowRoot!);
        // The server draws a large picture on its first request: up to a second on a busy machine.
        await waitUntil(() => !partsOf(element).includes('message-media--loading'), 'photo never loaded', {
          timeout: 5000,
        });
        return element.shadowRoot!.querySelector('img')!.getBoundingClientRect();
      };
      const small = await sized(40, 30);
      expect([small.width, small.height]).to.deep.equal([40, 30]);
      const large = await sized(2000, 1500);
      expect(large.width).to.equal(280);
      expect(large.height).to.be.closeTo(210, 1);
      const tall = await sized(300, 1200);
      expect(tall.height).to.equal(320);
      expect(tall.width).to.be.closeTo(80, 1);
    });
  });

  describe('players', () => {
    for (const media of [
      { type: 3, format: 'audio/mpeg', name: 'song.mp3', uri: remote('mp3') },
      { type: 4, format: 'video/mp4', name: 'clip.mp4', uri: remote('mp4') },
      { type: 10, format: 'video/mp4', name: 'note.mp4', uri: remote('mp4') },
      { type: 7, format: 'video/webm', name: 'sticker.webm', uri: remote('webm') },
    ]) {
      it(`comes after the frame that first shows its row, into a box already its size (${media.name})`, async () => {
        const element = fixtureSync<MessageMedia>(
          html`<ocp-message-media .media=${mediaOf(media)}></ocp-message-media>`,
        );
        await element.updateComplete;
        const player = () => element.shadowRoot!.querySelector('audio, video');
        expect(player(), 'not in the first frame').to.equal(null);
        const before = rootOf(element).getBoundingClientRect();
        await afterNextPaint();
        await element.updateComplete;
        expect(player(), 'made after it').to.not.equal(null);
        const after = rootOf(element).getBoundingClientRect();
        expect([after.width, after.height], 'the same box').to.deep.equal([before.width, before.height]);
      });
    }
  });

  describe('a photo drawn again', () => {
    it('shows at its size in its first frame, not in the loading box (a row the window or the panel draws anew)', async () => {
      const photo = mediaOf({
        type: 1,
        format: 'image/png',
        name: 'again.png',
        uri: `${location.origin}/media/slow/0/120x90.png?again=${Math.random()}`,
      });
      const first = await render(photo);
      loadImagesNow(first.shadowRoot!);
      await waitUntil(() => !partsOf(first).includes('message-media--loading'), 'the photo loaded', longWait);
      first.remove();

      // The same message drawn by a new element: as its first frame will show it (its own load
      // event comes later, in a task of its own).
      const again = fixtureSync<MessageMedia>(html`<ocp-message-media .media=${photo}></ocp-message-media>`);
      await again.updateComplete;
      expect(partsOf(again), 'no loading box').to.not.include('message-media--loading');
      const img = again.shadowRoot!.querySelector('img')!.getBoundingClientRect();
      expect([img.width, img.height], 'at its own size').to.deep.equal([120, 90]);
    });
  });

  describe('file row', () => {
    it('shows the name, the size in the host language and a download link', async () => {
      // arrange
      const media = mediaOf({
        type: 2,
        name: 'invoice.pdf',
        format: 'application/pdf',
        uri: 'https://files.example/i.pdf',
        length: 1536,
      });
      // act
      const wrapper = fixtureSync(html`<div lang="ru"><ocp-message-media .media=${media}></ocp-message-media></div>`);
      const element = wrapper.querySelector('ocp-message-media')!;
      await element.updateComplete;
      // assert
      const root = element.shadowRoot!;
      expect(root.querySelector('[part="message-media-name"]')!.textContent).to.equal('invoice.pdf');
      expect(root.querySelector('[part="message-media-size"]')!.textContent).to.contain('1,5');
      const link = root.querySelector<HTMLAnchorElement>('a[part="message-media-download"]')!;
      expect(link.getAttribute('href')).to.equal('https://files.example/i.pdf');
      expect(link.getAttribute('download')).to.equal('invoice.pdf');
      expect(link.rel).to.contain('noopener');
    });

    it('renders a hostile name as text', async () => {
      const name = '<img src=x onerror="window.__pwned=1">';
      const element = await render(mediaOf({ type: 2, name, uri: 'https://files.example/x' }));
      const root = element.shadowRoot!;
      expect(root.querySelector('[part="message-media-name"]')!.textContent).to.equal(name);
      expect(root.querySelectorAll('img').length).to.equal(0);
    });

    it('hides the size when the length is unknown', async () => {
      const element = await render(mediaOf({ type: 2, name: 'x', length: null, uri: 'https://files.example/x' }));
      expect(element.shadowRoot!.querySelector<HTMLElement>('[part="message-media-size"]')!.hidden).to.equal(true);
    });
  });

  describe('unsafe or missing URLs', () => {
    const unsafe = [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      ' JAVASCRIPT:alert(1)',
    ];
    for (const uri of unsafe) {
      for (const type of [1, 2, 4, 8]) {
        it(`never uses "${uri}" for type ${type}`, async () => {
          // act
          const element = await render(mediaOf({ type, name: 'evil.png', format: 'image/png', uri }));
          // assert
          expect(urlAttributes(element.shadowRoot!)).to.deep.equal([]);
          expect(partsOf(element)).to.include('message-media--file');
          expect(element.shadowRoot!.querySelector('[part="message-media-name"]')!.textContent).to.equal('evil.png');
          expect(element.shadowRoot!.querySelector('a')).to.equal(null);
        });
      }
    }

    it('shows a file row without a link when the URL is missing', async () => {
      const element = await render(mediaOf({ type: 1, name: 'lost.jpg', format: 'image/jpeg', uri: null }));
      expect(partsOf(element)).to.include.members(['message-media--file', 'message-media--fallback']);
      expect(rootOf(element).dataset.mediaType).to.equal('1');
      expect(element.shadowRoot!.querySelector('a')).to.equal(null);
    });
  });

  describe('failing URLs', () => {
    for (const [type, extension, tag] of [
      [1, 'png', 'img'],
      [3, 'mp3', 'audio'],
      [4, 'mp4', 'video'],
      [5, 'webp', 'img'],
      [7, 'webm', 'video'],
    ] as const) {
      it(`degrades type ${type} to a file row after a 404`, async () => {
        // arrange
        const uri = missingUrl(extension);
        const element = await render(mediaOf({ type, name: `gone.${extension}`, format: '', uri }));
        expect(element.shadowRoot!.querySelector(tag)).to.exist;
        loadImagesNow(element.shadowRoot!);
        // act: the network answers 404
        failMediaInBackground(element.shadowRoot!.querySelector(tag));
        await waitUntil(() => partsOf(element).includes('message-media--fallback'), 'no fallback after 404', {
          timeout: 5000,
        });
        // assert
        expect(element.shadowRoot!.querySelector(tag)).to.equal(null);
        expect(element.shadowRoot!.querySelector('[part="message-media-name"]')!.textContent).to.equal(
          `gone.${extension}`,
        );
        expect(element.shadowRoot!.querySelector('a')!.getAttribute('href')).to.equal(uri);
      });
    }

    it('tries again when given another media item', async () => {
      const element = await render(mediaOf({ type: 1, name: 'gone.png', uri: missingUrl('png') }));
      loadImagesNow(element.shadowRoot!);
      await waitUntil(() => partsOf(element).includes('message-media--fallback'), 'no fallback', longWait);
      element.media = mediaOf({ type: 1, name: 'ok.png', uri: tinyPng });
      await element.updateComplete;
      expect(partsOf(element)).to.include('message-media--photo');
      expect(element.shadowRoot!.querySelector('img')).to.exist;
    });
  });

  describe('audio and voice', () => {
    it('shows the duration once the metadata is known', async () => {
      // arrange
      const url = silentWavUrl(2);
      const element = await render(mediaOf({ type: 9, name: 'voice.wav', format: 'audio/wav', uri: url }));
      const duration = element.shadowRoot!.querySelector<HTMLElement>('[part="message-media-duration"]')!;
      expect(duration.hidden).to.equal(true);
      // act
      loadMetadataInBackground(element.shadowRoot!.querySelector('audio')!, 2);
      await waitUntil(() => !duration.hidden, 'duration never shown', longWait);
      // assert
      expect(duration.textContent).to.equal('0:02');
      expect(element.shadowRoot!.textContent).to.contain('Voice message');
      URL.revokeObjectURL(url);
    });

    it('labels audio with the file name', async () => {
      const element = await render(mediaOf({ type: 3, name: 'track.mp3', format: 'audio/mpeg', uri: remote('mp3') }));
      expect(element.shadowRoot!.querySelector('[part="message-media-name"]')!.textContent).to.equal('track.mp3');
    });
  });

  describe('reduced motion', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('does not autoplay animations and offers controls instead', async () => {
      // arrange
      await emulateMedia({ reducedMotion: 'reduce' });
      // act
      const element = await render(mediaOf({ type: 8, name: 'a.mp4', format: 'video/mp4', uri: remote('mp4') }));
      // assert
      const video = element.shadowRoot!.querySelector('video')!;
      expect(video.hasAttribute('autoplay')).to.equal(false);
      expect(video.hasAttribute('controls')).to.equal(true);
      expect(video.muted).to.equal(true);
    });
  });

  describe('photo viewer', () => {
    const photo = () => mediaOf({ type: 1, name: 'big.png', format: 'image/png', uri: tinyPng });

    function viewerOf(element: MessageMedia): MediaViewer | null {
      return element.shadowRoot!.querySelector('ocp-media-viewer');
    }

    it('opens on click with the photo, and Escape closes it returning focus', async () => {
      // arrange
      const element = await render(photo());
      const opener = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="message-media-open"]')!;
      opener.focus();
      // act: open (the viewer is a chunk of its own: it shows once that is in)
      opener.click();
      await waitUntil(() => viewerOf(element), 'the viewer', longWait);
      const viewer = viewerOf(element)!;
      await viewer.updateComplete;
      // assert: open and modal
      const dialog = viewer.shadowRoot!.querySelector('dialog')!;
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(viewer.shadowRoot!.querySelector('img')!.getAttribute('src')).to.equal(tinyPng);
      // act: Escape
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      await sendKeys({ press: 'Escape' });
      await closed;
      await element.updateComplete;
      // assert
      expect(dialog.open).to.equal(false);
      expect(viewerOf(element)).to.equal(null);
      expect(deepActiveElement()).to.equal(opener);
    });

    it('opens with Enter on the focused photo', async () => {
      const element = await render(photo());
      const opener = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="message-media-open"]')!;
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => viewerOf(element), 'the viewer', longWait);
      const viewer = viewerOf(element)!;
      await viewer.updateComplete;
      expect(viewer.shadowRoot!.querySelector('dialog')!.open).to.equal(true);
      const closed = oneEvent(viewer, 'ocp-media-viewer-close');
      viewer.close();
      await closed;
    });
  });
});
