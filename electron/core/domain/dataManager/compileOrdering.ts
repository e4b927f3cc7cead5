import { ValidationError } from '../errors.js';
import { columnSql, dataKeyIndexExpression, isDataColumn, parseColumnName } from './taskColumns.js';

/*
 * Label Studio orders by the first `ordering` entry, NULLs last in both directions, and by id
 * when there is none. SQLite puts NULLs first in ascending order, and an index cannot deliver
 * "NULLs last" for both directions, so a nullable column is read as two segments: the rows with
 * a value, in (value, id) order, then the rows without, in id order. Each segment is a plain
 * index-ordered range, and the id makes every sort key unique, which keyset paging needs.
 */

export interface OrderSegment {
  /** Extra condition selecting the segment's rows, or null for all rows. */
  condition: string | null;
  /** Sort keys, the last one always `t.id`. */
  keys: string[];
}

export interface CompiledOrdering {
  segments: OrderSegment[];
  descending: boolean;
  /** The data-key expression an index could deliver the order from (dataKeyIndexes.ts). */
  indexExpression: string | null;
  /** Identifies the ordering in cache keys. */
  signature: string;
}

export function compileOrdering(ordering: readonly string[]): CompiledOrdering {
  const first = ordering[0];
  if (first === undefined || first === '') {
    return {
      segments: [{ condition: null, keys: ['t.id'] }],
      descending: false,
      indexExpression: null,
      signature: 'id',
    };
  }
  const { name, descending } = parseColumnName(first);
  const column = columnSql(name);
  if (!column) throw new ValidationError({ ordering: [`Unknown ordering column "${first}"`] });
  const signature = `${descending ? '-' : ''}${name}`;
  const indexExpression = isDataColumn(name) ? dataKeyIndexExpression(name.slice('data.'.length)) : null;
  if (name === 'id') return { segments: [{ condition: null, keys: ['t.id'] }], descending, indexExpression, signature };
  if (!column.nullable) {
    return {
      segments: [{ condition: null, keys: [column.sql, 't.id'] }],
      descending,
      indexExpression,
      signature,
    };
  }
  return {
    segments: [
      { condition: `${column.sql} IS NOT NULL`, keys: [column.sql, 't.id'] },
      { condition: `${column.sql} IS NULL`, keys: ['t.id'] },
    ],
    descending,
    indexExpression,
    signature,
  };
}
