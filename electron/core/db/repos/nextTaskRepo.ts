import type { Db } from '../open.js';
import { candidateStatements, type StreamCandidates } from './streamCandidates.js';

export { EVERY_TASK, type StreamCandidates } from './streamCandidates.js';

/** Who asks, in which project, at what time, under which skip_queue policy, among which tasks. */
export interface StreamScope {
  project: number;
  user: number;
  now: string;
  skipQueue: string;
  /** Keep only overlap > 1 (1), only overlap = 1 (0), or any (null): show_overlap_first. */
  overlapAbove1: number | null;
  /** The Data Manager view's (or query's) tasks and order; EVERY_TASK by id without one. */
  candidates: StreamCandidates;
  /** Tasks treated as unavailable at every step (the page's lookahead past the task on screen). */
  exclude: readonly number[];
}

/**
 * The tasks a stream may pick from: the project's, within the candidates, not excluded. The
 * excluded ids go in as one JSON list, so the statement stays the same whatever their number.
 */
const CANDIDATE = `t.project = @project AND {candidates}
  AND t.id NOT IN (SELECT value FROM json_each(@exclude))`;

/**
 * Tasks still open to the user (Label Studio's `get_not_solved_tasks_qs`): not labeled, not
 * annotated (or skipped) by them, not postponed by them.
 */
const NOT_SOLVED = `
  ${CANDIDATE} AND t.is_labeled = 0
  AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.task = t.id AND a.completed_by = @user)
  AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.task = t.id AND d.user = @user AND d.was_postponed = 1)
  AND (@overlapAbove1 IS NULL OR (t.overlap > 1) = @overlapAbove1)`;

/**
 * Task.has_lock(user) negated: other users' live locks plus the annotations that count (not
 * ground truth, and skips counted per skip_queue) stay below the task's overlap.
 */
const UNLOCKED = `(
  (SELECT count(*) FROM task_locks l WHERE l.task = t.id AND l.user <> @user AND l.expire_at > @now)
  + (SELECT count(*) FROM annotations a WHERE a.task = t.id AND a.ground_truth = 0 AND NOT (
      CASE @skipQueue
        WHEN 'REQUEUE_FOR_ME' THEN a.was_cancelled = 1 AND a.completed_by IS @user
        WHEN 'REQUEUE_FOR_OTHERS' THEN a.was_cancelled = 1 AND a.completed_by IS NOT @user
        ELSE 0
      END))
  ) < t.overlap`;

const HAS_GROUND_TRUTH = 'EXISTS (SELECT 1 FROM annotations g WHERE g.task = t.id AND g.ground_truth = 1)';

/** The first row's id of the stream's SQL `template`, or undefined; `extra` adds named values. */
function firstId(db: Db, scope: StreamScope, template: string, extra: Record<string, unknown> = {}) {
  const named = {
    project: scope.project,
    user: scope.user,
    now: scope.now,
    skipQueue: scope.skipQueue,
    overlapAbove1: scope.overlapAbove1,
    exclude: JSON.stringify(scope.exclude),
    ...extra,
  };
  for (const { statement, params } of candidateStatements(db, template, scope.candidates)) {
    const row = statement.get(...params, named) as { id: number } | undefined;
    if (row) return row.id;
  }
  return undefined;
}

export function hasOpenTaskWithOverlapAbove1(db: Db, scope: StreamScope): boolean {
  const anyOverlap = { ...scope, overlapAbove1: null };
  return (
    firstId(db, anyOverlap, `SELECT t.id FROM tasks t WHERE ${NOT_SOLVED} AND t.overlap > 1 LIMIT 1`) !== undefined
  );
}

/** An open task the user already holds a live lock on (Task.get_locked_by), first in the stream's order. */
export function findLockedOpenTask(db: Db, scope: StreamScope): number | undefined {
  return firstId(
    db,
    scope,
    // From the user's locks (a few rows), not from the tasks: a scan of the project's tasks for
    // a lock costs tens of milliseconds at 100k tasks, on every ask of the stream.
    `SELECT t.id FROM tasks t
     WHERE t.id IN (SELECT l.task FROM task_locks l WHERE l.user = @user AND l.expire_at > @now) AND ${NOT_SOLVED}
     ORDER BY {order} LIMIT 1`,
  );
}

