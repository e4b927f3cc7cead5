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
  /** The column to order by (null: the id), NULLs last in both directions, ties by id. */
  sortBy: TaskColumn | null;
  descending: boolean;
}

export const EVERY_TASK: StreamCandidates = { conditions: [], sortBy: null, descending: false };

function whereSql(candidates: StreamCandidates): SqlPart {
  if (candidates.conditions.length === 0) return { sql: '1', params: [] };
  const parts = candidates.conditions.map(conditionSql);
  return { sql: parts.map((each) => `(${each.sql})`).join(' AND '), params: parts.flatMap((each) => each.params) };
}

function orderSql(candidates: StreamCandidates): SqlPart {
  const direction = candidates.descending ? 'DESC' : 'ASC';
  if (candidates.sortBy === null) return { sql: `t.id ${direction}`, params: [] };
  const column = columnSql(candidates.sortBy);
  if (!isNullableColumn(candidates.sortBy)) {
    return { sql: `${column.sql} ${direction}, t.id ${direction}`, params: column.params };
  }
  return {
    sql: `(${column.sql}) IS NULL, ${column.sql} ${direction}, t.id ${direction}`,
    params: [...column.params, ...column.params],
  };
}

/**
 * The statement for `template` with the candidates' SQL in place, and its positional values in
 * the order their placeholders appear. Statements are kept in the task list's bounded cache,
 * since a view's data keys become part of the text.
 */
export function candidateStatement(
  db: Db,
  template: string,
  candidates: StreamCandidates,
): { statement: Statement; params: unknown[] } {
  ensureTaskListFunctions(db);
  const where = whereSql(candidates);
  const order = orderSql(candidates);
  const params: unknown[] = [];
  const sql = template.replace(/\{(candidates|order)\}/g, (_, which: string) => {
    const part = which === 'order' ? order : where;
    params.push(...part.params);
    return part.sql;
  });
  return { statement: prepare(db, sql), params };
}
