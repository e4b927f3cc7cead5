import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The `local_models` table (migration 0008): the built-in model's newest trained state per
 * project, and the annotations it learns from.
 */

/** A row without its (possibly large) serialized model. */
export interface LocalModelSummaryRow {
  project: number;
  version: number;
  trained_at: string;
  annotation_count: number;
  /** JSON text. */
  metrics: string;
}

export interface LocalModelRow extends LocalModelSummaryRow {
  /** JSON text. */
  model: string;
}

export function findLocalModelSummary(db: Db, project: number): LocalModelSummaryRow | undefined {
  return statement(
    db,
    'SELECT project, version, trained_at, annotation_count, metrics FROM local_models WHERE project = ?',
  ).get(project) as LocalModelSummaryRow | undefined;
}

export function findLocalModel(db: Db, project: number): LocalModelRow | undefined {
  return statement(db, 'SELECT * FROM local_models WHERE project = ?').get(project) as LocalModelRow | undefined;
}

/** Replaces the project's model; the version goes one up from the stored one (1 for the first). Returns it. */
export function upsertLocalModel(db: Db, row: Omit<LocalModelRow, 'version'>): number {
  const stored = statement(
    db,
    `INSERT INTO local_models (project, version, trained_at, annotation_count, metrics, model)
     VALUES (@project, 1, @trained_at, @annotation_count, @metrics, @model)
     ON CONFLICT (project) DO UPDATE SET
       version = local_models.version + 1, trained_at = excluded.trained_at,
       annotation_count = excluded.annotation_count, metrics = excluded.metrics, model = excluded.model
     RETURNING version`,
  ).get(row) as { version: number };
  return stored.version;
}

/** One task's annotation the model learns from: the task's data and the annotation's result (JSON texts). */
export interface TrainingAnnotationRow {
  task: number;
  data: string;
  result: string;
}

/**
 * A page of the project's tasks that hold a submitted annotation (skipped ones are not), in task
 * id order after `afterTask`. A task annotated more than once gives its ground truth, else its
 * most recently updated annotation.
 */
export function listTrainingAnnotations(
  db: Db,
  project: number,
  afterTask: number,
  limit: number,
): TrainingAnnotationRow[] {
  return statement(
    db,
    `SELECT a.task AS task, t.data AS data, a.result AS result
     FROM (
       SELECT (SELECT b.id FROM annotations b WHERE b.task = page.task AND b.was_cancelled = 0
               ORDER BY b.ground_truth DESC, b.updated_at DESC, b.id DESC LIMIT 1) AS chosen
       FROM (SELECT DISTINCT task FROM annotations
             WHERE project = @project AND was_cancelled = 0 AND task > @afterTask
             ORDER BY task LIMIT @limit) AS page
     ) AS picked
     JOIN annotations a ON a.id = picked.chosen
     JOIN tasks t ON t.id = a.task
     ORDER BY a.task`,
  ).all({ project, afterTask, limit }) as TrainingAnnotationRow[];
}

/** What changes whenever a submitted annotation of the project is added, changed or removed. */
export interface AnnotationsMark {
  count: number;
  last_id: number | null;
  last_update: string | null;
}

export function markOfProjectAnnotations(db: Db, project: number): AnnotationsMark {
  return statement(
    db,
    `SELECT count(*) AS count, max(id) AS last_id, max(updated_at) AS last_update
     FROM annotations WHERE project = ? AND was_cancelled = 0`,
  ).get(project) as AnnotationsMark;
}

/** How many tasks of the project hold a submitted annotation. */
export function countAnnotatedTasks(db: Db, project: number): number {
  const row = statement(
    db,
    'SELECT count(DISTINCT task) AS n FROM annotations WHERE project = ? AND was_cancelled = 0',
  ).get(project) as { n: number };
  return row.n;
}
