import type { Db } from '../open.js';
import { statement } from '../statement.js';

/**
 * Label Studio's eight project counters (`projects/functions.annotate_*`), as conditions over
 * annotations: skipped = was_cancelled; "useful" excludes skipped, ground truth and null results.
 */
const USEFUL = "a.was_cancelled = 0 AND a.ground_truth = 0 AND (a.result = 'null') = 0";

/** Correlated forms, for ordering a list by a counter (DRF lets clients order by any field). */
export const COUNTER_ORDER_SQL = {
  task_number: '(SELECT COUNT(*) FROM tasks t WHERE t.project = p.id)',
  finished_task_number: '(SELECT COUNT(*) FROM tasks t WHERE t.project = p.id AND t.is_labeled = 1)',
  total_predictions_number: '(SELECT COUNT(*) FROM predictions r WHERE r.project = p.id)',
  total_annotations_number: '(SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 0)',
  num_tasks_with_annotations: `(SELECT COUNT(DISTINCT a.task) FROM annotations a WHERE a.project = p.id AND ${USEFUL})`,
  useful_annotation_number: `(SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND ${USEFUL})`,
  ground_truth_number: '(SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.ground_truth = 1)',
  skipped_annotations_number: '(SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 1)',
} as const;

export interface TaskCounterRow {
  project: number;
  task_number: number;
  finished_task_number: number;
}

export interface AnnotationCounterRow {
  project: number;
  total_annotations_number: number;
  num_tasks_with_annotations: number;
  useful_annotation_number: number;
  ground_truth_number: number;
  skipped_annotations_number: number;
}

export interface QueueCounterRow {
  project: number;
  /** Tasks the user annotated (skips included) that are already labeled. */
  labeled_annotated: number;
  annotated: number;
  annotated_not_skipped: number;
}

/** Project ids travel as one JSON array parameter, so each query has one text whatever the page size. */
const IDS = 'SELECT value FROM json_each(?)';

/** One scan of the (project, is_labeled, id) index for the whole page. */
export function countTasks(db: Db, projectIds: readonly number[]): TaskCounterRow[] {
  return statement(
    db,
    `SELECT project, COUNT(*) AS task_number, COALESCE(SUM(is_labeled = 1), 0) AS finished_task_number
     FROM tasks WHERE project IN (${IDS}) GROUP BY project`,
  ).all(JSON.stringify(projectIds)) as TaskCounterRow[];
}

export function countPredictions(db: Db, projectIds: readonly number[]): { project: number; count: number }[] {
  return statement(
    db,
    `SELECT project, COUNT(*) AS count FROM predictions WHERE project IN (${IDS}) GROUP BY project`,
  ).all(JSON.stringify(projectIds)) as { project: number; count: number }[];
}

/** The five annotation counters in one pass over annotations_project_counters (a covering index). */
export function countAnnotations(db: Db, projectIds: readonly number[]): AnnotationCounterRow[] {
  return statement(
    db,
    `SELECT a.project,
       COALESCE(SUM(a.was_cancelled = 0), 0) AS total_annotations_number,
       COUNT(DISTINCT CASE WHEN ${USEFUL} THEN a.task END) AS num_tasks_with_annotations,
       COALESCE(SUM(${USEFUL}), 0) AS useful_annotation_number,
       COALESCE(SUM(a.ground_truth = 1), 0) AS ground_truth_number,
       COALESCE(SUM(a.was_cancelled = 1), 0) AS skipped_annotations_number
     FROM annotations a WHERE a.project IN (${IDS}) GROUP BY a.project`,
  ).all(JSON.stringify(projectIds)) as AnnotationCounterRow[];
}

/** What queue_total and queue_done need about one user's annotations, per project of the page. */
export function countUserQueue(db: Db, projectIds: readonly number[], userId: number): QueueCounterRow[] {
  return statement(
    db,
    `SELECT a.project,
       COUNT(DISTINCT CASE WHEN t.is_labeled = 1 THEN a.task END) AS labeled_annotated,
       COUNT(DISTINCT a.task) AS annotated,
       COUNT(DISTINCT CASE WHEN a.was_cancelled = 0 THEN a.task END) AS annotated_not_skipped
     FROM annotations a JOIN tasks t ON t.id = a.task
     WHERE a.project IN (${IDS}) AND a.completed_by = ? GROUP BY a.project`,
  ).all(JSON.stringify(projectIds), userId) as QueueCounterRow[];
}

/** Top-level data keys with the number of tasks holding each, in order of first appearance. */
export function countDataColumns(db: Db, projectId: number): { key: string; count: number }[] {
  return statement(
    db,
    `SELECT j.key AS key, COUNT(*) AS count
     FROM tasks t, json_each(t.data) j
     WHERE t.project = ? AND json_valid(t.data) AND json_type(t.data) = 'object'
     GROUP BY j.key ORDER BY MIN(t.id), MIN(j.id)`,
  ).all(projectId) as { key: string; count: number }[];
}

export function countObjectTasks(db: Db, projectId: number): number {
  const row = statement(
    db,
    "SELECT COUNT(*) AS count FROM tasks WHERE project = ? AND json_valid(data) AND json_type(data) = 'object'",
  ).get(projectId) as { count: number };
  return row.count;
}

/** Result texts of every annotation (skipped and ground truth included) of a project, streamed. */
export function iterateAnnotationResults(db: Db, projectId: number): IterableIterator<{ result: string }> {
  return statement(db, 'SELECT result FROM annotations WHERE project = ? ORDER BY id').iterate(
    projectId,
  ) as IterableIterator<{ result: string }>;
}

/** Result texts of every draft on the project's tasks (Label Studio filters drafts by task__project). */
export function iterateDraftResults(db: Db, projectId: number): IterableIterator<{ result: string }> {
  return statement(
    db,
    'SELECT result FROM drafts WHERE task IN (SELECT id FROM tasks WHERE project = ?) ORDER BY id',
  ).iterate(projectId) as IterableIterator<{ result: string }>;
}
