import { css } from 'lit';

/**
 * The find bar's marks (search-marks.ts), in the conversation and inside a message's media alike:
 * dark text on yellow, and on orange for the match shown, legible in light and dark themes.
 */
export const searchHitStyles = css`
  .search-hit { background: #ffe066; color: #1b1f24; border-radius: 2px; }
  .search-hit[part~='search-hit--current'] { background: #ff9e3d; outline: 2px solid #b35c00; }
`;
