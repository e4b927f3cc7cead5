import type { Context, Hono } from 'hono';
import { getNextTask, prelabelingPredictionsOfTask } from '../../domain/tasks/getNextTask.js';
import type { NextTaskRequest } from '../../domain/tasks/streamSelection.js';
import { ValidationError } from '../../domain/errors.js';
import { predictNextTask } from '../../ml/retrievePredictions.js';
import type { AppEnv } from '../appEnv.js';
import { parseQueryParameter } from '../queryParameter.js';
import { intFromRequest } from '../requestValues.js';
import { defineRoute } from '../route.js';
import { mlDeps } from './ml.js';
import { NO_PROJECT, pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

/** How many task ids `exclude` may name: enough for a page that preloads a few tasks ahead. */
const MAX_EXCLUDED = 100;

/** `exclude=12,15`: task ids, comma-separated; empty means none. */
function readExclude(raw: string | undefined): number[] {
  if (raw === undefined || raw === '') return [];
  const parts = raw.split(',');
  const fail = (message: string): never => {
    throw new ValidationError({ exclude: [message] });
  };
  if (parts.length > MAX_EXCLUDED) fail(`At most ${MAX_EXCLUDED} task ids can be excluded, got ${parts.length}.`);
  return parts.map((part) => {
    const id = /^\d{1,15}$/.test(part.trim()) ? Number(part.trim()) : Number.NaN;
    return Number.isSafeInteger(id) ? id : fail(`"${part}" is not a task id: expected task ids separated by commas.`);
  });
}

function readNextTaskRequest(c: Context<AppEnv>): NextTaskRequest {
  const query = lastQueryValues(c);
  return {
    view: intFromRequest('view', query.view, 0),
    query: query.query === undefined ? null : parseQueryParameter(query.query),
    exclude: readExclude(query.exclude),
  };
}

/** The label stream (docs/label-studio-compatibility.md#label-stream). */
export function nextTaskRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/next', {
    get: async (c) => {
      const projectId = pathId(c, 'id', NO_PROJECT);
      const next = getNextTask(c.get('deps'), c.get('userId'), projectId, () => readNextTaskRequest(c));
      // When the project's model version is a live model, the task gets that model's prediction first.
      if (typeof next.id === 'number' && (await predictNextTask(mlDeps(c), projectId, next.id))) {
        return c.json({ ...next, predictions: prelabelingPredictionsOfTask(c.get('deps'), projectId, next.id) });
      }
      return c.json(next);
    },
  });
}
