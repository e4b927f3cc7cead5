import type { Statement } from 'better-sqlite3';
import type { Db } from '../open.js';
import { conditionSql } from './taskConditionSql.js';
import { columnSql, isNullableColumn, type SqlPart } from './taskColumnSql.js';
import { ensureTaskListFunctions, prepare } from './taskListStatements.js';
import type { TaskColumn, TaskCondition } from './taskQuery.js';

/*
 * The label stream's candidates when it follows a Data Manager view (or query): the view's
 * conditions narrow the tasks every step picks from, and its order is the order the ordered steps
 * walk. The stream's SQL marks where they go with `{candidates}` and `{order}`; this file puts the
 * conditions' SQL there and binds their values by position, the stream's own values by name.
 */

/** The tasks a stream may pick from (an empty list: every task of the project) and their order. */
export interface StreamCandidates {
  conditions: readonly TaskCondition[];
  /** The column to order by (null: the id), NULLs last in both directions, ties by ascending id. */
  sortBy: TaskColumn | null;
  descending: boolean;
}

export const EVERY_TASK: StreamCandidates = { conditions: [], sortBy: null, descending: false };

function whereSql(candidates: StreamCandidates): SqlPart {
  if (candidates.conditions.length === 0) return { sql: '1', params: [] };
  const parts = candidates.conditions.map(conditionSql);
  return { sql: parts.map((each) => `(${each.sql})`).join(' AND '), params: parts.flatMap((each) => each.params) };
}

/** One stretch of the stream's order: the candidates passing `only`, read in `order`. */
interface OrderSegment {
  only: SqlPart | null;
  order: SqlPart;
}

/**
 * The stream's order as the task list reads it, in stretches an index on the column can deliver:
 * by a nullable column, the tasks with a value in value order, then those without. Label Studio
 * orders by the column alone, NULLs last; on SQLite its equal values (and its NULLs) then come in
 * id order whichever the direction, so ties go by ascending id here too. An index on (project,
 * column, id) still hands out the value order, and only a run of equal values is sorted.
 */
function orderSegments(candidates: StreamCandidates): OrderSegment[] {
  const direction = candidates.descending ? 'DESC' : 'ASC';
  if (candidates.sortBy === null) return [{ only: null, order: { sql: `t.id ${direction}`, params: [] } }];
  const column = columnSql(candidates.sortBy);
  const byColumn: SqlPart = { sql: `${column.sql} ${direction}, t.id ASC`, params: column.params };
  if (!isNullableColumn(candidates.sortBy)) return [{ only: null, order: byColumn }];
  return [
    { only: { sql: `${column.sql} IS NOT NULL`, params: column.params }, order: byColumn },
    { only: { sql: `${column.sql} IS NULL`, params: column.params }, order: { sql: 't.id ASC', params: [] } },
  ];
}

function withOnly(where: SqlPart, only: SqlPart | null): SqlPart {
  return only === null ? where : { sql: `${where.sql} AND ${only.sql}`, params: [...where.params, ...only.params] };
}

export interface CandidateStatement {
  statement: Statement;
  /** The positional values, in the order their placeholders appear. */
  params: unknown[];
}

/**
 * The statements for `template` with the candidates' SQL in place: one per stretch of the order
 * when the template has `{order}` (read them in turn until one gives a row), else one. They are
 * kept in the task list's bounded cache, since a view's data keys become part of the text.
 */
export function candidateStatements(db: Db, template: string, candidates: StreamCandidates): CandidateStatement[] {
  ensureTaskListFunctions(db);
  const where = whereSql(candidates);
  const segments: OrderSegment[] = template.includes('{order}')
    ? orderSegments(candidates)
    : [{ only: null, order: { sql: '', params: [] } }];
  return segments.map((segment) => {
    const scoped = withOnly(where, segment.only);
    const params: unknown[] = [];
    const sql = template.replace(/\{(candidates|order)\}/g, (_, which: string) => {
      const part = which === 'order' ? segment.order : scoped;
      params.push(...part.params);
      return part.sql;
    });
    return { statement: prepare(db, sql), params };
  });
}
