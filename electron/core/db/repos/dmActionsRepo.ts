import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The Data Manager actions' bulk statements. Task ids travel as one JSON array parameter, so a
 * selection of any size is one statement per step.
 */

const IDS = 'SELECT value FROM json_each(?)';

function ids(list: readonly number[]): string {
  return JSON.stringify(list);
}

/** Deletes the tasks; the schema's cascades remove their annotations, predictions, drafts and locks. */
export function deleteTasksByIds(db: Db, taskIds: readonly number[]): number {
  return statement(db, `DELETE FROM tasks WHERE id IN (${IDS})`).run(ids(taskIds)).changes;
}

export function hasProjectTasks(db: Db, project: number): boolean {
  return statement(db, 'SELECT 1 FROM tasks WHERE project = ? LIMIT 1').get(project) !== undefined;
}

/** The tasks (of the given ones) that have annotations, optionally by one annotator. */
export function listAnnotatedTasks(db: Db, taskIds: readonly number[], annotator: number | null): number[] {
  return statement(
    db,
    `SELECT DISTINCT task FROM annotations WHERE task IN (${IDS}) AND (? IS NULL OR completed_by = ?) ORDER BY task`,
  )
    .pluck()
    .all(ids(taskIds), annotator, annotator) as number[];
}

export function deleteAnnotationsOfTasks(db: Db, taskIds: readonly number[], annotator: number | null): number {
  return statement(db, `DELETE FROM annotations WHERE task IN (${IDS}) AND (? IS NULL OR completed_by = ?)`).run(
    ids(taskIds),
    annotator,
    annotator,
  ).changes;
}

/** Task-level and annotation-level drafts alike, optionally of one user. */
export function deleteDraftsOfTasks(db: Db, taskIds: readonly number[], user: number | null): number {
  return statement(db, `DELETE FROM drafts WHERE task IN (${IDS}) AND (? IS NULL OR user = ?)`).run(
    ids(taskIds),
    user,
    user,
  ).changes;
}

export function listPredictedTasks(db: Db, taskIds: readonly number[]): number[] {
  return statement(db, `SELECT DISTINCT task FROM predictions WHERE task IN (${IDS}) ORDER BY task`)
    .pluck()
    .all(ids(taskIds)) as number[];
}

export function deletePredictionsOfTasks(db: Db, taskIds: readonly number[]): number {
  return statement(db, `DELETE FROM predictions WHERE task IN (${IDS})`).run(ids(taskIds)).changes;
}

export interface ConvertiblePrediction {
  id: number;
  task: number;
  result: string;
}

/**
 * Predictions of the tasks that no annotation was made from yet (Label Studio's
 * `child_annotations__isnull=True`), optionally only the given model versions.
 */
export function listConvertiblePredictions(
  db: Db,
  taskIds: readonly number[],
  modelVersions: readonly string[] | null,
): ConvertiblePrediction[] {
  return statement(
    db,
    `SELECT p.id, p.task, p.result FROM predictions p
     WHERE p.task IN (${IDS})
       AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.parent_prediction = p.id)
       AND (? IS NULL OR p.model_version IN (SELECT value FROM json_each(?)))
     ORDER BY p.id`,
  ).all(
    ids(taskIds),
    modelVersions === null ? null : 1,
    JSON.stringify(modelVersions ?? []),
  ) as ConvertiblePrediction[];
}

export interface NewAnnotation {
  task: number;
  project: number;
  unique_id: string;
  result: string;
  completed_by: number;
  parent_prediction: number;
  created_at: string;
}

export function insertAnnotationFromPrediction(db: Db, annotation: NewAnnotation): void {
  statement(
    db,
    `INSERT INTO annotations (task, project, unique_id, result, completed_by, parent_prediction, created_at, updated_at)
     VALUES (@task, @project, @unique_id, @result, @completed_by, @parent_prediction, @created_at, @created_at)`,
  ).run(annotation);
}

export interface DataGroupRow {
  id: number;
  data: string;
  total_annotations: number;
}

/** The tasks whose data text appears more than once among the given ones, grouped by data, by id. */
export function listDuplicatedTasks(db: Db, taskIds: readonly number[]): DataGroupRow[] {
  return statement(
    db,
    `WITH selected AS (SELECT id, data, total_annotations FROM tasks WHERE id IN (${IDS}))
     SELECT id, data, total_annotations FROM selected
     WHERE data IN (SELECT data FROM selected GROUP BY data HAVING count(*) > 1)
     ORDER BY data, id`,
  ).all(ids(taskIds)) as DataGroupRow[];
}

export function moveAnnotations(db: Db, fromTask: number, toTask: number): void {
  statement(db, 'UPDATE annotations SET task = ? WHERE task = ?').run(toTask, fromTask);
}
