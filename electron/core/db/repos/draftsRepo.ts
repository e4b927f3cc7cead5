import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A `drafts` row with its author's name fields (the draft serializer prints the user by email). */
export interface DraftRow {
  id: number;
  task: number;
  project: number | null;
  annotation: number | null;
  user: number | null;
  /** JSON text. */
  result: string;
  lead_time: number | null;
  was_postponed: number;
  import_id: number | null;
  created_at: string;
  updated_at: string;
  author_email: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
}

export type DraftColumns = Omit<DraftRow, 'id' | 'author_email' | 'author_first_name' | 'author_last_name'>;
export type DraftColumn = keyof DraftColumns;

// prettier-ignore
const COLUMNS: readonly DraftColumn[] = [
  'task', 'project', 'annotation', 'user', 'result', 'lead_time', 'was_postponed', 'import_id', 'created_at',
  'updated_at',
];

const SELECT = `SELECT d.id, ${COLUMNS.map((column) => `d.${column}`).join(', ')},
  u.email AS author_email, u.first_name AS author_first_name, u.last_name AS author_last_name
  FROM drafts d LEFT JOIN users u ON u.id = d.user`;

export function findDraftById(db: Db, id: number): DraftRow | undefined {
  return statement(db, `${SELECT} WHERE d.id = ?`).get(id) as DraftRow | undefined;
}

/** A task's drafts by one user, oldest first. */
export function listUserDraftsOfTask(db: Db, task: number, user: number): DraftRow[] {
  return statement(db, `${SELECT} WHERE d.task = ? AND d.user = ? ORDER BY d.id`).all(task, user) as DraftRow[];
}

/** The drafts of many tasks by one user (ids travel as one JSON array parameter). */
export function listUserDraftsOfTasks(db: Db, taskIds: readonly number[], user: number): DraftRow[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    `${SELECT} WHERE d.task IN (SELECT value FROM json_each(?)) AND d.user = ? ORDER BY d.task, d.id`,
  ).all(JSON.stringify(taskIds), user) as DraftRow[];
}

export function insertDraftRow(db: Db, values: Partial<DraftColumns>): number {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  const sql = `INSERT INTO drafts (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(statement(db, sql).run(pick(values, columns)).lastInsertRowid);
}

/** Writes the given columns; names come from COLUMNS, never from a request. */
export function updateDraftColumns(db: Db, id: number, values: Partial<DraftColumns>): void {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  if (columns.length === 0) return;
  const sql = `UPDATE drafts SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  statement(db, sql).run({ ...pick(values, columns), id });
}

export function deleteDraftRow(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM drafts WHERE id = ?').run(id).changes > 0;
}

/** Label Studio's `delete_draft` signal: saving an annotation drops the drafts made on it. */
export function deleteDraftsOfAnnotation(db: Db, annotation: number): void {
  statement(db, 'DELETE FROM drafts WHERE annotation = ?').run(annotation);
}

function pick(values: Partial<DraftColumns>, columns: readonly DraftColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, values[column]]));
}
