import {
  deletePredictionRow,
  findPredictionById,
  insertPredictionRow,
  updatePredictionColumns,
  type PredictionColumns,
  type PredictionRow,
} from '../../db/repos/predictionsRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { refreshTaskCounters, touchTask } from '../../db/repos/taskCountersRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { PredictionInput } from './predictionFields.js';
import { prepareResult } from './prepareResult.js';
import { serializePrediction } from './serializePredictions.js';

export function getPredictionRow(ctx: DomainContext, predictionId: number): PredictionRow {
  const row = findPredictionById(ctx.db, predictionId);
  if (!row) throw new NotFoundError('No Prediction matches the given query.');
  return row;
}

/** The parsed config of the task's project, which normalizes non-list results. */
function parsedConfigOfTask(ctx: DomainContext, taskId: number) {
  const task = findTaskById(ctx.db, taskId);
  const project = task ? findProjectById(ctx.db, task.project) : undefined;
  return project
    ? (JSON.parse(project.parsed_label_config) as Record<string, { type: string; to_name: string[] }>)
    : {};
}

function toColumns(input: PredictionInput): Partial<PredictionColumns> {
  const columns: Partial<PredictionColumns> = {};
  if (input.score !== undefined) columns.score = input.score;
  if (input.model_version !== undefined) columns.model_version = input.model_version ?? '';
  if (input.cluster !== undefined) columns.cluster = input.cluster;
  if (input.neighbors !== undefined) columns.neighbors = JSON.stringify(input.neighbors);
  if (input.mislabeling !== undefined) columns.mislabeling = input.mislabeling ?? 0;
  if (input.model !== undefined) columns.model = input.model;
  if (input.model_run !== undefined) columns.model_run = input.model_run;
  if (input.task !== undefined) columns.task = input.task;
  if (input.project !== undefined) columns.project = input.project;
  return columns;
}

/** Prediction.save/delete: the task's total_predictions is recomputed and the task is bumped. */
function refreshTask(ctx: DomainContext, taskId: number, userId: number, now: string): void {
  refreshTaskCounters(ctx.db, taskId);
  touchTask(ctx.db, taskId, now, userId);
}

/**
 * `POST /api/predictions/` (docs/label-studio-compatibility.md#predictions): 201. The result is
 * normalized against the task's project config (prediction validation is off in Label Studio 1.22
 * CE); `model_version` defaults to the model's "", and `project` to the task's (Prediction.save
 * fills it in).
 */
export function createPrediction(ctx: DomainContext, userId: number, input: PredictionInput): Record<string, unknown> {
  const taskId = input.task!;
  const now = formatTimestamp(ctx.clock());
  const id = ctx.db.transaction(() => {
    const result = prepareResult(input.result === undefined ? {} : input.result, parsedConfigOfTask(ctx, taskId));
    const predictionId = insertPredictionRow(ctx.db, {
      model_version: '',
      project: findTaskById(ctx.db, taskId)?.project ?? null,
      ...toColumns(input),
      result: JSON.stringify(result),
      created_at: now,
      updated_at: now,
    });
    refreshTask(ctx, taskId, userId, now);
    return predictionId;
  })();
  return serializePrediction(findPredictionById(ctx.db, id)!, ctx.clock());
}

/**
 * `PATCH` / `PUT /api/predictions/{id}/`: the given fields change and the result is normalized
 * again (Prediction.save runs it on the stored result too). Moving a prediction to another task
 * refreshes both tasks.
 */
export function updatePrediction(
  ctx: DomainContext,
  userId: number,
  predictionId: number,
  input: PredictionInput,
): Record<string, unknown> {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const current = getPredictionRow(ctx, predictionId);
    const taskId = input.task ?? current.task;
    const raw = input.result !== undefined ? input.result : (JSON.parse(current.result) as unknown);
    const result = prepareResult(raw, parsedConfigOfTask(ctx, taskId));
    updatePredictionColumns(ctx.db, current.id, {
      ...(current.project === null ? { project: findTaskById(ctx.db, taskId)?.project ?? null } : {}),
      ...toColumns(input),
      result: JSON.stringify(result),
      updated_at: now,
    });
    refreshTask(ctx, taskId, userId, now);
    if (taskId !== current.task) refreshTask(ctx, current.task, userId, now);
  })();
  return serializePrediction(findPredictionById(ctx.db, predictionId)!, ctx.clock());
}

/** `DELETE /api/predictions/{id}/`: 204; the task loses one prediction and is bumped. */
export function deletePrediction(ctx: DomainContext, userId: number, predictionId: number): void {
  const now = formatTimestamp(ctx.clock());
  ctx.db.transaction(() => {
    const current = getPredictionRow(ctx, predictionId);
    deletePredictionRow(ctx.db, current.id);
    refreshTask(ctx, current.task, userId, now);
  })();
}
