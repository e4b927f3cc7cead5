import type { Hono } from 'hono';
import { ValidationError } from '../../domain/errors.js';
import { listMirrors } from '../../domain/sync/mirrorStatus.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';

/**
 * `/api/outpost/mirrors/`: which local projects are pulled from a remote, from which, and how
 * much waits to be pushed or resolved in each (`?project=` for one). The project cards and the
 * conflicts page read it; it is not part of Label Studio's API.
 */
export function outpostMirrorsRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/mirrors', {
    get: (c) => {
      const project = c.req.query('project');
      if (project !== undefined && !/^\d+$/.test(project)) {
        throw new ValidationError({ project: ['A valid integer is required.'] });
      }
      return c.json(listMirrors(c.get('deps'), { project: project === undefined ? undefined : Number(project) }));
    },
  });
}
