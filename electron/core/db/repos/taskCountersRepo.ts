import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * A task's counters, recomputed from its rows so every write path ends exact (docs/label-studio-compatibility.md#task-counters):
 * total_annotations = not skipped; cancelled_annotations = skipped; is_labeled = the people
 * with a finished annotation >= overlap, where finished means not skipped with a non-null result,
 * or any annotation when the project ignores skipped tasks (Label Studio's
 * `completed_annotations`). People, not annotations, as Label Studio 1.22 counts them: one person
 * annotating a task twice does not give it a second annotator (authorless ones count as one).
 */
const COUNTERS = `
  total_annotations = (SELECT count(*) FROM annotations a WHERE a.task = tasks.id AND a.was_cancelled = 0),
  cancelled_annotations = (SELECT count(*) FROM annotations a WHERE a.task = tasks.id AND a.was_cancelled = 1),
  total_predictions = (SELECT count(*) FROM predictions p WHERE p.task = tasks.id),
  is_labeled = (
    SELECT count(DISTINCT coalesce(a.completed_by, 0)) FROM annotations a WHERE a.task = tasks.id AND (
      -- In this order, the project's row is read only for annotations that are not finished.
      (a.was_cancelled = 0 AND a.result <> 'null')
      OR (SELECT skip_queue FROM projects WHERE projects.id = tasks.project) = 'IGNORE_SKIPPED')
  ) >= tasks.overlap`;

export function refreshTaskCounters(db: Db, task: number): void {
  statement(db, `UPDATE tasks SET ${COUNTERS} WHERE id = ?`).run(task);
}

export function isTaskLabeled(db: Db, task: number): boolean {
  const row = statement(db, 'SELECT is_labeled FROM tasks WHERE id = ?').get(task) as
    { is_labeled: number } | undefined;
  return row?.is_labeled === 1;
}

/** For project-wide changes (skip_queue, overlap): one statement over the project's tasks. */
export function refreshProjectTaskCounters(db: Db, project: number): void {
  statement(db, `UPDATE tasks SET ${COUNTERS} WHERE project = ?`).run(project);
}

/** After a skip_queue change Label Studio refreshes only tasks that have a non-ground-truth annotation. */
export function refreshAnnotatedTaskCounters(db: Db, project: number): void {
  statement(
    db,
    `UPDATE tasks SET ${COUNTERS} WHERE project = ? AND EXISTS (SELECT 1 FROM annotations a WHERE a.task = tasks.id AND a.ground_truth = 0)`,
  ).run(project);
}

/**
 * What every write to a task's annotations or predictions ends with: its counters from its rows,
 * and Label Studio's `Annotation.update_task()` bump, in one statement. A null `updatedBy` keeps
 * the updater as it was.
 */
export function refreshAndTouchTask(db: Db, task: number, now: string, updatedBy: number | null): void {
  statement(db, `UPDATE tasks SET ${COUNTERS}, updated_at = ?, updated_by = coalesce(?, updated_by) WHERE id = ?`).run(
    now,
    updatedBy,
    task,
  );
}

/** Label Studio's `Annotation.update_task()`: saving or deleting an annotation or prediction bumps the task. */
export function touchTask(db: Db, task: number, now: string, updatedBy: number | null): void {
  statement(db, 'UPDATE tasks SET updated_at = ?, updated_by = coalesce(?, updated_by) WHERE id = ?').run(
    now,
    updatedBy,
    task,
  );
}

/** Sets the overlap of a project's tasks (only those above 1 when `onlyOverlapped`); returns the count. */
export function setProjectTaskOverlap(db: Db, project: number, overlap: number, onlyOverlapped: boolean): number {
  const sql = onlyOverlapped
    ? 'UPDATE tasks SET overlap = ? WHERE project = ? AND overlap > 1'
    : 'UPDATE tasks SET overlap = ? WHERE project = ?';
  return statement(db, sql).run(overlap, project).changes;
}
