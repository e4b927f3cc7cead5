import type { PageRequest } from '../domain/pagination.js';
import { parsePythonInt } from '../domain/pythonText.js';

/**
 * DRF PageNumberPagination's `page` and `page_size` query values, read with Python's int(): an
 * empty `page` is the first, `last` the last; text that is no integer is an invalid page (a 404
 * once the list knows its size) or the default page size.
 */
export function readPageRequest(page: string | undefined, pageSize: string | undefined): PageRequest {
  let number: PageRequest['page'];
  if (page === undefined || page === '') number = 'first';
  else if (page === 'last') number = 'last';
  else number = parsePythonInt(page) ?? 'invalid';
  return { page: number, pageSize: pageSize === undefined ? null : parsePythonInt(pageSize) };
}
