/** What a message without text holds, in a word: said where the media itself cannot show (a desktop notice). */
import { msg } from '../i18n/msg.js';

/*
 * MediaType codes (spec §2.2) written out rather than imported from api/message-enums.ts: that
 * module loads with the conversation, and sharing it would split it into a chunk of its own,
 * one more request for every conversation.
 */
export function mediaLabel(media: { type: number; name: string } | null): string {
  switch (media && (media.type || typeFromName(media.name))) {
    case 1: // Photo
      return msg('Photo');
    case 2: // File
      return msg('File');
    case 3: // Audio
      return msg('Audio');
    case 4: // Video
      return msg('Video');
    case 5: // Sticker
    case 6: // StickerAnimated
    case 7: // StickerVideo
      return msg('Sticker');
    case 8: // Animation
      return msg('GIF');
    case 9: // Voice
      return msg('Voice message');
    case 10: // VideoNote
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
  if (/^(jpe?g|png|gif|webp|heic|avif|bmp|svg)$/.test(extension)) return 1; // Photo
  if (/^(mp4|m4v|mov|webm)$/.test(extension)) return 4; // Video
  if (/^(mp3|m4a|aac|wav|flac|ogg|oga|opus)$/.test(extension)) return 3; // Audio
  if (extension === 'tgs') return 5; // Sticker
  return 2; // File
}
