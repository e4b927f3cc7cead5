import type { Hono } from 'hono';
import { z } from 'zod';
import { drfChar } from '../../domain/drfFields.js';
import { describePredictionPush, queuePredictionPush } from '../../domain/sync/queuePredictionPush.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const taskId = z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.');

/** Both filters optional: with neither, every local prediction of the project is chosen. */
const pushBody = z.object({
  model_version: drfChar({ allowBlank: true }).optional(),
  tasks: z.array(taskId, { error: 'Expected a list of items.' }).optional(),
});

/**
 * `/api/outpost/projects/{id}/push-predictions` (not part of Label Studio's API): predictions made
 * here stay local until someone asks for them to be pushed. POST queues the chosen ones for the
 * next sync (`{"model_version": "...", "tasks": [ids]}`, both optional) and answers what it did;
 * GET tells, per model version, how many are local, queued and already on the remote. A project
 * that is not a mirror is a 400, an unknown one a 404.
 */
export function outpostPredictionPushRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/push-predictions', {
    get: (c) => c.json(describePredictionPush(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
    post: async (c) => {
      const project = pathId(c, 'id', NO_PROJECT);
      const request = parseWith(pushBody, await readObjectBody(c));
      return c.json(queuePredictionPush(c.get('deps'), project, request));
    },
  });
}
