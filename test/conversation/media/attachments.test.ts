import { expect } from '@open-wc/testing';
import {
  attachmentFromFile,
  checkAttachment,
  fallbackFormat,
  filesFromDataTransfer,
  formatBytes,
  formatFromName,
  mediaTypeForMime,
  pastedImageName,
  type FileTransfer,
} from '../../../src/conversation/media/attachments.js';
import { formatDuration } from '../../../src/conversation/media/duration.js';
import { MediaType } from '../../../src/core/api/message-enums.js';

function fileOf(size: number, name: string, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('mediaTypeForMime', () => {
  const table: Array<[string, string, number]> = [
    ['image/png', 'a.png', MediaType.Photo],
    ['image/jpeg', 'photo.jpg', MediaType.Photo],
    ['image/gif', 'funny.gif', MediaType.Photo],
    ['IMAGE/WEBP', 'x.webp', MediaType.Photo],
    ['video/mp4', 'clip.mp4', MediaType.Video],
    ['video/webm', 'clip.webm', MediaType.Video],
    ['audio/mpeg', 'song.mp3', MediaType.Audio],
    ['audio/ogg; codecs=opus', 'song.ogg', MediaType.Audio],
    ['audio/ogg; codecs=opus', 'voice-message.ogg', MediaType.Voice],
    ['audio/ogg', 'Voice 2024-05-01.ogg', MediaType.Voice],
    ['audio/ogg', 'audio_2024-05-01_10-11-12.ogg', MediaType.Voice],
    ['audio/x-voice', 'rec.bin', MediaType.Voice],
    ['audio/wav', 'invoice-voiceover-draft.wav', MediaType.Audio],
    ['application/pdf', 'invoice.pdf', MediaType.File],
    ['text/plain', 'notes.txt', MediaType.File],
    ['', 'photo.JPG', MediaType.Photo],
    ['', 'clip.mov', MediaType.Video],
    ['', 'noext', MediaType.File],
  ];
  for (const [mime, name, expected] of table) {
    it(`maps "${mime}" named "${name}" to ${expected}`, () => {
      // act
      const type = mediaTypeForMime(mime, name);
      // assert
      expect(type).to.equal(expected);
    });
  }

  it('treats a null MIME type as unknown and falls back to the name', () => {
    expect(mediaTypeForMime(null, 'x.png')).to.equal(MediaType.Photo);
    expect(mediaTypeForMime(undefined)).to.equal(MediaType.File);
  });

  it('knows a few extensions', () => {
    expect(formatFromName('a.PDF')).to.equal('application/pdf');
    expect(formatFromName('a.unknownext')).to.equal(null);
    expect(formatFromName('')).to.equal(null);
  });
});

describe('formatBytes', () => {
  it('formats bytes, kilobytes and megabytes with binary steps', () => {
    expect(formatBytes(0, 'en')).to.equal('0 bytes');
    expect(formatBytes(512, 'en')).to.equal('512 bytes');
    expect(formatBytes(1536, 'en')).to.equal('1.5 kB');
    expect(formatBytes(10485760, 'en')).to.equal('10 MB');
    expect(formatBytes(3 * 1024 ** 3, 'en')).to.equal('3 GB');
  });

  it('uses the locale for separators', () => {
    expect(formatBytes(1536, 'ru')).to.contain('1,5');
    expect(formatBytes(1536, 'de')).to.contain('1,5');
  });

  it('does not throw on a malformed locale', () => {
    expect(formatBytes(2048, 'not a locale!!')).to.equal('2 kB');
  });
});

describe('formatDuration', () => {
  it('formats seconds as a clock and refuses unknown durations', () => {
    expect(formatDuration(7.4)).to.equal('0:07');
    expect(formatDuration(205)).to.equal('3:25');
    expect(formatDuration(3723)).to.equal('1:02:03');
    expect(formatDuration(Infinity)).to.equal(null);
    expect(formatDuration(Number.NaN)).to.equal(null);
    expect(formatDuration(null)).to.equal(null);
  });
});

describe('checkAttachment', () => {
  const limit = 1024 * 1024;

  it('refuses an empty file with a message naming it', () => {
    // arrange
    const file = fileOf(0, 'empty.txt', 'text/plain');
    // act
    const result = checkAttachment(file, limit, 'en');
    // assert
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.reason).to.equal('empty');
    expect(result.message).to.contain('empty.txt');
    expect(result.message).to.contain('empty');
  });

  it('refuses a file over the limit, naming the limit', () => {
    // arrange
    const file = fileOf(limit + 1, 'big.bin');
    // act
    const result = checkAttachment(file, limit, 'en');
    // assert
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.reason).to.equal('too-large');
    expect(result.message).to.contain('big.bin');
    expect(result.message).to.contain('1 MB');
  });

  it('accepts a file exactly at the limit', () => {
    expect(checkAttachment(fileOf(limit, 'fits.bin'), limit)).to.deep.equal({ ok: true });
  });

  it('accepts a Blob without a name', () => {
    expect(checkAttachment(new Blob(['x']), limit)).to.deep.equal({ ok: true });
  });
});

