/*
 * Pages of tasks fetched on demand: which pages a row range needs, and which of the pages already
 * fetched to forget, so scrolling back is instant and memory stays bounded at 1M tasks.
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

export interface CachedPage {
  /** When its answer arrived (ms). */
  fetchedAt: number;
  /** Rows of it are on screen (or about to be): forgetting it would blank them. */
  isOnScreen: boolean;
}

/** The pages to forget so that at most `capacity` stay: the least recently fetched, never one on screen. */
export function pagesToForget<T extends CachedPage>(pages: readonly T[], capacity: number): T[] {
  const newestFirst = [...pages].sort((a, b) => b.fetchedAt - a.fetchedAt);
  return newestFirst.slice(Math.max(0, capacity)).filter((page) => !page.isOnScreen);
}
