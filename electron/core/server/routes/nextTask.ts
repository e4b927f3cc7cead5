import type { Hono } from 'hono';
import { getNextTask, prelabelingPredictionsOfTask } from '../../domain/tasks/getNextTask.js';
import { predictNextTask } from '../../ml/retrievePredictions.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { mlDeps } from './ml.js';
import { NO_PROJECT, pathId } from './pathIds.js';

/** The label stream (docs/label-studio-compatibility.md#label-stream). */
export function nextTaskRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/next', {
    get: async (c) => {
      const projectId = pathId(c, 'id', NO_PROJECT);
      const next = getNextTask(c.get('deps'), c.get('userId'), projectId);
      // When the project's model version is a live model, the task gets that model's prediction first.
      if (typeof next.id === 'number' && (await predictNextTask(mlDeps(c), projectId, next.id))) {
        return c.json({ ...next, predictions: prelabelingPredictionsOfTask(c.get('deps'), projectId, next.id) });
      }
      return c.json(next);
    },
  });
}
