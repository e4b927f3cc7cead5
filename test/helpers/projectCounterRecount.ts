import type { Db } from '../../electron/core/db/open.js';

/*
 * Migration 0013's kept counters next to a full recount from the rows themselves (the queries the
 * project endpoints ran before the counters were kept), so a test can compare the two.
 */

const USEFUL = "a.was_cancelled = 0 AND a.ground_truth = 0 AND a.result <> 'null'";

export function recountProjectCounters(db: Db): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT p.id AS project,
         (SELECT count(*) FROM tasks t WHERE t.project = p.id) AS task_number,
         (SELECT count(*) FROM tasks t WHERE t.project = p.id AND t.is_labeled = 1) AS finished_task_number,
         (SELECT count(*) FROM predictions r WHERE r.project = p.id) AS total_predictions_number,
         (SELECT count(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 0) AS total_annotations_number,
         (SELECT count(DISTINCT a.task) FROM annotations a WHERE a.project = p.id AND ${USEFUL}) AS num_tasks_with_annotations,
         (SELECT count(*) FROM annotations a WHERE a.project = p.id AND ${USEFUL}) AS useful_annotation_number,
         (SELECT count(*) FROM annotations a WHERE a.project = p.id AND a.ground_truth = 1) AS ground_truth_number,
         (SELECT count(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 1) AS skipped_annotations_number
       FROM projects p ORDER BY p.id`,
    )
    .all() as Record<string, unknown>[];
}

export function keptProjectCounters(db: Db): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT project, task_number, finished_task_number, total_predictions_number, total_annotations_number,
         num_tasks_with_annotations, useful_annotation_number, ground_truth_number, skipped_annotations_number
       FROM project_counters ORDER BY project`,
    )
    .all() as Record<string, unknown>[];
}

/** Per project and annotator; annotators with nothing left are left out (a kept row may hold zeros). */
export function recountUserQueues(db: Db): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT a.project, a.completed_by AS user, count(DISTINCT a.task) AS annotated,
         count(DISTINCT CASE WHEN a.was_cancelled = 0 THEN a.task END) AS annotated_not_skipped,
         count(DISTINCT CASE WHEN t.is_labeled = 1 THEN a.task END) AS labeled_annotated
       FROM annotations a JOIN tasks t ON t.id = a.task
       WHERE a.completed_by IS NOT NULL GROUP BY a.project, a.completed_by ORDER BY 1, 2`,
    )
    .all() as Record<string, unknown>[];
}

export function keptUserQueues(db: Db): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT project, user, annotated, annotated_not_skipped, labeled_annotated FROM project_user_queue
       WHERE annotated <> 0 OR annotated_not_skipped <> 0 OR labeled_annotated <> 0 ORDER BY 1, 2`,
    )
    .all() as Record<string, unknown>[];
}

/** Both families, kept and recounted, shaped for one `toEqual`. */
export function counterComparison(db: Db) {
  return {
    kept: { projects: keptProjectCounters(db), queues: keptUserQueues(db) },
    recount: { projects: recountProjectCounters(db), queues: recountUserQueues(db) },
  };
}
