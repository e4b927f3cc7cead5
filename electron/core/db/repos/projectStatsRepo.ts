import type { Db } from '../open.js';
import { statement } from '../statement.js';

/**
 * Label Studio's ProjectManager.COUNTER_FIELDS, in its order. Migration 0014's triggers keep them,
 * so reading them is one row per project.
 */
export const COUNTER_COLUMNS = [
  'task_number',
  'finished_task_number',
  'total_predictions_number',
  'total_annotations_number',
  'num_tasks_with_annotations',
  'useful_annotation_number',
  'ground_truth_number',
  'skipped_annotations_number',
] as const;

type CounterColumn = (typeof COUNTER_COLUMNS)[number];

/** Correlated forms, for ordering a list by a counter (DRF lets clients order by any field). */
export const COUNTER_ORDER_SQL = Object.fromEntries(
  COUNTER_COLUMNS.map((column) => [
    column,
    `coalesce((SELECT c.${column} FROM project_counters c WHERE c.project = p.id), 0)`,
  ]),
) as Record<CounterColumn, string>;

export type ProjectCounterRow = { project: number } & Record<CounterColumn, number>;

export interface QueueCounterRow {
  project: number;
  /** Tasks the user annotated (skips included) that are already labeled. */
  labeled_annotated: number;
  annotated: number;
  annotated_not_skipped: number;
}

/** Project ids travel as one JSON array parameter, so each query has one text whatever the page size. */
const IDS = 'SELECT value FROM json_each(?)';

export function readProjectCounters(db: Db, projectIds: readonly number[]): ProjectCounterRow[] {
  return statement(
    db,
    `SELECT project, ${COUNTER_COLUMNS.join(', ')} FROM project_counters WHERE project IN (${IDS})`,
  ).all(JSON.stringify(projectIds)) as ProjectCounterRow[];
}

/** What queue_total and queue_done need about one user's annotations, per project of the page. */
export function readUserQueues(db: Db, projectIds: readonly number[], userId: number): QueueCounterRow[] {
  return statement(
    db,
    `SELECT project, labeled_annotated, annotated, annotated_not_skipped
     FROM project_user_queue WHERE project IN (${IDS}) AND user = ?`,
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
