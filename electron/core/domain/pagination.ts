import { NotFoundError } from './errors.js';

/** DRF PageNumberPagination's settings for one list. */
export interface PageSettings {
  defaultSize: number;
  maxSize: number;
}

/** The `page` and `page_size` a client asked for, as server/pageRequest.ts reads them. */
export interface PageRequest {
  /** 1-based; `first` when not given, `invalid` for text that is not an integer. */
  page: bigint | 'first' | 'last' | 'invalid';
  /** An integer, or null when not given or not an integer. */
  pageSize: bigint | null;
}

export interface ResolvedPage {
  number: number;
  size: number;
  offset: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * DRF's `get_page_size`: a positive int, capped at the maximum; anything else (0, negative,
 * not a number) silently means the default.
 */
export function resolvePageSize(parsed: bigint | null, settings: PageSettings): number {
  if (parsed === null || parsed <= 0n) return settings.defaultSize;
  return Number(parsed > BigInt(settings.maxSize) ? BigInt(settings.maxSize) : parsed);
}

/**
 * Django's Paginator as DRF drives it: an empty `page` is 1, `last` is the last page, and a page
 * that is not an integer, below 1 or past the end is a 404 `Invalid page.`. An empty list still
 * has page 1.
 */
export function resolvePage(request: PageRequest, count: number, settings: PageSettings): ResolvedPage {
  const size = resolvePageSize(request.pageSize, settings);
  const pages = Math.max(1, Math.ceil(count / size));
  let number: bigint | null;
  if (request.page === 'first') number = 1n;
  else if (request.page === 'last') number = BigInt(pages);
  else if (request.page === 'invalid') number = null;
  else number = request.page;
  if (number === null || number < 1n || number > BigInt(pages)) throw new NotFoundError('Invalid page.');
  const page = Number(number);
  return { number: page, size, offset: (page - 1) * size, hasNext: page < pages, hasPrevious: page > 1 };
}
