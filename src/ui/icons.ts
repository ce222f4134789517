/**
 * Inline SVG icons: emoji or icon fonts depend on what the host machine has installed, and
 * an embedded panel cannot count on either. Decorative: each button carries its own label.
 * The ones only the conversation shows are in conversation/conversation-icons.ts (its chunk).
 */
import { svg } from 'lit';

export const icon = (path: ReturnType<typeof svg>) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

export const closeIcon = icon(svg`<path d="M6 6l12 12M18 6L6 18"/>`);
