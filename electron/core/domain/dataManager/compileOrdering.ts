import { isIndexableDataKey, isNullableColumn } from '../../db/repos/taskColumnSql.js';
import type { DataKeyColumn, OrderSegment } from '../../db/repos/taskQuery.js';
import { ValidationError } from '../errors.js';
import { parseColumnName, taskColumn } from './taskColumns.js';

/*
 * Label Studio orders by the first `ordering` entry, NULLs last in both directions, and by id
 * when there is none. SQLite puts NULLs first in ascending order, and an index cannot deliver
 * "NULLs last" for both directions, so a nullable column is read as two segments: the rows with
 * a value, in (value, id) order, then the rows without, in id order. Each segment is a plain
 * index-ordered range, and the id makes every sort key unique, which keyset paging needs.
 */

export interface CompiledOrdering {
  segments: OrderSegment[];
  descending: boolean;
  /** The data key an index could deliver the order from (dataKeyIndexes.ts). */
  indexColumn: DataKeyColumn | null;
  /** Identifies the ordering in cache keys. */
  signature: string;
}

const BY_ID: OrderSegment = { sortBy: null, only: null };

export function compileOrdering(ordering: readonly string[]): CompiledOrdering {
  const first = ordering[0];
  if (first === undefined || first === '') {
    return { segments: [BY_ID], descending: false, indexColumn: null, signature: 'id' };
  }
  const { name, descending } = parseColumnName(first);
  const column = taskColumn(name);
  if (!column) throw new ValidationError({ ordering: [`Unknown ordering column "${first}"`] });
  const signature = `${descending ? '-' : ''}${name}`;
  const indexColumn = typeof column !== 'string' && isIndexableDataKey(column.dataKey) ? column : null;
  if (column === 'id') return { segments: [BY_ID], descending, indexColumn, signature };
  if (!isNullableColumn(column)) {
    return { segments: [{ sortBy: column, only: null }], descending, indexColumn, signature };
  }
  return {
    segments: [
      { sortBy: column, only: { op: 'isNotNull', column } },
      { sortBy: null, only: { op: 'isNull', column } },
    ],
    descending,
    indexColumn,
    signature,
  };
}
