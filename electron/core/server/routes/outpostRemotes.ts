import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { getRemote, listRemoteRuns, listRemotes } from '../../domain/remotes/remotes.js';
import { cancelSyncRun, startBackgroundSync, withLiveProgress } from '../../sync/engine/liveRuns.js';
import { addRemote, changeRemote, removeRemote, testRemote } from '../../sync/engine/manageRemotes.js';
import { listRemoteProjects } from '../../sync/engine/remoteProjects.js';
import { syncDepsFrom } from '../../sync/engine/syncDeps.js';
import type { AppEnv } from '../appEnv.js';
import { drfCharField, parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';

const NO_REMOTE = 'No Remote matches the given query.';
const NO_RUN = 'No SyncRun matches the given query.';

const text = z.string({ error: 'Not a valid string.' });
const id = z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.');

const createBody = z.object({ url: drfCharField(), token: drfCharField(), name: text.optional() });
const patchBody = z.object({
  name: text.optional(),
  url: drfCharField().optional(),
  token: drfCharField().optional(),
  sync_interval_minutes: id.min(0, 'Ensure this value is greater than or equal to 0.').optional(),
});
/**
 * How many projects one sync request may name. Each named project is a run of requests to the
 * remote, and a run blocks every other sync of that remote until it ends; leaving the list out
 * syncs every mirrored project.
 */
export const MAX_SYNC_PROJECTS = 1000;

const syncBody = z.object({
  projects: z
    .array(id.min(1, 'Ensure this value is greater than or equal to 1.'), { error: 'Expected a list of items.' })
    .max(MAX_SYNC_PROJECTS, `Ensure this field has no more than ${MAX_SYNC_PROJECTS} elements.`)
    // A project named twice is synced once.
    .transform((projects) => [...new Set(projects)])
    .optional(),
});

const deps = (c: Context<AppEnv>) => syncDepsFrom(c.get('deps'));
const remoteId = (c: Context<AppEnv>) => pathId(c, 'id', NO_REMOTE);

/**
 * `/api/outpost/remotes/`: the remote Label Studio servers this Outpost syncs with, their
 * projects, and sync runs (not part of Label Studio's API). Tokens go in and never come out.
 */
export function outpostRemotesRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/remotes', {
    get: (c) => {
      const { db } = c.get('deps');
      const remotes = listRemotes(c.get('deps'));
      return c.json(
        remotes.map((remote) => ({ ...remote, last_run: remote.last_run && withLiveProgress(db, remote.last_run) })),
      );
    },
    post: async (c) => {
      const input = parseWith(createBody, await readObjectBody(c));
      return c.json(await addRemote(deps(c), input), 201);
    },
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}', {
    get: (c) => c.json(getRemote(c.get('deps'), remoteId(c))),
    patch: async (c) => {
      const input = parseWith(patchBody, await readObjectBody(c));
      return c.json(await changeRemote(deps(c), remoteId(c), input));
    },
    delete: async (c) => {
      await removeRemote(deps(c), remoteId(c));
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/test', {
    post: async (c) => c.json(await testRemote(deps(c), remoteId(c))),
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/projects', {
    get: async (c) => c.json(await listRemoteProjects(deps(c), remoteId(c))),
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/sync', {
    post: async (c) => {
      const { projects } = parseWith(syncBody, await readObjectBody(c));
      return c.json(startBackgroundSync(deps(c), remoteId(c), projects), 201);
    },
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/runs', {
    get: (c) =>
      c.json(listRemoteRuns(c.get('deps'), remoteId(c)).map((run) => withLiveProgress(c.get('deps').db, run))),
  });
  defineRoute(app, '/api/outpost/remotes/:id{[0-9]+}/runs/:run{[0-9]+}/cancel', {
    post: async (c) => c.json(await cancelSyncRun(deps(c), remoteId(c), pathId(c, 'run', NO_RUN))),
  });
}