/**
 * The first (in the stream's order) or a random open, unlocked task, optionally only among
 * tasks with ground truth.
 */
export function pickOpenTask(
  db: Db,
  scope: StreamScope,
  options: { random: boolean; groundTruthOnly: boolean },
): number | undefined {
  const order = options.random ? 'random()' : '{order}';
  const groundTruth = options.groundTruthOnly ? `AND ${HAS_GROUND_TRUTH}` : '';
  return firstId(
    db,
    scope,
    `SELECT t.id FROM tasks t WHERE ${NOT_SOLVED} AND ${UNLOCKED} ${groundTruth} ORDER BY ${order} LIMIT 1`,
  );
}

/**
 * `_try_breadth_first`: among open tasks, those with the most annotations by other users (when
 * that is more than zero), one at random that is not locked.
 */
export function pickBreadthFirstTask(db: Db, scope: StreamScope): number | undefined {
  const others = '(SELECT count(*) FROM annotations o WHERE o.task = t.id AND o.completed_by IS NOT @user)';
  return firstId(
    db,
    scope,
    `WITH open AS (SELECT t.id, ${others} AS done FROM tasks t WHERE ${NOT_SOLVED}),
          best AS (SELECT max(done) AS done FROM open)
     SELECT t.id FROM tasks t JOIN open ON open.id = t.id, best
     WHERE best.done > 0 AND open.done = best.done AND ${UNLOCKED}
     ORDER BY random() LIMIT 1`,
  );
}

/**
 * Uncertainty sampling: open, unlocked tasks with a prediction of the project's model version,
 * lowest score first (Label Studio also weighs clusters the user solved; Outpost has no clusters).
 */
export function pickUncertainTask(db: Db, scope: StreamScope, modelVersion: string): number | undefined | null {
  const withPrediction = firstId(
    db,
    scope,
    `SELECT t.id FROM tasks t WHERE ${NOT_SOLVED}
       AND EXISTS (SELECT 1 FROM predictions p WHERE p.task = t.id AND p.model_version = @modelVersion) LIMIT 1`,
    { modelVersion },
  );
  if (withPrediction === undefined) return null;
  return firstId(
    db,
    scope,
    `SELECT t.id FROM tasks t WHERE ${NOT_SOLVED} AND ${UNLOCKED}
       AND EXISTS (SELECT 1 FROM predictions p WHERE p.task = t.id AND p.model_version = @modelVersion)
     ORDER BY (SELECT min(p.score) FROM predictions p WHERE p.task = t.id AND p.model_version = @modelVersion), t.id
     LIMIT 1`,
    { modelVersion },
  );
}

/**
 * `postponed_queue`: the user's postponed drafts on unlabeled tasks among the candidates, oldest
 * update first.
 */
export function findPostponedTask(db: Db, scope: StreamScope): number | undefined {
  return firstId(
    db,
    scope,
    `SELECT d.task AS id FROM drafts d JOIN tasks t ON t.id = d.task
     WHERE d.user = @user AND d.was_postponed = 1 AND ${CANDIDATE} AND t.is_labeled = 0
     ORDER BY d.updated_at, d.id LIMIT 1`,
  );
}

/** `skipped_queue` (REQUEUE_FOR_ME): the user's skips on unlabeled tasks among the candidates, oldest update first. */
export function findSkippedTask(db: Db, scope: StreamScope): number | undefined {
  return firstId(
    db,
    scope,
    `SELECT a.task AS id FROM annotations a JOIN tasks t ON t.id = a.task
     WHERE a.completed_by = @user AND a.was_cancelled = 1 AND ${CANDIDATE} AND t.is_labeled = 0
     ORDER BY a.updated_at, a.id LIMIT 1`,
  );
}
