import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* Project-wide facts the Data Manager shows: data keys, model versions, members, counts. */

/**
 * Top-level data keys of the project's tasks in order of first appearance (Label Studio's
 * ProjectSummary.all_data_columns keys). A scan of every task: callers cache it.
 */
export function listProjectDataKeys(db: Db, project: number): string[] {
  return statement(
    db,
    `SELECT j.key FROM tasks t, json_each(t.data) j
     WHERE t.project = ? AND json_type(t.data) = 'object'
     GROUP BY j.key ORDER BY min(t.id), min(j.id)`,
  )
    .pluck()
    .all(project) as string[];
}

/** Distinct model versions of the project's predictions, in order of first appearance. */
export function listProjectModelVersions(db: Db, project: number): string[] {
  return statement(
    db,
    `SELECT p.model_version FROM predictions p JOIN tasks t ON t.id = p.task
     WHERE t.project = ? GROUP BY p.model_version ORDER BY min(p.id)`,
  )
    .pluck()
    .all(project) as string[];
}

/** Everyone in the (single) organization: local users and the authors sync brought in. */
export function listMemberIds(db: Db): number[] {
  return statement(db, 'SELECT id FROM users ORDER BY id').pluck().all() as number[];
}

export interface AnnotatorRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
}

/** Users with an annotation or a draft in the project (the "Delete Annotations" form's choices). */
export function listProjectAnnotators(db: Db, project: number): AnnotatorRow[] {
  return statement(
    db,
    `SELECT u.id, u.email, u.username, u.first_name, u.last_name FROM users u
     WHERE u.id IN (SELECT completed_by FROM annotations WHERE project = ?)
        OR u.id IN (SELECT d.user FROM drafts d JOIN tasks t ON t.id = d.task WHERE t.project = ?)
     ORDER BY u.id`,
  ).all(project, project) as AnnotatorRow[];
}

export function countProjectTasksAndAnnotations(db: Db, project: number): { tasks: number; annotations: number } {
  return statement(
    db,
    `SELECT (SELECT count(*) FROM tasks WHERE project = ?) AS tasks,
            (SELECT count(*) FROM annotations WHERE project = ?) AS annotations`,
  ).get(project, project) as { tasks: number; annotations: number };
}
