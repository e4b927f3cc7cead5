import type { Hono } from 'hono';
import type { AppInfo } from '../../../../shared/api/app.js';
import { dataPaths } from '../../dataDir.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';

/**
 * `GET /api/outpost/app`: facts about this Outpost itself (not part of Label Studio's API), for
 * the app settings page. Behind the token like every /api call, since it reveals local paths.
 */
export function outpostAppRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/app', {
    get: (c) => {
      const deps = c.get('deps');
      return c.json({
        name: 'Outpost',
        version: deps.outpostVersion,
        mode: deps.appMode,
        data_dir: deps.dataDir,
        database_path: dataPaths(deps.dataDir).database,
      } satisfies AppInfo);
    },
  });
}
