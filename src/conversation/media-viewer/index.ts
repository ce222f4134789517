/**
 * The media viewer chunk's boundary: the conversation loads it by a dynamic import (see
 * message-media/viewer-chunk.ts) the first time the operator opens a photo or a Story image, or
 * points at or focuses one, so showing a conversation does not fetch it. Importing it defines
 * `<ocp-media-viewer>`.
 */
import './media-viewer.js';
