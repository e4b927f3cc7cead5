import type { Hono } from 'hono';
import { z } from 'zod';
import { prepareServerCopy, runServerCopy } from '../../sync/copy/runCopy.js';
import { startBackgroundRun } from '../../sync/engine/liveRuns.js';
import { syncDepsFrom } from '../../sync/engine/syncDeps.js';
import type { AppEnv } from '../appEnv.js';
import { drfCharField, parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const copyBody = z.object({
  remote: z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.'),
  title: drfCharField().optional(),
});

/**
 * `/api/outpost/projects/{id}/copy-to-remote` (not part of Label Studio's API): POST
 * `{"remote": id, "title": "..."}` copies this mirrored project as a new project to another
 * remote, in the background, as a run of that remote (its `runs` show it). Asking again while a
 * copy of the project to that remote is unfinished resumes it. Answers 201 with the run and the copy.
 */
export function outpostCopyToRemoteRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/projects/:id{[0-9]+}/copy-to-remote', {
    post: async (c) => {
      const project = pathId(c, 'id', NO_PROJECT);
      const request = parseWith(copyBody, await readObjectBody(c));
      const deps = syncDepsFrom(c.get('deps'));
      const copy = prepareServerCopy(deps, { project, remote: request.remote, title: request.title });
      const run = startBackgroundRun(deps, copy.remote, (hooks) => runServerCopy(deps, copy, hooks));
      return c.json(
        {
          run,
          copy: { id: copy.id, project: copy.project, remote: copy.remote, title: copy.title, status: copy.status },
        },
        201,
      );
    },
  });
}
