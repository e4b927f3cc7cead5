import type { Db } from '../open.js';
import { conditionSql, taskSetWhere } from './taskConditionSql.js';
import { columnSql, type SqlPart } from './taskColumnSql.js';
import type { OrderSegment, TaskCondition, TaskSet } from './taskQuery.js';
import { ensureTaskListFunctions, prepare } from './taskListStatements.js';

export { ensureTaskListFunctions, readDatabaseStamp } from './taskListStatements.js';
export type { OrderSegment, TaskCondition, TaskSet } from './taskQuery.js';

/*
 * The Data Manager task list's queries, built from the domain's typed task sets and order
 * segments (taskQuery.ts) by taskConditionSql.ts. `t` is the tasks alias every condition uses.
 */

function where(set: TaskSet, extra: readonly (TaskCondition | SqlPart)[] = []): SqlPart {
  const base = taskSetWhere(set.project, set.conditions);
  const parts = extra.map((each) => ('op' in each ? conditionSql(each) : each));
  return {
    sql: [base.sql, ...parts.map((each) => `(${each.sql})`)].join(' AND '),
    params: [...base.params, ...parts.flatMap((each) => each.params)],
  };
}

/** A segment's sort keys, the last always the id. */
function sortKeys(segment: OrderSegment): SqlPart[] {
  const id: SqlPart = { sql: 't.id', params: [] };
  return segment.sortBy === null ? [id] : [columnSql(segment.sortBy), id];
}

function list(parts: readonly SqlPart[], suffix = ''): SqlPart {
  return { sql: parts.map((each) => each.sql + suffix).join(', '), params: parts.flatMap((each) => each.params) };
}

/** How many tasks of the set pass `only` too (when given). */
export function countTaskSet(db: Db, set: TaskSet, only: TaskCondition | null = null): number {
  ensureTaskListFunctions(db);
  if (set.conditions.length === 0 && only === null && isMostOfTable(db, set.project))
    return countByComplement(db, set.project);
  const condition = where(set, only ? [only] : []);
  const sql = `SELECT count(*) FROM tasks t WHERE ${condition.sql}`;
  return prepare(db, sql)
    .pluck()
    .get(...condition.params) as number;
}

/**
 * Whether a project holds more than half of all tasks, judged from two index lookups: its
 * largest inner_id (its task count when nothing was deleted) and the largest task id (the
 * table's size under the same assumption). Only the choice of counting method depends on it.
 */
function isMostOfTable(db: Db, project: number): boolean {
  const span = readProjectTaskSpan(db, project);
  const rows = (prepare(db, 'SELECT coalesce(max(id), 0) FROM tasks').pluck().get() as number) ?? 0;
  return span > rows / 2;
}

/**
 * A big project's task count as the table's count minus the other projects' ones. A bare
 * count(*) is answered from the b-tree pages' cell counts (about 4 ms per million rows here),
 * while counting one project's index range steps through every entry (about 25 ms per million),
 * so for a project holding most tasks this is several times cheaper, and exact.
 */
function countByComplement(db: Db, project: number): number {
  const all = prepare(db, 'SELECT count(*) FROM tasks').pluck().get() as number;
  const others = prepare(
    db,
    'SELECT (SELECT count(*) FROM tasks WHERE project < ?) + (SELECT count(*) FROM tasks WHERE project > ?)',
  )
    .pluck()
    .get(project, project) as number;
  return all - others;
}

/** How many of the project's tasks have an annotation or a prediction (the tasks_dm_counted index's entries). */
export function countCountedTasks(db: Db, project: number): number {
  return prepare(
    db,
    'SELECT count(*) FROM tasks WHERE project = ? AND (total_annotations > 0 OR total_predictions > 0)',
  )
    .pluck()
    .get(project) as number;
}

/**
 * Sums of the task counters (the envelope's total_annotations / total_predictions). Tasks with
 * both counters at zero add nothing, and the condition naming them is the tasks_dm_counted
 * partial index's. `viaCounted` walks that index (the annotated or predicted tasks, checking the
 * filters on each); otherwise the planner walks the filters' index and reads each match's row.
 * The caller picks the smaller of the two sets.
 */
