import type { Hono } from 'hono';
import { NotFoundError } from '../../domain/errors.js';
import { cancelPredictionJob, listPredictionJobs } from '../../ml/predictionJobs.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

const NO_JOB = 'No running prediction job matches the given query.';

/**
 * `/api/outpost/ml/jobs` (not part of Label Studio's API): the prediction runs of this process,
 * with their progress, so the Data Manager can show a bar and a Cancel button while its
 * "Retrieve Predictions" request waits.
 */
export function outpostMlRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/ml/jobs', {
    get: (c) => {
      const raw = lastQueryValues(c).project;
      const project = raw === undefined ? null : Number(raw);
      if (project !== null && !Number.isSafeInteger(project)) throw new NotFoundError('Not found.');
      return c.json(listPredictionJobs(c.get('deps').db, project));
    },
  });
  defineRoute(app, '/api/outpost/ml/jobs/:id{[0-9]+}/cancel', {
    post: (c) => {
      if (!cancelPredictionJob(c.get('deps').db, pathId(c, 'id', NO_JOB))) throw new NotFoundError(NO_JOB);
      return c.body(null, 204);
    },
  });
}
