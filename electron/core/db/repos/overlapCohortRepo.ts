import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A task as the overlap cohort is chosen by: its finished work, and all its annotations. */
export interface CohortCandidate {
  id: number;
  /** Not skipped, with a result, and not ground truth: what counts towards a task's overlap. */
  finished: number;
  /** Every annotation, skipped and ground truth included: what orders the unfinished tasks. */
  annotations: number;
}

/** The project's tasks, most annotations first, ties by id (Label Studio's query gives them so). */
export function listCohortCandidates(db: Db, project: number): CohortCandidate[] {
  return statement(
    db,
    `SELECT t.id,
       (SELECT count(*) FROM annotations a
         WHERE a.task = t.id AND a.was_cancelled = 0 AND a.result <> 'null' AND a.ground_truth = 0) AS finished,
       (SELECT count(*) FROM annotations a WHERE a.task = t.id) AS annotations
     FROM tasks t WHERE t.project = ?
     ORDER BY annotations DESC, t.id`,
  ).all(project) as CohortCandidate[];
}

/** Sets the overlap of the given tasks. */
export function setTasksOverlap(db: Db, taskIds: readonly number[], overlap: number): void {
  if (taskIds.length === 0) return;
  statement(db, 'UPDATE tasks SET overlap = ? WHERE id IN (SELECT value FROM json_each(?)) AND overlap <> ?').run(
    overlap,
    JSON.stringify(taskIds),
    overlap,
  );
}
