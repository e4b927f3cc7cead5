/*
 * The virtual window of the task table: which rows a scroll position shows, and where to draw
 * them. Chromium caps an element's height around 33.5M px, and 1,000,000 rows of 36 px need
 * 36M px, so past MAX_SCROLL_HEIGHT the scroll space is scaled: a scroll position maps to a
 * fraction of the way through the rows, and rows are drawn relative to the scroll position
 * instead of at their absolute offsets. Below the cap the scale is 1 and both agree.
 */

/** Well under Chromium's cap, so the spacer plus header never reaches it. */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface WindowGeometry {
  rowCount: number;
  rowHeight: number;
  /** The height of the rows' area on screen. */
  viewportHeight: number;
  /** Extra rows drawn above and below the visible ones. */
  overscan: number;
  maxScrollHeight?: number;
}

export interface VirtualWindow {
  /** First and last (inclusive) row index to draw; last < first when there are no rows. */
  first: number;
  last: number;
  /** Where row `first` is drawn, in px from the top of the scroll space. */
  firstTop: number;
}

/** The real content height and the (possibly scaled) scroll space height. */
export function scrollSpace(geometry: WindowGeometry): { contentHeight: number; spaceHeight: number } {
  const contentHeight = geometry.rowCount * geometry.rowHeight;
  const spaceHeight = Math.min(contentHeight, geometry.maxScrollHeight ?? MAX_SCROLL_HEIGHT);
  return { contentHeight, spaceHeight };
}

/** How many content px one px of scrolling moves (1 when nothing is scaled). */
export function scrollScale(geometry: WindowGeometry): number {
  const { contentHeight, spaceHeight } = scrollSpace(geometry);
  const contentRange = contentHeight - geometry.viewportHeight;
  const spaceRange = spaceHeight - geometry.viewportHeight;
  if (contentRange <= 0 || spaceRange <= 0) return 1;
  return contentRange / spaceRange;
}

/** The content offset (px into the full list of rows) shown at the top for a scroll position. */
export function contentOffset(geometry: WindowGeometry, scrollTop: number): number {
  const { contentHeight } = scrollSpace(geometry);
  const maxOffset = Math.max(0, contentHeight - geometry.viewportHeight);
  return Math.min(maxOffset, Math.max(0, scrollTop * scrollScale(geometry)));
}

export function virtualWindow(geometry: WindowGeometry, scrollTop: number): VirtualWindow {
  const { rowCount, rowHeight, viewportHeight, overscan } = geometry;
  if (rowCount <= 0 || rowHeight <= 0) return { first: 0, last: -1, firstTop: 0 };
  const offset = contentOffset(geometry, scrollTop);
  const firstVisible = Math.min(rowCount - 1, Math.floor(offset / rowHeight));
  const lastVisible = Math.min(rowCount - 1, Math.floor((offset + Math.max(viewportHeight, 1) - 1) / rowHeight));
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(rowCount - 1, lastVisible + overscan);
  // Row i sits at content px i*rowHeight; on screen that is (i*rowHeight - offset) below scrollTop.
  const clampedScroll = Math.max(0, scrollTop);
  return { first, last, firstTop: clampedScroll + first * rowHeight - offset };
}

/** The scroll position that shows `row` at the top of the viewport. */
export function scrollTopForRow(geometry: WindowGeometry, row: number): number {
  const scale = scrollScale(geometry);
  return (row * geometry.rowHeight) / scale;
}

/**
 * The scroll position that brings `row` fully into view with the least movement, or null when
 * it is already visible (what arrow keys need).
 */
export function scrollTopToReveal(geometry: WindowGeometry, scrollTop: number, row: number): number | null {
  const offset = contentOffset(geometry, scrollTop);
  const rowTop = row * geometry.rowHeight;
  const rowBottom = rowTop + geometry.rowHeight;
  const scale = scrollScale(geometry);
  if (rowTop < offset) return rowTop / scale;
  if (rowBottom > offset + geometry.viewportHeight) return (rowBottom - geometry.viewportHeight) / scale;
  return null;
}
