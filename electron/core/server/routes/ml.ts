import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { drfInteger, drfJson, drfRequired } from '../../domain/drfFields.js';
import { NotFoundError } from '../../domain/errors.js';
import { mlBackendWriteSchema } from '../../domain/ml/mlBackendFields.js';
import { NO_ML_BACKEND } from '../../domain/ml/mlBackends.js';
import { serializeMlBackend } from '../../domain/ml/serializeMlBackend.js';
import { interactiveAnnotating, listBackendVersions, predictTest } from '../../ml/backendCalls.js';
import { createBackend, listBackends, removeBackend, showBackend, updateBackend } from '../../ml/manageBackends.js';
import { mlDepsFrom, type MlDeps } from '../../ml/mlDeps.js';
import { trainBackend } from '../../ml/mlEvents.js';
import { requireMlBackend } from '../../domain/ml/mlBackends.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { taskMediaFileOf } from '../taskMediaFile.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

/** The ML layer's deps for this request: this server's address is the one the caller used. */
export function mlDeps(c: Context<AppEnv>): MlDeps {
  return {
    ...mlDepsFrom(c.get('deps'), new URL(c.req.url).origin, c.get('userId') ?? null),
    taskMediaFile: taskMediaFileOf(c),
  };
}

const backendId = (c: Context<AppEnv>) => pathId(c, 'id', NO_ML_BACKEND);

/** django-filter's BooleanFilter: true/false spellings filter, anything else is ignored. */
function interactiveFilter(raw: string | undefined): boolean | null {
  if (raw === undefined) return null;
  if (['true', 'True', '1'].includes(raw)) return true;
  if (['false', 'False', '0'].includes(raw)) return false;
  return null;
}

/** `?project=`: absent names no project; not a number is Django's bare "Not found.". */
function projectQuery(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) throw new NotFoundError('Not found.');
  return Number(raw);
}

const interactiveBody = z.object({
  task: drfRequired(drfInteger()),
  context: drfJson({ allowNull: true }).optional(),
});

async function handleUpdate(c: Context<AppEnv>, partial: boolean): Promise<Response> {
  const id = backendId(c);
  const deps = mlDeps(c);
  const input = parseWith(mlBackendWriteSchema(deps.db, { partial }), await readObjectBody(c));
  return c.json(serializeMlBackend(await updateBackend(deps, id, input)));
}

/** Label Studio's ML backends (docs/ml-and-storages.md#ml-backends). */
export function mlRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/ml', {
    get: async (c) => {
      const query = lastQueryValues(c);
      const rows = await listBackends(mlDeps(c), projectQuery(query.project), interactiveFilter(query.is_interactive));
      return c.json(rows.map(serializeMlBackend));
    },
    post: async (c) => {
      const deps = mlDeps(c);
      const input = parseWith(mlBackendWriteSchema(deps.db, { partial: false }), await readObjectBody(c));
      return c.json(serializeMlBackend(await createBackend(deps, input)), 201);
    },
  });
  defineRoute(app, '/api/ml/:id{[0-9]+}', {
    get: async (c) => c.json(serializeMlBackend(await showBackend(mlDeps(c), backendId(c)))),
    patch: (c) => handleUpdate(c, true),
    put: (c) => handleUpdate(c, false),
    delete: (c) => {
      removeBackend(mlDeps(c), backendId(c));
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/ml/:id{[0-9]+}/train', {
    post: async (c) => {
      const deps = mlDeps(c);
      await trainBackend(deps, requireMlBackend(deps, backendId(c)));
      return c.body(null, 200);
    },
  });
  defineRoute(app, '/api/ml/:id{[0-9]+}/predict/test', {
    post: async (c) => {
      const random = ['true', 'True', '1', 'yes'].includes(lastQueryValues(c).random ?? '');
      const answer = await predictTest(mlDeps(c), backendId(c), random);
      return c.json(answer.body, answer.status as ContentfulStatusCode);
    },
  });
  defineRoute(app, '/api/ml/:id{[0-9]+}/interactive-annotating', {
    post: async (c) => {
      const id = backendId(c);
      const deps = mlDeps(c);
      requireMlBackend(deps, id);
      const { task, context } = parseWith(interactiveBody, await readObjectBody(c));
      return c.json(await interactiveAnnotating(deps, c.get('userId'), id, task!, context ?? null));
    },
  });
  defineRoute(app, '/api/ml/:id{[0-9]+}/versions', {
    get: async (c) => {
      const answer = await listBackendVersions(mlDeps(c), backendId(c));
      return c.json(answer.body, answer.status as ContentfulStatusCode);
    },
  });
}
