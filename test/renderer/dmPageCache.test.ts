import { describe, expect, it } from 'vitest';
import { pagesForRows, pagesToForget, rowLocation } from '../../renderer/src/features/dm/pageCache.js';

describe('page cache', () => {
  it('names the 1-based pages a row range needs', () => {
    expect(pagesForRows(0, 19, 100)).toEqual([1]);
    expect(pagesForRows(95, 110, 100)).toEqual([1, 2]);
    expect(pagesForRows(999_990, 999_999, 100)).toEqual([10_000]);
    expect(pagesForRows(5, 4, 100)).toEqual([]);
    expect(rowLocation(250, 100)).toEqual({ page: 3, slot: 50 });
  });

  it('forgets the least recently fetched pages beyond its capacity, never one on screen', () => {
    const page = (name: string, fetchedAt: number, isOnScreen = false) => ({ name, fetchedAt, isOnScreen });
    const pages = [page('a', 1), page('b', 2), page('c', 3), page('d', 4)];
    expect(pagesToForget(pages, 2).map((item) => item.name)).toEqual(['b', 'a']);
    expect(pagesToForget(pages, 4)).toEqual([]);
    expect(pagesToForget(pages, 0).map((item) => item.name)).toEqual(['d', 'c', 'b', 'a']);
    // A page still on screen stays, even when it is the oldest.
    expect(pagesToForget([page('a', 1, true), ...pages.slice(1)], 2).map((item) => item.name)).toEqual(['b']);
  });
});
