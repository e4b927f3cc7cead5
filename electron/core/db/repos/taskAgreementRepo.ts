import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The stored per-task agreement (tasks.agreement). The score itself is computed by the domain;
 * this reads what it needs and writes the answer.
 */

/** One annotation as the agreement needs it: who, what, and whether it was skipped. */
export interface AgreementAnnotationRow {
  completed_by: number | null;
  result: string;
  was_cancelled: number;
}

export interface AgreementInputs {
  labelConfig: string;
  annotations: AgreementAnnotationRow[];
}

/** A task's annotations and its project's label config; null when the task is gone. */
export function readAgreementInputs(db: Db, task: number): AgreementInputs | null {
  const project = statement(db, 'SELECT p.label_config FROM tasks t JOIN projects p ON p.id = t.project WHERE t.id = ?')
    .pluck()
    .get(task) as string | undefined;
  if (project === undefined) return null;
  const annotations = statement(
    db,
    'SELECT completed_by, result, was_cancelled FROM annotations WHERE task = ? ORDER BY id',
  ).all(task) as AgreementAnnotationRow[];
  return { labelConfig: project, annotations };
}

/** Writes the value only when it changed, so an unchanged task is not rewritten. */
export function writeTaskAgreement(db: Db, task: number, agreement: number | null): void {
  statement(db, 'UPDATE tasks SET agreement = ? WHERE id = ? AND agreement IS NOT ?').run(agreement, task, agreement);
}

/** A project's tasks that hold an agreement or have two annotators or more (whose score a config change can move). */
export function listProjectAgreementTasks(db: Db, project: number): number[] {
  return statement(
    db,
    `SELECT id FROM tasks WHERE project = ? AND agreement IS NOT NULL
     UNION
     SELECT task FROM annotations WHERE project = ? AND was_cancelled = 0
     GROUP BY task HAVING count(DISTINCT coalesce(completed_by, 0)) >= 2`,
  )
    .pluck()
    .all(project, project) as number[];
}

/** The next tasks queued by the migration that added the column, up to `limit`. */
export function listBackfillTasks(db: Db, limit: number): number[] {
  return statement(db, 'SELECT task FROM task_agreement_backfill ORDER BY task LIMIT ?').pluck().all(limit) as number[];
}

export function removeBackfillTask(db: Db, task: number): void {
  statement(db, 'DELETE FROM task_agreement_backfill WHERE task = ?').run(task);
}