export function sumTaskSetCounters(
  db: Db,
  set: TaskSet,
  viaCounted: boolean,
): { annotations: number; predictions: number } {
  ensureTaskListFunctions(db);
  const condition = where(set, [{ sql: 'total_annotations > 0 OR total_predictions > 0', params: [] }]);
  const sql = `SELECT coalesce(sum(t.total_annotations), 0) AS annotations, coalesce(sum(t.total_predictions), 0) AS predictions
    FROM tasks t${viaCounted ? ' INDEXED BY tasks_dm_counted' : ''} WHERE ${condition.sql}`;
  return prepare(db, sql).get(...condition.params) as { annotations: number; predictions: number };
}

/**
 * "At or after these sort keys" in the order's direction, spelled so the first key is a range on
 * the index (`k >= ? AND (k > ? OR id >= ?)`). SQLite does not seek an expression index with a
 * row-value comparison `(k, id) >= (?, ?)`; it filters every entry instead.
 */
function keysFrom(keys: readonly SqlPart[], values: readonly unknown[], descending: boolean): SqlPart {
  const [key, ...rest] = keys;
  const [value, ...restValues] = values;
  const atOrAfter = descending ? '<=' : '>=';
  if (rest.length === 0) return { sql: `${key!.sql} ${atOrAfter} ?`, params: [...key!.params, value] };
  const inner = keysFrom(rest, restValues, descending);
  return {
    sql: `${key!.sql} ${atOrAfter} ? AND (${key!.sql} ${descending ? '<' : '>'} ? OR ${inner.sql})`,
    params: [...key!.params, value, ...key!.params, value, ...inner.params],
  };
}

/** SELECT of a segment's sort keys in its order, the LIMIT and OFFSET left as the last two parameters. */
function segmentRead(
  set: TaskSet,
  segment: OrderSegment,
  descending: boolean,
  from: readonly unknown[] | null,
): SqlPart {
  const keys = sortKeys(segment);
  const extra: (TaskCondition | SqlPart)[] = [];
  if (segment.only) extra.push(segment.only);
  if (from) extra.push(keysFrom(keys, from, descending));
  const condition = where(set, extra);
  const selected = list(keys);
  const ordered = list(keys, descending ? ' DESC' : ' ASC');
  return {
    sql: `SELECT ${selected.sql} FROM tasks t WHERE ${condition.sql}
    ORDER BY ${ordered.sql} LIMIT ? OFFSET ?`,
    params: [...selected.params, ...condition.params, ...ordered.params],
  };
}

/**
 * Sort-key tuples of one segment's rows, starting `offset` rows after the row whose keys are
 * `from` (inclusive), or after the segment's start. The condition on `from` is a range on the
 * same index the ORDER BY walks, so a known key turns a deep OFFSET into a seek.
 */
export function readSegmentKeys(
  db: Db,
  set: TaskSet,
  segment: OrderSegment,
  descending: boolean,
  from: readonly unknown[] | null,
  limit: number,
  offset: number,
): unknown[][] {
  ensureTaskListFunctions(db);
  const read = segmentRead(set, segment, descending, from);
  return prepare(db, read.sql)
    .raw()
    .all(...read.params, limit, offset) as unknown[][];
}

/** EXPLAIN QUERY PLAN of a segment read, for the benchmark and for checking index use. */
export function explainSegmentRead(db: Db, set: TaskSet, segment: OrderSegment, descending: boolean): string[] {
  ensureTaskListFunctions(db);
  const read = segmentRead(set, segment, descending, null);
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${read.sql}`).all(...read.params, 100, 0) as { detail: string }[];
  return rows.map((row) => row.detail);
}

/** The largest inner_id of a project: an index lookup that bounds its task count from above. */
export function readProjectTaskSpan(db: Db, project: number): number {
  return (
    (prepare(db, 'SELECT coalesce(max(inner_id), 0) FROM tasks WHERE project = ?').pluck().get(project) as number) ?? 0
  );
}

/** Every id of a task set, in id order (what an action works on). */
export function listTaskSetIds(db: Db, set: TaskSet): number[] {
  ensureTaskListFunctions(db);
  const condition = where(set);
  const sql = `SELECT t.id FROM tasks t WHERE ${condition.sql} ORDER BY t.id`;
  return prepare(db, sql)
    .pluck()
    .all(...condition.params) as number[];
}
