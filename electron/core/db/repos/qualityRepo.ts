import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The reads behind the agreement report: a project's annotations (skips included, so the caller
 * can tell them apart) and the people who wrote them. Agreement is computed from the results on
 * request, so these are plain scans of the project's annotations through its indexes.
 */

export interface QualityAnnotationRow {
  task: number;
  /** Null when the author was deleted or never recorded. */
  completed_by: number | null;
  /** The result JSON as stored. */
  result: string;
  ground_truth: number;
  was_cancelled: number;
}

export interface QualityUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** Every annotation of the project, task by task and in the order they were made within a task. */
export function listProjectAnnotationsForQuality(db: Db, project: number): QualityAnnotationRow[] {
  return statement(
    db,
    `SELECT task, completed_by, result, ground_truth, was_cancelled FROM annotations
     WHERE project = ? ORDER BY task, id`,
  ).all(project) as QualityAnnotationRow[];
}

/** The users who wrote at least one of the project's annotations. */
export function listProjectAnnotators(db: Db, project: number): QualityUserRow[] {
  return statement(
    db,
    `SELECT u.id, u.email, u.first_name, u.last_name FROM users u
     WHERE u.id IN (SELECT DISTINCT completed_by FROM annotations WHERE project = ?)
     ORDER BY u.id`,
  ).all(project) as QualityUserRow[];
}
