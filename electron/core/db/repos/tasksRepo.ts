import type { Db } from '../open.js';
import { columnStatement } from '../columnStatement.js';
import { statement } from '../statement.js';

/** A `tasks` row. Booleans are 0/1; `data` and `meta` are JSON text. */
export interface TaskRow {
  id: number;
  project: number;
  inner_id: number;
  data: string;
  meta: string;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
  is_labeled: number;
  overlap: number;
  total_annotations: number;
  cancelled_annotations: number;
  total_predictions: number;
  comment_count: number;
  unresolved_comment_count: number;
  last_comment_updated_at: string | null;
  file_upload: number | null;
  allow_skip: number | null;
}

export type TaskColumns = Omit<TaskRow, 'id'>;
export type TaskColumn = keyof TaskColumns;

// prettier-ignore
const COLUMNS: readonly TaskColumn[] = [
  'project', 'inner_id', 'data', 'meta', 'created_at', 'updated_at', 'updated_by', 'is_labeled', 'overlap',
  'total_annotations', 'cancelled_annotations', 'total_predictions', 'comment_count', 'unresolved_comment_count',
  'last_comment_updated_at', 'file_upload', 'allow_skip',
];

const SELECT = `SELECT id, ${COLUMNS.join(', ')} FROM tasks`;

export function findTaskById(db: Db, id: number): TaskRow | undefined {
  return statement(db, `${SELECT} WHERE id = ?`).get(id) as TaskRow | undefined;
}

/** Rows for the given ids, in the order of the ids (ids travel as one JSON array parameter). */
export function findTasksByIds(db: Db, ids: readonly number[]): TaskRow[] {
  if (ids.length === 0) return [];
  const rows = statement(db, `${SELECT} WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  ) as TaskRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Inserts one task; `inner_id` continues the project's sequence. In an empty project it is
 * `emptyProjectInnerId` (Label Studio's Task.save starts a single task at 2, its imports at 1).
 */
export function insertTaskRow(
  db: Db,
  input: Omit<Partial<TaskColumns>, 'inner_id'> & { project: number },
  emptyProjectInnerId = 1,
): number {
  const { statement: insert, params } = columnStatement(db, INSERTED_COLUMNS, input, insertSql);
  return Number(insert.run({ ...params, project: input.project, emptyProjectInnerId }).lastInsertRowid);
}

const INSERTED_COLUMNS = COLUMNS.filter((column) => column !== 'inner_id');

function insertSql(columns: readonly TaskColumn[]): string {
  return `INSERT INTO tasks (inner_id, ${columns.join(', ')})
    VALUES ((SELECT coalesce(max(inner_id) + 1, @emptyProjectInnerId) FROM tasks WHERE project = @project), ${columns.map((c) => `@${c}`).join(', ')})`;
}

/** Writes the given columns; names come from COLUMNS, never from a request. */
export function updateTaskColumns(db: Db, id: number, values: Partial<TaskColumns>): void {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  if (columns.length === 0) return;
  const sql = `UPDATE tasks SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  statement(db, sql).run({ ...Object.fromEntries(columns.map((column) => [column, values[column]])), id });
}

export function deleteTaskRow(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM tasks WHERE id = ?').run(id).changes > 0;
}

/** Deletes every task of a project; annotations, predictions and drafts go with them (cascade). */
export function deleteProjectTaskRows(db: Db, project: number): number {
  return statement(db, 'DELETE FROM tasks WHERE project = ?').run(project).changes;
}

export function countProjectTasks(db: Db, project: number): number {
  return (statement(db, 'SELECT count(*) AS n FROM tasks WHERE project = ?').get(project) as { n: number }).n;
}

/**
 * One page of the old project task list, newest change first. Label Studio orders by
 * -updated_at alone; the id breaks ties so pages never overlap. A negative limit means all.
 */
export function listProjectTaskPage(db: Db, project: number, limit: number, offset: number): TaskRow[] {
  return statement(db, `${SELECT} WHERE project = ? ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`).all(
    project,
    limit,
    offset,
  ) as TaskRow[];
}
