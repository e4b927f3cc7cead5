import type { Db } from '../open.js';
import { columnStatement } from '../columnStatement.js';
import { statement } from '../statement.js';

/** An `annotations` row with the author's name fields (for created_username and the expanded user). */
export interface AnnotationRow {
  id: number;
  task: number;
  project: number;
  unique_id: string;
  /** JSON text; a JSON null result is the text 'null'. */
  result: string;
  completed_by: number | null;
  updated_by: number | null;
  was_cancelled: number;
  ground_truth: number;
  lead_time: number | null;
  created_at: string;
  updated_at: string;
  draft_created_at: string | null;
  import_id: number | null;
  last_action: string | null;
  last_created_by: number | null;
  parent_prediction: number | null;
  parent_annotation: number | null;
  bulk_created: number;
  /** Distinct region ids, set when saved through the API (0 for bulk-made annotations). */
  result_count: number;
  author_email: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_avatar: string | null;
}

/** Every column a write may set. */
export type AnnotationColumns = Omit<
  AnnotationRow,
  'id' | 'author_email' | 'author_first_name' | 'author_last_name' | 'author_avatar'
>;
export type AnnotationColumn = keyof AnnotationColumns;

// prettier-ignore
const COLUMNS: readonly AnnotationColumn[] = [
  'task', 'project', 'unique_id', 'result', 'completed_by', 'updated_by', 'was_cancelled', 'ground_truth',
  'lead_time', 'created_at', 'updated_at', 'draft_created_at', 'import_id', 'last_action', 'last_created_by',
  'parent_prediction', 'parent_annotation', 'bulk_created', 'result_count',
];

const SELECT = `SELECT a.id, ${COLUMNS.map((column) => `a.${column}`).join(', ')},
  u.email AS author_email, u.first_name AS author_first_name, u.last_name AS author_last_name,
  u.avatar AS author_avatar
  FROM annotations a LEFT JOIN users u ON u.id = a.completed_by`;

export function findAnnotationById(db: Db, id: number): AnnotationRow | undefined {
  return statement(db, `${SELECT} WHERE a.id = ?`).get(id) as AnnotationRow | undefined;
}

/** The annotations of many tasks in one query (ids travel as one JSON array parameter), by id. */
export function listAnnotationsOfTasks(db: Db, taskIds: readonly number[], includeCancelled: boolean): AnnotationRow[] {
  if (taskIds.length === 0) return [];
  const cancelled = includeCancelled ? '' : 'AND a.was_cancelled = 0';
  return statement(
    db,
    `${SELECT} WHERE a.task IN (SELECT value FROM json_each(?)) ${cancelled} ORDER BY a.task, a.id`,
  ).all(JSON.stringify(taskIds)) as AnnotationRow[];
}

export function insertAnnotationRow(db: Db, values: Partial<AnnotationColumns>): number {
  const { statement: insert, params } = columnStatement(db, COLUMNS, values, insertSql);
  return Number(insert.run(params).lastInsertRowid);
}

function insertSql(columns: readonly AnnotationColumn[]): string {
  return `INSERT INTO annotations (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}

/** Writes the given columns; names come from COLUMNS, never from a request. */
export function updateAnnotationColumns(db: Db, id: number, values: Partial<AnnotationColumns>): void {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  if (columns.length === 0) return;
  const sql = `UPDATE annotations SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  statement(db, sql).run({ ...pick(values, columns), id });
}

export function deleteAnnotationRow(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM annotations WHERE id = ?').run(id).changes > 0;
}

export function isUniqueIdTaken(db: Db, uniqueId: string): boolean {
  return statement(db, 'SELECT 1 FROM annotations WHERE unique_id = ?').get(uniqueId) !== undefined;
}

/** Task.ensure_unique_groundtruth: only one ground-truth annotation per task. */
export function clearOtherGroundTruth(db: Db, task: number, keepId: number): void {
  statement(db, 'UPDATE annotations SET ground_truth = 0 WHERE task = ? AND id <> ? AND ground_truth = 1').run(
    task,
    keepId,
  );
}

/** Whether a row with this id exists; the table is one of three literals, never request data. */
export function idExists(db: Db, table: 'users' | 'predictions' | 'annotations', id: number): boolean {
  return statement(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
}

function pick(values: Partial<AnnotationColumns>, columns: readonly AnnotationColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, values[column]]));
}
