import {
  createDataKeyIndex,
  dataKeyIndexDefinition,
  dropDataKeyIndex,
  listDataKeyIndexes,
} from '../../db/repos/dataKeyIndexesRepo.js';
import type { DataKeyColumn } from '../../db/repos/taskQuery.js';
import { readProjectTaskSpan } from '../../db/repos/taskListRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import type { IndexHint } from './compileFilters.js';

/*
 * Filtering or ordering by a data key (`data.category`) reads json_extract over every task of the
 * project unless an index holds that expression. Which keys matter is only known when someone
 * filters by them, so the first such request on a large project creates the index: about 1 s
 * per million tasks once, after which pages are index range walks. Small projects never get one
 * (a scan is cheap there), and at most MAX_INDEXES exist; the oldest goes first.
 *
 * One index serves both "filter by A" and "filter by A, order by B" when A is an equality:
 * (project, A, B, id) hands out the rows of A = x already in (B, id) order.
 */

/** Projects below this many tasks are scanned; the bound is max(inner_id), an index lookup. */
export const INDEX_THRESHOLD_TASKS = 20_000;
const MAX_INDEXES = 8;

export interface IndexRequest {
  filter: IndexHint | null;
  /** The ordering's data key, if the ordering is by an indexable data key. */
  ordering: DataKeyColumn | null;
}

function isSameColumn(a: DataKeyColumn, b: DataKeyColumn): boolean {
  return a.dataKey === b.dataKey && Boolean(a.asNumber) === Boolean(b.asNumber);
}

/** The data keys an index would need to serve the request, in index order; empty when none. */
export function indexColumns(request: IndexRequest): DataKeyColumn[] {
  const { filter, ordering } = request;
  if (filter && filter.equality && ordering && !isSameColumn(ordering, filter.column)) return [filter.column, ordering];
  if (filter) return [filter.column];
  if (ordering) return [ordering];
  return [];
}

/**
 * Creates the index a data-key filter or ordering needs, when the project is large enough and
 * the index does not exist yet. Runs before the list's read transaction (it writes the schema).
 */
export function ensureDataKeyIndex(ctx: DomainContext, project: number, request: IndexRequest): void {
  const columns = indexColumns(request);
  if (columns.length === 0) return;
  const definition = dataKeyIndexDefinition(columns);
  const existing = listDataKeyIndexes(ctx.db);
  if (existing.some((row) => row.definition === definition)) return;
  if (readProjectTaskSpan(ctx.db, project) < INDEX_THRESHOLD_TASKS) return;
  for (const old of existing.slice(0, Math.max(0, existing.length - MAX_INDEXES + 1)))
    dropDataKeyIndex(ctx.db, old.name);
  createDataKeyIndex(ctx.db, definition, formatTimestamp(ctx.clock()));
}
