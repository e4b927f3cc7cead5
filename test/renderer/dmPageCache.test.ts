import { describe, expect, it } from 'vitest';
import { PageCache, pagesForRows, rowLocation } from '../../renderer/src/features/dm/pageCache.js';

describe('page cache', () => {
  it('names the 1-based pages a row range needs', () => {
    expect(pagesForRows(0, 19, 100)).toEqual([1]);
    expect(pagesForRows(95, 110, 100)).toEqual([1, 2]);
    expect(pagesForRows(999_990, 999_999, 100)).toEqual([10_000]);
    expect(pagesForRows(5, 4, 100)).toEqual([]);
    expect(rowLocation(250, 100)).toEqual({ page: 3, slot: 50 });
  });

  it('keeps the most recently used pages up to its capacity', () => {
    const cache = new PageCache<number>(2);
    cache.set(1, [1]);
    cache.set(2, [2]);
    cache.get(1);
    cache.set(3, [3]);
    expect(cache.has(1)).toBe(true);
    expect(cache.has(2)).toBe(false);
    expect(cache.size).toBe(2);
    expect(cache.row(200, 100)).toBe(3);
    expect(cache.row(150, 100)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
