import type { Hono } from 'hono';
import { describeTaskRemote } from '../../domain/sync/taskRemoteLink.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';
import { NO_TASK, pathId } from './pathIds.js';

/**
 * `/api/outpost/tasks/{id}/remote` (not part of Label Studio's API): where a mirrored task lives
 * on its remote, with the address of the remote's labeling page for it; all null for a task of
 * a project made here. An unknown task is a 404.
 */
export function outpostTaskRemoteRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/tasks/:id{[0-9]+}/remote', {
    get: (c) => c.json(describeTaskRemote(c.get('deps'), pathId(c, 'id', NO_TASK))),
  });
}
