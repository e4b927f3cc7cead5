import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The bulk write path of an import. Each insert is one prepared statement run with positional
 * values: at 100k tasks per request, named-parameter objects and per-row helper statements (a
 * max(inner_id) subquery, a counter refresh) cost more than the insert itself, so the caller
 * computes inner ids and counters and passes them in.
 */

/** The last inner_id of a project (0 when it has no tasks). */
export function lastInnerId(db: Db, project: number): number {
  const row = statement(db, 'SELECT max(inner_id) AS last FROM tasks WHERE project = ?').get(project) as {
    last: number | null;
  };
  return row.last ?? 0;
}

export interface ImportedTaskRow {
  project: number;
  inner_id: number;
  data: string;
  meta: string;
  created_at: string;
  is_labeled: number;
  overlap: number;
  total_annotations: number;
  cancelled_annotations: number;
  total_predictions: number;
  file_upload: number | null;
  allow_skip: number | null;
}

export function insertImportedTask(db: Db, row: ImportedTaskRow): number {
  return Number(
    statement(
      db,
      `INSERT INTO tasks (project, inner_id, data, meta, created_at, updated_at, is_labeled, overlap,
         total_annotations, cancelled_annotations, total_predictions, file_upload, allow_skip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.project,
      row.inner_id,
      row.data,
      row.meta,
      row.created_at,
      row.created_at,
      row.is_labeled,
      row.overlap,
      row.total_annotations,
      row.cancelled_annotations,
      row.total_predictions,
      row.file_upload,
      row.allow_skip,
    ).lastInsertRowid,
  );
}

export interface ImportedAnnotationRow {
  task: number;
  project: number;
  unique_id: string;
  result: string;
  completed_by: number;
  was_cancelled: number;
  ground_truth: number;
  lead_time: number | null;
  created_at: string;
  import_id: number | null;
}

export function insertImportedAnnotation(db: Db, row: ImportedAnnotationRow): number {
  return Number(
    statement(
      db,
      `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, ground_truth,
         lead_time, created_at, updated_at, import_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.task,
      row.project,
      row.unique_id,
      row.result,
      row.completed_by,
      row.was_cancelled,
      row.ground_truth,
      row.lead_time,
      row.created_at,
      row.created_at,
      row.import_id,
    ).lastInsertRowid,
  );
}

export interface ImportedPredictionRow {
  task: number;
  project: number;
  result: string;
  score: number | null;
  model_version: string;
  created_at: string;
}

export function insertImportedPrediction(db: Db, row: ImportedPredictionRow): number {
  return Number(
    statement(
      db,
      `INSERT INTO predictions (task, project, result, score, model_version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.task, row.project, row.result, row.score, row.model_version, row.created_at, row.created_at)
      .lastInsertRowid,
  );
}

/** Every user who may author imported annotations, by email; local accounts win a shared email. */
export function listAnnotatorEmails(db: Db): { id: number; email: string }[] {
  return statement(db, 'SELECT id, email FROM users ORDER BY is_local, id').all() as { id: number; email: string }[];
}

/** Whether a task belongs to a project (predictions import checks every item). */
export function isProjectTask(db: Db, project: number, task: number): boolean {
  return statement(db, 'SELECT 1 FROM tasks WHERE id = ? AND project = ?').get(task, project) !== undefined;
}

/** Reimport replaces what earlier imports of the same uploads created (cascading to their children). */
export function deleteTasksOfFileUploads(db: Db, project: number, fileUploads: readonly number[]): number {
  return statement(db, 'DELETE FROM tasks WHERE project = ? AND file_upload IN (SELECT value FROM json_each(?))').run(
    project,
    JSON.stringify(fileUploads),
  ).changes;
}

const TASK_COUNTER_TRIGGER = 'tasks_counters_insert';

/**
 * Runs a bulk task insert (inside the caller's transaction) without the per-row counter trigger,
 * then counts what it wrote once: on 100k tasks the trigger's update per row doubled the insert's
 * cost. The trigger is dropped and created again from its own stored text within the same
 * transaction, so no other connection ever sees it missing, and a rollback restores it as well.
 * `write` returns how many tasks it inserted and how many of them are labeled.
 */
export function insertTasksCountingOnce<T extends { inserted: number; labeled: number }>(
  db: Db,
  project: number,
  write: () => T,
): T {
  const trigger = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .pluck()
    .get(TASK_COUNTER_TRIGGER) as string | undefined;
  if (trigger === undefined) return write();
  db.exec(`DROP TRIGGER ${TASK_COUNTER_TRIGGER}`);
  let counts: T;
  try {
    counts = write();
  } finally {
    db.exec(trigger);
  }
  statement(
    db,
    `UPDATE project_counters
     SET task_number = task_number + ?, finished_task_number = finished_task_number + ?
     WHERE project = ?`,
  ).run(counts.inserted, counts.labeled, project);
  return counts;
}