describe('attachmentFromFile', () => {
  it('keeps the name and MIME type of a chosen file', () => {
    // arrange
    const file = fileOf(10, 'report.pdf', 'application/pdf');
    // act
    const attachment = attachmentFromFile(file);
    // assert
    expect(attachment).to.deep.equal({
      file,
      name: 'report.pdf',
      format: 'application/pdf',
      mediaType: MediaType.File,
    });
  });

  it('names an unnamed pasted image', () => {
    const blob = new Blob([new Uint8Array(4)], { type: 'image/png' });
    const attachment = attachmentFromFile(blob);
    expect(attachment.name).to.equal(pastedImageName);
    expect(attachment.format).to.equal('image/png');
    expect(attachment.mediaType).to.equal(MediaType.Photo);
  });

  it('falls back to the extension, then to octet-stream, for the format', () => {
    expect(attachmentFromFile(fileOf(3, 'memo.ogg')).format).to.equal('audio/ogg');
    expect(attachmentFromFile(fileOf(3, 'memo.ogg')).mediaType).to.equal(MediaType.Audio);
    expect(attachmentFromFile(fileOf(3, 'data.xyz')).format).to.equal(fallbackFormat);
    expect(attachmentFromFile(fileOf(3, 'data.xyz')).mediaType).to.equal(MediaType.File);
  });
});

describe('filesFromDataTransfer', () => {
  it('returns the files of a drop', () => {
    // arrange
    const transfer = new DataTransfer();
    const a = fileOf(3, 'a.txt', 'text/plain');
    const b = fileOf(5, 'b.png', 'image/png');
    transfer.items.add(a);
    transfer.items.add(b);
    transfer.items.add('some text', 'text/plain');
    // act
    const files = filesFromDataTransfer(transfer);
    // assert
    expect(files.map((file) => file.name)).to.deep.equal(['a.txt', 'b.png']);
  });

  it('returns nothing for a text-only paste or no transfer', () => {
    const transfer = new DataTransfer();
    transfer.items.add('hello', 'text/plain');
    expect(filesFromDataTransfer(transfer)).to.deep.equal([]);
    expect(filesFromDataTransfer(null)).to.deep.equal([]);
  });

  it('reads a clipboard image that only shows up as an item', () => {
    // arrange: some apps put the image in items but leave files empty
    const image = new File([new Uint8Array(8)], '', { type: 'image/png' });
    const items = [
      { kind: 'string', type: 'text/html', getAsFile: () => null },
      { kind: 'file', type: 'image/png', getAsFile: () => image },
    ];
    const transfer = { files: [], items } as unknown as FileTransfer;
    // act
    const files = filesFromDataTransfer(transfer);
    // assert
    expect(files).to.deep.equal([image]);
    expect(attachmentFromFile(files[0]!).name).to.equal(pastedImageName);
  });
});
