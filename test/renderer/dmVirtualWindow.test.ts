import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_HEIGHT,
  scrollScale,
  scrollSpace,
  scrollTopForRow,
  scrollTopToReveal,
  virtualWindow,
  type WindowGeometry,
} from '../../renderer/src/features/dm/virtualWindow.js';

const small: WindowGeometry = { rowCount: 300, rowHeight: 44, viewportHeight: 440, overscan: 2 };
const huge: WindowGeometry = { rowCount: 1_000_000, rowHeight: 44, viewportHeight: 440, overscan: 2 };

describe('virtual window', () => {
  it('below the height cap rows sit at their own offsets and the scale is 1', () => {
    expect(scrollSpace(small)).toEqual({ contentHeight: 13_200, spaceHeight: 13_200 });
    expect(scrollScale(small)).toBe(1);
    expect(virtualWindow(small, 0)).toEqual({ first: 0, last: 11, firstTop: 0 });
    // Scrolled 1.5 rows down: row 1 is partly visible; two rows of overscan above reach row 0.
    expect(virtualWindow(small, 66)).toEqual({ first: 0, last: 13, firstTop: 0 });
    expect(virtualWindow(small, 4400)).toEqual({ first: 98, last: 111, firstTop: 98 * 44 });
  });

  it('ends at the last row at the end of the scroll space', () => {
    const end = scrollSpace(small).spaceHeight - small.viewportHeight;
    const window = virtualWindow(small, end);
    expect(window.last).toBe(299);
    expect(window.first).toBe(290 - 2);
  });

  it('at 1,000,000 rows the scroll space stays under the cap and every row is reachable', () => {
    const { contentHeight, spaceHeight } = scrollSpace(huge);
    expect(contentHeight).toBe(44_000_000);
    expect(spaceHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(scrollScale(huge)).toBeGreaterThan(2.9);
    const end = spaceHeight - huge.viewportHeight;
    expect(virtualWindow(huge, end).last).toBe(999_999);
    for (const row of [0, 1, 123_456, 500_000, 999_990]) {
      const window = virtualWindow(huge, scrollTopForRow(huge, row));
      expect(window.first).toBe(Math.max(0, row - 2));
      // The row is drawn at the top of the viewport, whatever the scale.
      const top = window.firstTop + (row - window.first) * huge.rowHeight;
      expect(Math.abs(top - scrollTopForRow(huge, row))).toBeLessThan(1e-6 * huge.rowHeight * row + 1);
    }
  });

  it('draws the rows of a scaled space next to the scroll position, not at their absolute offsets', () => {
    const scrollTop = 7_000_000;
    const window = virtualWindow(huge, scrollTop);
    expect(window.firstTop).toBeGreaterThanOrEqual(scrollTop - 3 * huge.rowHeight);
    expect(window.firstTop).toBeLessThanOrEqual(scrollTop);
    expect(window.last - window.first).toBeLessThanOrEqual(10 + 2 * 2 + 1);
  });

  it('reveals a row with the least scrolling, and not at all when it is visible', () => {
    expect(scrollTopToReveal(small, 0, 5)).toBeNull();
    expect(scrollTopToReveal(small, 0, 10)).toBe(11 * 44 - 440);
    expect(scrollTopToReveal(small, 4400, 50)).toBe(50 * 44);
    const scrollTop = scrollTopForRow(huge, 500_000);
    expect(scrollTopToReveal(huge, scrollTop, 500_001)).toBeNull();
    const down = scrollTopToReveal(huge, scrollTop, 500_010)!;
    expect(virtualWindow(huge, down).last).toBeGreaterThanOrEqual(500_010);
  });

  it('has no rows to draw for an empty list', () => {
    expect(virtualWindow({ ...small, rowCount: 0 }, 0)).toEqual({ first: 0, last: -1, firstTop: 0 });
  });
});
