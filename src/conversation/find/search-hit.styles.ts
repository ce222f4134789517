import { css } from 'lit';

/**
 * The find bar's mark (search-marks.ts), in the conversation and inside a message's media alike:
 * dark text on orange, legible in light and dark themes.
 */
export const searchHitStyles = css`
  .search-hit { background: #ff9e3d; color: #1b1f24; border-radius: 2px; outline: 2px solid #b35c00; }
`;
