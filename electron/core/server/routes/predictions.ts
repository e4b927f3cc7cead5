import type { Context, Hono } from 'hono';
import { predictionWriteSchema } from '../../domain/predictions/predictionFields.js';
import { createPrediction, deletePrediction, updatePrediction } from '../../domain/predictions/predictionWrites.js';
import { getPrediction, listPredictions, parsePredictionFilter } from '../../domain/predictions/readPredictions.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

const NO_PREDICTION = 'No Prediction matches the given query.';

async function handleUpdate(c: Context<AppEnv>, partial: boolean): Promise<Response> {
  const id = pathId(c, 'id', NO_PREDICTION);
  const deps = c.get('deps');
  const input = parseWith(predictionWriteSchema(deps.db, { partial }), await readObjectBody(c));
  return c.json(updatePrediction(deps, c.get('userId'), id, input));
}

/** Predictions: a ModelViewSet with bare-array lists (docs/label-studio-compatibility.md#predictions). */
export function predictionRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/predictions', {
    get: (c) => {
      const deps = c.get('deps');
      return c.json(listPredictions(deps, parsePredictionFilter(deps, lastQueryValues(c))));
    },
    post: async (c) => {
      const deps = c.get('deps');
      const input = parseWith(predictionWriteSchema(deps.db, { partial: false }), await readObjectBody(c));
      return c.json(createPrediction(deps, c.get('userId'), input), 201);
    },
  });
  defineRoute(app, '/api/predictions/:id{[0-9]+}', {
    get: (c) => c.json(getPrediction(c.get('deps'), pathId(c, 'id', NO_PREDICTION))),
    patch: (c) => handleUpdate(c, true),
    put: (c) => handleUpdate(c, false),
    delete: (c) => {
      deletePrediction(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_PREDICTION));
      return c.body(null, 204);
    },
  });
}
