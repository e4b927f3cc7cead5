import { listTasksWithModelVersion, type MlBackendRow } from '../db/repos/mlBackendsRepo.js';
import type { ProjectRow } from '../db/repos/projectsRepo.js';
import type { ParsedLabelConfig } from '../../../shared/label-config/index.js';
import { changeMlBackend } from '../domain/ml/mlBackends.js';
import { storeModelPredictions, tasksForModel } from '../domain/ml/modelPredictions.js';
import {
  connectionOf,
  isNotReady,
  modelServerFor,
  projectUid,
  refreshBackendState,
  requireProject,
} from './mlConnection.js';
import type { MlDeps } from './mlDeps.js';
import type { ModelServer } from './modelServer.js';
import { readModelAnswer, type TaskFailure } from './readModelAnswer.js';

/*
 * MLBackend.predict_tasks: the backend's state is refreshed first (health, setup), tasks that
 * already hold a prediction of the current model version are left alone, and the rest go to the
 * model in batches. Each batch's predictions are stored as it comes back, so a cancel or a failure
 * keeps what was done. While it runs the backend shows Predicting; a failing server leaves it in
 * Error with the reason.
 */

export const DEFAULT_BATCH_SIZE = 25;

export interface PredictProgress {
  done: number;
  total: number;
  created: number;
  failed: number;
}

export interface PredictOptions {
  signal?: AbortSignal;
  batchSize?: number;
  onProgress?: (progress: PredictProgress) => void;
}

export interface PredictOutcome {
  backend: MlBackendRow;
  modelVersion: string | null;
  /** Tasks sent to the model (those without a prediction of the current version). */
  total: number;
  skipped: number;
  created: number;
  failures: TaskFailure[];
  cancelled: boolean;
  /** Set when the backend could not be used at all (Disconnected or Error after the refresh). */
  notReady: string | null;
}

interface BatchContext {
  deps: MlDeps;
  project: ProjectRow;
  config: ParsedLabelConfig;
  server: ModelServer;
  defaultVersion: string;
  signal?: AbortSignal;
}

type BatchResult = { created: number; failures: TaskFailure[]; serverError: string | null; unreachable: boolean };

async function predictBatch(context: BatchContext, taskIds: readonly number[]): Promise<BatchResult> {
  const { deps, project } = context;
  const tasks = tasksForModel(deps, project, taskIds);
  const ids = tasks.map((task) => task.id as number);
  if (ids.length === 0) return { created: 0, failures: [], serverError: null, unreachable: false };
  const answer = await context.server.predict(
    {
      tasks,
      project: projectUid(project),
      label_config: project.label_config,
      params: { login: project.task_data_login, password: project.task_data_password, context: null },
    },
    context.signal,
  );
  const failAll = (error: string, unreachable = false): BatchResult => ({
    created: 0,
    failures: ids.map((task) => ({ task, error })),
    serverError: error,
    unreachable,
  });
  if (!answer.ok && answer.waiting) return { ...failAll(answer.error), serverError: null };
  if (!answer.ok) return failAll(answer.error, answer.status === 0);
  const read = readModelAnswer(context.config, ids, answer.body, context.defaultVersion);
  if (read.kind === 'unusable') return failAll(read.error);
  if (read.kind === 'one-at-a-time') {
    // Label Studio's fallback for servers that answer one task per call.
    const merged: BatchResult = { created: 0, failures: [], serverError: null, unreachable: false };
    for (const id of ids) {
      if (context.signal?.aborted) break;
      const single = await predictBatch(context, [id]);
      merged.created += single.created;
      merged.failures.push(...single.failures);
      merged.serverError ??= single.serverError;
      if (single.unreachable) return { ...merged, unreachable: true };
    }
    return merged;
  }
  const created = storeModelPredictions(deps, project, read.predictions, deps.userId);
  // Predictions that do not fit the config are the model's fault too: the backend shows why.
  const misfit = read.failures[0];
  const serverError = misfit
    ? `${read.failures.length} of the model's predictions were refused. ${misfit.error}`
    : null;
  return { created, failures: read.failures, serverError, unreachable: false };
}

export async function predictTasks(
  deps: MlDeps,
  backend: MlBackendRow,
  taskIds: readonly number[],
  options: PredictOptions = {},
): Promise<PredictOutcome> {
  const refreshed = await refreshBackendState(deps, backend);
  const modelVersion = refreshed.model_version;
  const outcome: PredictOutcome = {
    backend: refreshed,
    modelVersion,
    total: 0,
    skipped: 0,
    created: 0,
    failures: [],
    cancelled: false,
    notReady: null,
  };
  if (isNotReady(refreshed)) {
    outcome.notReady =
      refreshed.error_message ?? `The model server is ${refreshed.state === 'DI' ? 'disconnected' : 'in error'}.`;
    return outcome;
  }
  const already = modelVersion ? listTasksWithModelVersion(deps.db, taskIds, modelVersion) : new Set<number>();
  const pending = taskIds.filter((id) => !already.has(id));
  outcome.skipped = taskIds.length - pending.length;
  outcome.total = pending.length;
  if (pending.length === 0) return outcome;

  const project = requireProject(deps, refreshed.project);
  const context: BatchContext = {
    deps,
    project,
    config: JSON.parse(project.parsed_label_config) as ParsedLabelConfig,
    server: modelServerFor(deps, connectionOf(deps, refreshed)),
    defaultVersion: modelVersion ?? '',
    signal: options.signal,
  };
  changeMlBackend(deps, refreshed.id, { state: 'PR' });
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  let lastServerError: string | null = null;
  let done = 0;
  for (let start = 0; start < pending.length; start += batchSize) {
    if (options.signal?.aborted) {
      outcome.cancelled = true;
      break;
    }
    const batch = pending.slice(start, start + batchSize);
    const result = await predictBatch(context, batch);
    if (options.signal?.aborted && result.unreachable) {
      outcome.cancelled = true;
      break;
    }
    outcome.created += result.created;
    outcome.failures.push(...result.failures);
    lastServerError = result.serverError ?? lastServerError;
    done += batch.length;
    options.onProgress?.({ done, total: pending.length, created: outcome.created, failed: outcome.failures.length });
    if (result.unreachable) {
      // A server that stopped answering would fail every later batch the same way, slowly.
      const rest = pending.slice(start + batchSize);
      const error = `Not sent: the model server stopped answering (${result.serverError}).`;
      outcome.failures.push(...rest.map((task) => ({ task, error })));
      break;
    }
  }
  outcome.backend = changeMlBackend(
    deps,
    refreshed.id,
    lastServerError === null ? { state: 'CO', error_message: null } : { state: 'ER', error_message: lastServerError },
  );
  return outcome;
}
