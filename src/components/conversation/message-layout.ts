import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';

/** Scroll coordinates, as the layout takes them (the type itself is not exported). */
type Positions = FlowLayout['viewportScroll'];

/**
 * The virtual message list's layout: @lit-labs/virtualizer's flow layout, except after a jump.
 *
 * While it measures rows it has only estimated (a chat just opened, rows just arrived), the flow
 * layout keeps the row it reflows around and, if the view is no longer near that row, moves the
 * view back to it. An operator who scrolls far in that moment (the top of a chat that just
 * opened at its newest message) would be thrown back. A move of more than a screen is never the
 * layout's own correction, so the layout lets go of that row and reflows around the new view.
 */
export class MessageListLayout extends FlowLayout {
  override get viewportScroll(): Positions {
    return super.viewportScroll;
  }

  override set viewportScroll(coords: Positions) {
    const next = coords[this._positionDim];
    if (this._anchorIdx !== null && next !== undefined && Math.abs(next - this._scrollPosition) > this._viewDim1)
      this._resetReflowState();
    super.viewportScroll = coords;
  }
}

/** The `layout` option of `virtualize()` for the message list. */
export const messageListLayout = { type: MessageListLayout };
