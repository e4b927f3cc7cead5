import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The project dashboard's reads. Annotation counts come from the aggregates that migration 0011's
 * triggers keep (one row per quarter hour and annotator, or per quarter hour and label), never
 * from the annotations themselves; task counts from the tasks' indexes. A bucket is a quarter hour
 * since the epoch (-1: an annotation whose created_at is not a date); ranges are [from, to).
 */

/** Quarter hours per bucket, as the triggers compute them. */
export const BUCKET_SECONDS = 900;

export interface TaskTotalsRow {
  tasks: number;
  labeled: number;
  /** Tasks with a skip and no submitted annotation. */
  skipped: number;
  /** Of those, the ones counted as labeled (a project that ignores skipped tasks). */
  skipped_labeled: number;
}

export interface BucketActivityRow {
  bucket: number;
  submitted: number;
  skipped: number;
}

export interface AnnotatorActivityRow {
  /** 0: annotations whose author is unknown (deleted, or never recorded). */
  completed_by: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  submitted: number;
  skipped: number;
}

export interface LabelCountRow {
  from_name: string;
  label: string;
  count: number;
}

/** One pass over (project, is_labeled, id) as the project cards do, and one over the small skipped index. */
export function countDashboardTasks(db: Db, project: number): TaskTotalsRow {
  const all = statement(
    db,
    'SELECT count(*) AS tasks, coalesce(sum(is_labeled), 0) AS labeled FROM tasks WHERE project = ?',
  ).get(project) as { tasks: number; labeled: number };
  // The condition is the partial index tasks_project_skipped's, word for word, so the index serves it.
  const skipped = statement(
    db,
    `SELECT count(*) AS skipped, coalesce(sum(is_labeled), 0) AS skipped_labeled FROM tasks
     WHERE project = ? AND cancelled_annotations > 0 AND total_annotations = 0`,
  ).get(project) as { skipped: number; skipped_labeled: number };
  return { ...all, ...skipped };
}

/** The first and last quarter hour with an annotation of known time, or nulls when there is none. */
export function findActivityBounds(db: Db, project: number): { first: number | null; last: number | null } {
  return statement(
    db,
    'SELECT min(bucket) AS first, max(bucket) AS last FROM annotation_activity WHERE project = ? AND bucket >= 0',
  ).get(project) as { first: number | null; last: number | null };
}

/** Submitted and skipped annotations per quarter hour, all annotators together, in bucket order. */
export function listBucketActivity(db: Db, project: number, from: number, to: number): BucketActivityRow[] {
  return statement(
    db,
    `SELECT bucket, sum(submitted) AS submitted, sum(skipped) AS skipped FROM annotation_activity
     WHERE project = ? AND bucket >= ? AND bucket < ? GROUP BY bucket ORDER BY bucket`,
  ).all(project, from, to) as BucketActivityRow[];
}

/** Per annotator, with the user's name and email (null for an unknown author), most submitted first. */
export function listAnnotatorActivity(db: Db, project: number, from: number, to: number): AnnotatorActivityRow[] {
  return statement(
    db,
    `SELECT s.completed_by, u.email, u.first_name, u.last_name, s.submitted, s.skipped
     FROM (SELECT completed_by, sum(submitted) AS submitted, sum(skipped) AS skipped FROM annotation_activity
       WHERE project = ? AND bucket >= ? AND bucket < ? GROUP BY completed_by) AS s
     LEFT JOIN users u ON u.id = s.completed_by
     ORDER BY s.submitted DESC, s.skipped DESC, u.email, s.completed_by`,
  ).all(project, from, to) as AnnotatorActivityRow[];
}

/** Labels of submitted annotations per control (`from_name`). */
export function listLabelCounts(db: Db, project: number, from: number, to: number): LabelCountRow[] {
  return statement(
    db,
    `SELECT from_name, label, sum(count) AS count FROM annotation_label_activity
     WHERE project = ? AND bucket >= ? AND bucket < ? GROUP BY from_name, label HAVING sum(count) > 0`,
  ).all(project, from, to) as LabelCountRow[];
}
