import { listPredictionRows } from '../../db/repos/predictionsRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { parsePythonInt } from '../pythonText.js';
import { getPredictionRow } from './predictionWrites.js';
import { serializePrediction } from './serializePredictions.js';

export interface PredictionListFilter {
  task: number | null;
  /** The prediction's own `project` column (`?project=`). */
  project: number | null;
  /** The project of the prediction's task (`?task__project=`). */
  taskProject: number | null;
}

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

/**
 * django-filter's ModelChoiceFilter for `task`, `project` and `task__project`: an empty value
 * means no filter; anything that is not an existing id is a field error.
 */
export function parsePredictionFilter(
  ctx: DomainContext,
  query: { task?: string | undefined; project?: string | undefined; task__project?: string | undefined },
): PredictionListFilter {
  const errors: Record<string, string[]> = {};
  const read = (key: 'task' | 'project' | 'task__project', exists: (id: number) => boolean): number | null => {
    const raw = query[key];
    if (raw === undefined || raw === '') return null;
    const id = parsePythonInt(raw);
    if (id !== null && Number.isSafeInteger(Number(id)) && exists(Number(id))) return Number(id);
    errors[key] = [INVALID_CHOICE];
    return null;
  };
  const isProject = (id: number) => findProjectById(ctx.db, id) !== undefined;
  const filter = {
    task: read('task', (id) => findTaskById(ctx.db, id) !== undefined),
    project: read('project', isProject),
    taskProject: read('task__project', isProject),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return filter;
}

/** `GET /api/predictions/`: a bare array by id, filtered like django-filter's exact matches. */
export function listPredictions(ctx: DomainContext, filter: PredictionListFilter): Record<string, unknown>[] {
  const now = ctx.clock();
  return listPredictionRows(ctx.db, filter).map((row) => serializePrediction(row, now));
}

/** `GET /api/predictions/{id}/`. */
export function getPrediction(ctx: DomainContext, predictionId: number): Record<string, unknown> {
  return serializePrediction(getPredictionRow(ctx, predictionId), ctx.clock());
}
