/**
 * The attachment preview chunk's boundary: the composer loads it by a dynamic import when a draft
 * first holds a file (chosen, dropped or pasted, or kept with a chat that is opened again), or when
 * the file picker is opened, so showing a conversation does not fetch it. Importing it defines
 * `<ocp-attachment-preview>`.
 */
import './attachment-preview.js';
