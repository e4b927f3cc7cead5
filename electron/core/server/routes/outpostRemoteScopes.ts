import type { Context, Hono } from 'hono';
import { syncScopeBodySchema } from '../../../../shared/api/syncScope.js';
import { getSyncScope, setSyncScope } from '../../domain/sync/syncScopes.js';
import { listRemoteViews } from '../../sync/engine/remoteViews.js';
import { syncDepsFrom } from '../../sync/engine/syncDeps.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';

const NO_REMOTE = 'No Remote matches the given query.';
const NO_REMOTE_PROJECT = 'No remote project matches the given query.';

const remoteId = (c: Context<AppEnv>) => pathId(c, 'id', NO_REMOTE);
const remoteProjectId = (c: Context<AppEnv>) => pathId(c, 'project', NO_REMOTE_PROJECT);

/**
 * Partial mirrors (docs/sync.md#partial-mirrors): the remote project's tabs to choose from, and
 * the scope its mirror pulls. Not part of Label Studio's API.
 */
export function outpostRemoteScopesRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/projects/:project{[0-9]+}/views', {
    get: async (c) => c.json(await listRemoteViews(syncDepsFrom(c.get('deps')), remoteId(c), remoteProjectId(c))),
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/projects/:project{[0-9]+}/scope', {
    get: (c) => c.json({ scope: getSyncScope(c.get('deps'), remoteId(c), remoteProjectId(c)) }),
    put: async (c) => {
      const { scope } = parseWith(syncScopeBodySchema, await readObjectBody(c));
      return c.json({ scope: setSyncScope(c.get('deps'), remoteId(c), remoteProjectId(c), scope) });
    },
  });
}
