import { ValidationError } from '../errors.js';
import { parsePythonInt } from '../pythonText.js';

/** What the old list's paginator reads from the query: a limit/offset, all rows, or nothing (404). */
export type TaskPageWindow = { kind: 'all' } | { kind: 'empty' } | { kind: 'slice'; limit: number; offset: number };

export interface TaskPageQuery {
  page?: string | undefined;
  page_size?: string | undefined;
  length?: string | undefined;
  start?: string | undefined;
}

const DEFAULT_PAGE_SIZE = 50;

/** `int_from_request`: Python's int() of the text, else a field error worded as Label Studio's. */
function readInt(key: string, raw: string): bigint {
  const value = parsePythonInt(raw);
  if (value === null) {
    throw new ValidationError({ [key]: [`Incorrect value in key "${key}" = "${raw}". It should be digit string.`] });
  }
  return value;
}

/**
 * Label Studio's deprecated `core.utils.common.paginator`, quirks kept:
 * - `page_size` (or `length`) defaults to 50; the exact text `-1` means every task;
 * - `start` is turned into a page: start / page_size + 1 when start > page_size > 0, otherwise
 *   start + 1 (so only `page_size=1` makes `start` an exact offset);
 * - Django's Paginator then gives nothing (hence a 404) for page 0, a page past the end,
 *   page_size 0 (ZeroDivisionError, caught) and negative sizes.
 */
export function resolveTaskPage(query: TaskPageQuery): TaskPageWindow {
  const rawSize = query.page_size ?? query.length;
  const size = rawSize === undefined ? BigInt(DEFAULT_PAGE_SIZE) : readInt('page_size', rawSize);
  let page: bigint;
  if (query.start !== undefined) {
    const start = readInt('start', query.start);
    page = start !== 0n && start > size && size > 0n ? start / size + 1n : start + 1n;
  } else {
    page = query.page === undefined ? 1n : readInt('page', query.page);
  }
  if (rawSize === '-1') return { kind: 'all' };
  if (size <= 0n || page < 1n) return { kind: 'empty' };
  const offset = (page - 1n) * size;
  if (offset > BigInt(Number.MAX_SAFE_INTEGER) || size > BigInt(Number.MAX_SAFE_INTEGER)) return { kind: 'empty' };
  return { kind: 'slice', limit: Number(size), offset: Number(offset) };
}
