import { insertPredictionRow } from '../../db/repos/predictionsRepo.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { refreshTaskCounters, touchTask } from '../../db/repos/taskCountersRepo.js';
import { findTaskById, type TaskRow } from '../../db/repos/tasksRepo.js';
import type { ParsedLabelConfig } from '../../../../shared/label-config/index.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { prepareResult } from '../predictions/prepareResult.js';
import { serializeSimpleTasks } from '../tasks/serializeTask.js';
import { resolveCachedMedia } from '../tasks/cachedMedia.js';

/** One prediction a model made for a task, already checked against the project's config. */
export interface ModelPrediction {
  task: number;
  result: unknown[];
  score: number | null;
  model_version: string;
}

/**
 * Stores what a model predicted, all of it or none: each task's counters move and the task is
 * bumped, updated by `updatedBy` when a user's request asked (Prediction.save). Tasks deleted
 * meanwhile are passed over. Returns how many predictions were stored.
 */
export function storeModelPredictions(
  ctx: DomainContext,
  project: ProjectRow,
  predictions: readonly ModelPrediction[],
  updatedBy: number | null = null,
): number {
  if (predictions.length === 0) return 0;
  const config = JSON.parse(project.parsed_label_config) as ParsedLabelConfig;
  const now = formatTimestamp(ctx.clock());
  return ctx.db.transaction(() => {
    const touched = new Set<number>();
    let stored = 0;
    for (const prediction of predictions) {
      const task = findTaskById(ctx.db, prediction.task);
      if (!task || task.project !== project.id) continue;
      insertPredictionRow(ctx.db, {
        task: prediction.task,
        project: project.id,
        result: JSON.stringify(prepareResult(prediction.result, config)),
        score: prediction.score,
        model_version: prediction.model_version,
        created_at: now,
        updated_at: now,
      });
      touched.add(prediction.task);
      stored += 1;
    }
    for (const task of touched) {
      refreshTaskCounters(ctx.db, task);
      touchTask(ctx.db, task, now, updatedBy);
    }
    return stored;
  })();
}

/**
 * Tasks as a model server receives them (TaskSimpleSerializer: data, annotations, predictions).
 * Media a sync cached here are named by their local copies, which a model can fetch from this
 * server, instead of the remote's paths. Unknown ids are left out.
 */
export function tasksForModel(
  ctx: DomainContext,
  project: ProjectRow,
  taskIds: readonly number[],
): Record<string, unknown>[] {
  const rows = taskIds
    .map((id) => findTaskById(ctx.db, id))
    .filter((row): row is TaskRow => row?.project === project.id);
  const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
  const tasks = serializeSimpleTasks(ctx.db, rows, dataTypes, ctx.clock());
  resolveCachedMedia(ctx.db, tasks);
  return tasks;
}
