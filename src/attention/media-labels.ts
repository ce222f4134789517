/** What a message without text holds, in a word: said where the media itself cannot show (a desktop notice). */
import { MediaType } from '../core/api/message-enums.js';
import { msg } from '../i18n/msg.js';

export function mediaLabel(media: { type: number; name: string } | null): string {
  switch (media && (media.type || typeFromName(media.name))) {
    case MediaType.Photo:
      return msg('Photo');
    case MediaType.File:
      return msg('File');
    case MediaType.Audio:
      return msg('Audio');
    case MediaType.Video:
      return msg('Video');
    case MediaType.Sticker:
    case MediaType.StickerAnimated:
    case MediaType.StickerVideo:
      return msg('Sticker');
    case MediaType.Animation:
      return msg('GIF');
    case MediaType.Voice:
      return msg('Voice message');
    case MediaType.VideoNote:
      return msg('Video message');
    default:
      // No media, or a kind the spec does not list: still something the customer sent.
      return msg('Attachment');
  }
}

/**
 * A live callback gives only the media's URL (type 0): the file name's extension is the one hint.
 * Coarse on purpose: a sticker sent as .webp reads as a photo, a voice note as audio.
 */
function typeFromName(name: string): number {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  if (/^(jpe?g|png|gif|webp|heic|avif|bmp|svg)$/.test(extension)) return MediaType.Photo;
  if (/^(mp4|m4v|mov|webm)$/.test(extension)) return MediaType.Video;
  if (/^(mp3|m4a|aac|wav|flac|ogg|oga|opus)$/.test(extension)) return MediaType.Audio;
  if (extension === 'tgs') return MediaType.Sticker;
  return MediaType.File;
}
