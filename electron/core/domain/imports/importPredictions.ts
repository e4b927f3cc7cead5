import { insertImportedPrediction, isProjectTask } from '../../db/repos/importRepo.js';
import { refreshTaskCounters } from '../../db/repos/taskCountersRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { getProjectRow } from '../projects/getProject.js';
import { pythonStr, pythonTypeName } from '../pythonText.js';
import { importError } from './importContext.js';
import { preparePredictionResult, PredictionResultError, type ParsedConfig } from './preparePredictionResult.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toScore(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/**
 * `POST /api/projects/{id}/import/predictions`: predictions for existing tasks of the
 * project, all or none. An item naming a task outside the project fails the whole request with
 * Label Studio's message; a result that cannot be normalized does too.
 */
export function importPredictions(ctx: DomainContext, projectId: number, body: unknown): { created: number } {
  const project = getProjectRow(ctx, projectId);
  if (!Array.isArray(body)) {
    throw new ValidationError({
      non_field_errors: [`Expected a list of items but got type "${pythonTypeName(body)}".`],
    });
  }
  const config = JSON.parse(project.parsed_label_config) as ParsedConfig;
  const projectName = `${project.title ?? 'None'} (id=${project.id})`;
  const now = formatTimestamp(ctx.clock());
  return ctx.db.transaction(() => {
    const touched = new Set<number>();
    for (const item of body as unknown[]) {
      const task = isObject(item) ? item.task : undefined;
      if (typeof task !== 'number' || !Number.isSafeInteger(task) || !isProjectTask(ctx.db, project.id, task)) {
        throw importError(
          `${pythonStr(item)} contains invalid "task" field: corresponding task ID couldn't be retrieved from project ${projectName} tasks`,
        );
      }
      const prediction = item as Record<string, unknown>;
      let result: unknown;
      try {
        result = preparePredictionResult(prediction.result, config);
      } catch (error) {
        if (error instanceof PredictionResultError) throw importError(error.message);
        throw error;
      }
      const version = Object.hasOwn(prediction, 'model_version') ? prediction.model_version : 'undefined';
      insertImportedPrediction(ctx.db, {
        task,
        project: project.id,
        result: JSON.stringify(result),
        score: toScore(prediction.score),
        model_version: version === null || version === undefined ? 'undefined' : pythonStr(version),
        created_at: now,
      });
      touched.add(task);
    }
    for (const task of touched) refreshTaskCounters(ctx.db, task);
    return { created: body.length };
  })();
}
