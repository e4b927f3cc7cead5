import type { Db } from '../open.js';
import { statement } from '../statement.js';
import type { AnnotationColumns } from './annotationsRepo.js';
import type { DraftRow } from './draftsRepo.js';
import type { TaskRow } from './tasksRepo.js';
import type { Condition } from './taskListRepo.js';

/** A task row with the stored path of its source file upload (`upload/<project>/<name>`), if any. */
export interface ExportTaskRow extends TaskRow {
  file_upload_file: string | null;
}

export interface ExportTaskSelection {
  project: number;
  /** Only these ids (the easy export's `ids[]`), or null for all. */
  ids: readonly number[] | null;
  /** SQL conditions on the alias `t` with their parameters (never user text in the SQL itself). */
  conditions: readonly Condition[];
}

/** Conditions of the task filters (fixed SQL, no parameters). */
export const EXPORT_TASK_CONDITIONS = {
  hasAnnotations: 'EXISTS (SELECT 1 FROM annotations a WHERE a.task = t.id)',
  hasSkipped: 'EXISTS (SELECT 1 FROM annotations a WHERE a.task = t.id AND a.was_cancelled = 1)',
  hasSubmitted: 'EXISTS (SELECT 1 FROM annotations a WHERE a.task = t.id AND a.was_cancelled = 0)',
  isLabeled: 't.is_labeled = 1',
} as const;

function whereOf(selection: ExportTaskSelection): Condition {
  const conditions: Condition[] = [...selection.conditions];
  if (selection.ids) {
    conditions.push({ sql: 't.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(selection.ids)] });
  }
  return {
    sql: ['t.project = ?', ...conditions.map((condition) => `(${condition.sql})`)].join(' AND '),
    params: [selection.project, ...conditions.flatMap((condition) => condition.params)],
  };
}

/** One page of the selection by ascending id (keyset paging, so deep pages stay cheap). */
export function listExportTaskPage(
  db: Db,
  selection: ExportTaskSelection,
  afterId: number,
  limit: number,
): ExportTaskRow[] {
  const where = whereOf(selection);
  return statement(
    db,
    `SELECT t.*, f.file AS file_upload_file FROM tasks t LEFT JOIN file_uploads f ON f.id = t.file_upload
     WHERE ${where.sql} AND t.id > ? ORDER BY t.id LIMIT ?`,
  ).all(...where.params, afterId, limit) as ExportTaskRow[];
}

/** Every draft of the given tasks (all users), with the author's name fields, by task then id. */
export function listDraftsOfTasks(db: Db, taskIds: readonly number[]): DraftRow[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    `SELECT d.*, u.email AS author_email, u.first_name AS author_first_name, u.last_name AS author_last_name
     FROM drafts d LEFT JOIN users u ON u.id = d.user
     WHERE d.task IN (SELECT value FROM json_each(?)) ORDER BY d.task, d.id`,
  ).all(JSON.stringify(taskIds)) as DraftRow[];
}

/** The prediction ids of the given tasks, by task then id. */
export function listPredictionIdsOfTasks(db: Db, taskIds: readonly number[]): { id: number; task: number }[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    'SELECT id, task FROM predictions WHERE task IN (SELECT value FROM json_each(?)) ORDER BY task, id',
  ).all(JSON.stringify(taskIds)) as { id: number; task: number }[];
}

/** An annotation row without its author's fields (the export looks authors up once each). */
export type ExportAnnotationRow = AnnotationColumns & { id: number };

/**
 * Every annotation of the given tasks, by task then id. No join: with one author for thousands
 * of annotations, a join per row costs more than the few author lookups the export makes.
 */
export function listExportAnnotations(db: Db, taskIds: readonly number[]): ExportAnnotationRow[] {
  if (taskIds.length === 0) return [];
  return statement(
    db,
    `SELECT id, task, project, unique_id, result, completed_by, updated_by, was_cancelled, ground_truth, lead_time,
       created_at, updated_at, draft_created_at, import_id, last_action, last_created_by, parent_prediction,
       parent_annotation, bulk_created
     FROM annotations WHERE task IN (SELECT value FROM json_each(?)) ORDER BY task, id`,
  ).all(JSON.stringify(taskIds)) as ExportAnnotationRow[];
}

/** The fields of an expanded `completed_by` ({id, email, first_name, last_name}). */
export function findUserNames(
  db: Db,
  id: number,
): { email: string; first_name: string; last_name: string } | undefined {
  return statement(db, 'SELECT email, first_name, last_name FROM users WHERE id = ?').get(id) as
    { email: string; first_name: string; last_name: string } | undefined;
}
