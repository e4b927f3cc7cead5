/*
 * Pages of tasks fetched on demand: which pages a row range needs, and a small LRU of the pages
 * already fetched, so scrolling back is instant and memory stays bounded at 1M tasks.
 */

/** The 1-based pages covering rows first..last (0-based, inclusive). */
export function pagesForRows(first: number, last: number, pageSize: number): number[] {
  if (last < first) return [];
  const pages: number[] = [];
  for (let page = Math.floor(first / pageSize) + 1; page <= Math.floor(last / pageSize) + 1; page += 1) {
    pages.push(page);
  }
  return pages;
}

/** Where row `index` lives: its page (1-based) and its position in that page. */
export function rowLocation(index: number, pageSize: number): { page: number; slot: number } {
  return { page: Math.floor(index / pageSize) + 1, slot: index % pageSize };
}

export class PageCache<T> {
  private readonly pages = new Map<number, T[]>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.pages.size;
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  /** The page, marked as the most recently used. */
  get(page: number): T[] | undefined {
    const rows = this.pages.get(page);
    if (rows) {
      this.pages.delete(page);
      this.pages.set(page, rows);
    }
    return rows;
  }

  set(page: number, rows: T[]): void {
    this.pages.delete(page);
    this.pages.set(page, rows);
    while (this.pages.size > this.capacity) {
      const oldest = this.pages.keys().next().value as number;
      this.pages.delete(oldest);
    }
  }

  /** The row at a 0-based index, without touching the LRU order (read on every render). */
  row(index: number, pageSize: number): T | undefined {
    const { page, slot } = rowLocation(index, pageSize);
    return this.pages.get(page)?.[slot];
  }

  clear(): void {
    this.pages.clear();
  }
}
