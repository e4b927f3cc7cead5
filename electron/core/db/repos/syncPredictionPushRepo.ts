import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * What pushing predictions made here reads (migration 0009): which predictions of a mirrored
 * project are local (no remote_predictions row), which are queued (a pending prediction_create),
 * and the queued ones a pull must recognize when they come back from the remote.
 */

/** One prediction of a project with its sync state. */
export interface PredictionPushState {
  id: number;
  task: number;
  model_version: string;
  /** 1 when its result is a list of regions: anything else cannot be posted to Label Studio. */
  is_list: number;
  /** 1 when it has a remote twin (pulled from there, or pushed earlier). */
  on_remote: number;
  /** 1 when a prediction_create for it is pending. */
  queued: number;
}

export interface PredictionPushFilter {
  /** Only this model version ('' is the empty version); null: any. */
  modelVersion: string | null;
  /** Only these local tasks; null: every task of the project. */
  tasks: readonly number[] | null;
}

/** The predictions of a project's tasks, with their sync state, by task then id. */
export function listPredictionPushStates(db: Db, project: number, filter: PredictionPushFilter): PredictionPushState[] {
  return statement(
    db,
    `SELECT p.id, p.task, p.model_version, coalesce(json_type(p.result) = 'array', 0) AS is_list,
       EXISTS (SELECT 1 FROM remote_predictions rp WHERE rp.prediction = p.id) AS on_remote,
       EXISTS (SELECT 1 FROM sync_outbox o
               WHERE o.prediction = p.id AND o.kind = 'prediction_create' AND o.done_at IS NULL) AS queued
     FROM predictions p JOIN tasks t ON t.id = p.task
     WHERE t.project = @project AND (@version IS NULL OR p.model_version = @version)
       AND (@tasks IS NULL OR p.task IN (SELECT value FROM json_each(@tasks)))
     ORDER BY p.task, p.id`,
  ).all({
    project,
    version: filter.modelVersion,
    tasks: filter.tasks === null ? null : JSON.stringify(filter.tasks),
  }) as PredictionPushState[];
}

/** Which of the given ids are tasks of the project. */
export function listTasksOfProjectAmong(db: Db, project: number, taskIds: readonly number[]): number[] {
  return statement(db, 'SELECT id FROM tasks WHERE project = ? AND id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(project, JSON.stringify(taskIds)) as number[];
}

/** The remote twin of a local prediction, if it has one. */
export function findRemotePredictionId(db: Db, prediction: number): number | undefined {
  return statement(db, 'SELECT remote_prediction_id FROM remote_predictions WHERE prediction = ?')
    .pluck()
    .get(prediction) as number | undefined;
}

/** A queued push whose request went out at least once (so it may have landed), with its prediction. */
export interface UncertainPredictionPush {
  outbox: number;
  prediction: number;
  result: string;
  model_version: string;
}

/** Those of a task, oldest first, whose prediction is still here and has no remote twin yet. */
export function listUncertainPredictionPushes(db: Db, remote: number, task: number): UncertainPredictionPush[] {
  return statement(
    db,
    `SELECT o.id AS outbox, p.id AS prediction, p.result, p.model_version
     FROM sync_outbox o JOIN predictions p ON p.id = o.prediction
     WHERE o.remote = ? AND p.task = ? AND o.kind = 'prediction_create' AND o.done_at IS NULL AND o.attempts > 0
       AND NOT EXISTS (SELECT 1 FROM remote_predictions rp WHERE rp.prediction = p.id)
     ORDER BY o.id`,
  ).all(remote, task) as UncertainPredictionPush[];
}
