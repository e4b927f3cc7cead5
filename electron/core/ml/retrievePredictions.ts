import type { RetrievePredictionsAnswer } from '../../../shared/api/ml.js';
import type { Db } from '../db/open.js';
import {
  hasMlBackendTitled,
  listMlBackendsOfProject,
  listTasksWithoutPredictions,
  type MlBackendRow,
} from '../db/repos/mlBackendsRepo.js';
import { findProjectById, type ProjectRow } from '../db/repos/projectsRepo.js';
import { findTaskById } from '../db/repos/tasksRepo.js';
import type { MlDeps } from './mlDeps.js';
import { inProjectQueue, startPredictionJob } from './predictionJobs.js';
import { predictTasks, type PredictOutcome } from './predictTasks.js';

/*
 * Where predictions are asked for (data_manager.functions.evaluate_predictions): the Data
 * Manager's "Retrieve Predictions" action, a task opened without predictions, a page of the task
 * list when the project evaluates automatically, and the label stream when the project's model
 * version is a backend's title. Each goes to the project's backend (Label Studio's
 * `project.ml_backend`: the first one; Outpost prefers one that is not interactive).
 */

/** After a backend could not be reached, automatic calls leave it alone this long (offline task opening stays fast). */
const UNREACHABLE_PAUSE_MS = 30_000;
const pausedUntil = new WeakMap<Db, Map<number, number>>();

function pauses(db: Db): Map<number, number> {
  let map = pausedUntil.get(db);
  if (!map) pausedUntil.set(db, (map = new Map()));
  return map;
}

export function projectBackend(db: Db, project: number): MlBackendRow | undefined {
  const backends = listMlBackendsOfProject(db, project);
  return backends.find((backend) => backend.is_interactive === 0) ?? backends[0];
}

function remember(deps: MlDeps, outcome: PredictOutcome): void {
  if (outcome.backend.state === 'DI')
    pauses(deps.db).set(outcome.backend.id, deps.clock().getTime() + UNREACHABLE_PAUSE_MS);
  else pauses(deps.db).delete(outcome.backend.id);
}

function describe(outcome: PredictOutcome): string {
  if (outcome.notReady !== null) return `No predictions: ${outcome.notReady}`;
  const parts = [`Retrieved ${outcome.created} predictions`];
  if (outcome.skipped > 0) {
    parts.push(`${outcome.skipped} tasks already had predictions of model version ${outcome.modelVersion}`);
  }
  if (outcome.failures.length > 0) parts.push(`${outcome.failures.length} tasks failed: ${outcome.failures[0]!.error}`);
  if (outcome.cancelled) parts.push('stopped on request');
  return parts.join('; ');
}

/**
 * `POST /api/dm/actions?id=retrieve_tasks_predictions`: Label Studio's answer (`processed_items`,
 * `detail`), plus what happened to each task that did not get a prediction. The run shows its
 * progress at /api/outpost/ml/jobs while this request waits, and can be cancelled there.
 */
export async function retrievePredictionsAction(
  deps: MlDeps,
  project: number,
  taskIds: readonly number[],
): Promise<RetrievePredictionsAnswer> {
  const backend = projectBackend(deps.db, project);
  if (!backend) {
    return {
      processed_items: taskIds.length,
      detail: 'No predictions: this project has no ML backend. Connect one in the project settings (Model).',
      created: 0,
      errors: [],
    };
  }
  return inProjectQueue(deps.db, project, async () => {
    const run = startPredictionJob(deps.db, project, backend.id, taskIds.length, deps.clock());
    try {
      const outcome = await predictTasks(deps, backend, taskIds, {
        signal: run.signal,
        onProgress: (progress) =>
          run.progress({ ...progress, done: progress.done + (taskIds.length - progress.total) }),
      });
      remember(deps, outcome);
      run.progress({
        done: taskIds.length,
        total: taskIds.length,
        created: outcome.created,
        failed: outcome.failures.length,
      });
      const failed = outcome.notReady !== null || (outcome.created === 0 && outcome.failures.length > 0);
      run.finish(
        outcome.cancelled ? 'cancelled' : failed ? 'failed' : 'completed',
        outcome.notReady ?? outcome.failures[0]?.error,
      );
      return {
        processed_items: taskIds.length,
        detail: describe(outcome),
        job: run.job.id,
        created: outcome.created,
        skipped: outcome.skipped,
        cancelled: outcome.cancelled,
        errors: outcome.failures.slice(0, 100),
      };
    } catch (error) {
      run.finish('failed', (error as Error).message);
      throw error;
    }
  });
}

/**
 * Asks the model for the tasks that have no prediction yet; never fails the request that
 * triggered it. Returns how many predictions were stored.
 */
async function predictQuietly(deps: MlDeps, project: ProjectRow, taskIds: readonly number[]): Promise<number> {
  const backend = projectBackend(deps.db, project.id);
  if (!backend || isPaused(deps, backend.id)) return 0;
  return inProjectQueue(deps.db, project.id, async () => {
    const pending = listTasksWithoutPredictions(deps.db, taskIds);
    if (pending.length === 0) return 0;
    const outcome = await predictTasks(deps, backend, pending);
    remember(deps, outcome);
    return outcome.created;
  }).catch(() => 0);
}

function isPaused(deps: MlDeps, backendId: number): boolean {
  const until = pauses(deps.db).get(backendId);
  return until !== undefined && until > deps.clock().getTime();
}

/** `GET /api/tasks/{id}/`: a task opened without predictions gets them first, when the project shows them. */
export async function predictOpenedTask(deps: MlDeps, taskId: number): Promise<void> {
  const task = findTaskById(deps.db, taskId);
  const project = task && findProjectById(deps.db, task.project);
  if (!project || (project.evaluate_predictions_automatically === 0 && project.show_collab_predictions === 0)) return;
  await predictQuietly(deps, project, [taskId]);
}

/**
 * A Data Manager page of a project that evaluates predictions automatically: its tasks without
 * predictions get them. True when any were stored (the page is then read again).
 */
export async function predictListedTasks(
  deps: MlDeps,
  projectId: number,
  taskIds: readonly number[],
): Promise<boolean> {
  const project = findProjectById(deps.db, projectId);
  if (!project || project.evaluate_predictions_automatically === 0 || taskIds.length === 0) return false;
  return (await predictQuietly(deps, project, taskIds)) > 0;
}

/**
 * The label stream (`get_predictions_for_prelabeling`): when the project's model version is a
 * backend's title, the next task gets a prediction of that backend's current version first.
 * True when one was stored.
 */
export async function predictNextTask(deps: MlDeps, projectId: number, taskId: number): Promise<boolean> {
  const project = findProjectById(deps.db, projectId);
  if (!project || project.show_collab_predictions === 0 || !project.model_version) return false;
  if (!hasMlBackendTitled(deps.db, projectId, project.model_version)) return false;
  const backend = projectBackend(deps.db, projectId);
  if (!backend || isPaused(deps, backend.id)) return false;
  return inProjectQueue(deps.db, projectId, async () => {
    const outcome = await predictTasks(deps, backend, [taskId]);
    remember(deps, outcome);
    return outcome.created > 0;
  }).catch(() => false);
}
