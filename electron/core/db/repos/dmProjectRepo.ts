import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* Project-wide facts the Data Manager shows: data keys, model versions, members, counts. */

/** Where a data key first appears: the lowest task id and the lowest position within a task's data. */
export interface DataKeyFirstSeen {
  key: string;
  task: number;
  position: number;
}

/**
 * Top-level data keys of the project's tasks (Label Studio's ProjectSummary.all_data_columns),
 * with where each first appears. `afterId` limits the scan to newer tasks; a full scan reads every
 * task's JSON, so callers cache the result.
 */
export function listProjectDataKeys(db: Db, project: number, afterId = 0): DataKeyFirstSeen[] {
  return statement(
    db,
    `SELECT j.key AS key, min(t.id) AS task, min(j.id) AS position FROM tasks t, json_each(t.data) j
     WHERE t.project = ? AND t.id > ? AND json_type(t.data) = 'object'
     GROUP BY j.key`,
  ).all(project, afterId) as DataKeyFirstSeen[];
}

/** What tells whether a project's tasks were added, removed or had their data edited since a look. */
export interface TaskMarks {
  count: number;
  maxId: number;
  dataVersion: number;
  /** How many of the tasks have an id above `afterId`. */
  added: number;
}

export function readTaskMarks(db: Db, project: number, afterId: number): TaskMarks {
  return statement(
    db,
    `SELECT count(*) AS count, coalesce(max(id), 0) AS maxId,
            coalesce((SELECT version FROM task_data_versions WHERE project = @project), 0) AS dataVersion,
            (SELECT count(*) FROM tasks WHERE project = @project AND id > @afterId) AS added
     FROM tasks WHERE project = @project`,
  ).get({ project, afterId }) as TaskMarks;
}

/** Distinct model versions of the project's predictions, in order of first appearance. */
export function listProjectModelVersions(db: Db, project: number): string[] {
  return statement(
    db,
    // Driven from the predictions (by their project, or their task's when the project is unset):
    // joining from tasks would visit every task of a large project.
    `SELECT model_version FROM (
       SELECT id, model_version FROM predictions WHERE project = @project
       UNION ALL
       SELECT id, model_version FROM predictions
        WHERE project IS NULL AND (SELECT project FROM tasks WHERE id = predictions.task) = @project
     ) GROUP BY model_version ORDER BY min(id)`,
  )
    .pluck()
    .all({ project }) as string[];
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
        OR u.id IN (SELECT d.user FROM drafts d WHERE (SELECT project FROM tasks WHERE id = d.task) = ?)
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
