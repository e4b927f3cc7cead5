import type { Hono } from 'hono';
import { getNextTask } from '../../domain/tasks/getNextTask.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

/** The label stream (spec 5.5). */
export function nextTaskRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/next', {
    get: (c) => c.json(getNextTask(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_PROJECT))),
  });
}
