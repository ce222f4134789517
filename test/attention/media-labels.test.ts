import { expect, fixture, html } from '@open-wc/testing';
import { MediaType } from '../../src/core/api/message-enums.js';
import { activeLocale, requestLocale } from '../../src/i18n/locale.js';
import { mediaLabel } from '../../src/attention/media-labels.js';

describe('i18n: mediaLabel, the word a desktop notice says for a message without text', () => {
  afterEach(async () => {
    await requestLocale(await fixture(html`<div></div>`), 'en', true);
  });

  it('names each MediaType, stickers of every kind as a sticker', () => {
    const label = (type: number) => mediaLabel({ type, name: 'x.bin' });
    expect(label(MediaType.Photo)).to.equal('Photo');
    expect(label(MediaType.File)).to.equal('File');
    expect(label(MediaType.Audio)).to.equal('Audio');
    expect(label(MediaType.Video)).to.equal('Video');
    expect([MediaType.Sticker, MediaType.StickerAnimated, MediaType.StickerVideo].map(label)).to.deep.equal([
      'Sticker',
      'Sticker',
      'Sticker',
    ]);
    expect(label(MediaType.Animation)).to.equal('GIF');
    expect(label(MediaType.Voice)).to.equal('Voice message');
    expect(label(MediaType.VideoNote)).to.equal('Video message');
  });

  it('guesses from the file name when the type is unknown, as a live callback gives it (a URL only)', () => {
    const label = (name: string) => mediaLabel({ type: 0, name });
    expect(['photo-1.png', 'IMG.JPEG', 'pic.webp'].map(label)).to.deep.equal(['Photo', 'Photo', 'Photo']);
    expect(['unboxing.mp4', 'clip.webm'].map(label)).to.deep.equal(['Video', 'Video']);
    expect(['voice-1.wav', 'note.ogg'].map(label)).to.deep.equal(['Audio', 'Audio']);
    expect(label('sticker.tgs')).to.equal('Sticker');
    expect(['invoice-4521.pdf', 'file'].map(label)).to.deep.equal(['File', 'File']);
  });

  it('says "Attachment" for no media and for a type the spec does not list', () => {
    expect(mediaLabel(null)).to.equal('Attachment');
    expect(mediaLabel({ type: 42, name: 'photo.png' })).to.equal('Attachment');
  });

  it('speaks the panel language', async () => {
    await requestLocale(await fixture(html`<div></div>`), 'es', true);
    expect(activeLocale()).to.equal('es');
    expect(mediaLabel({ type: MediaType.Photo, name: '' })).to.equal('Foto');
    expect(mediaLabel({ type: 0, name: 'invoice-4521.pdf' })).to.equal('Archivo');
    expect(mediaLabel(null)).to.equal('Adjunto');
  });
});
