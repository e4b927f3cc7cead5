import type { Hono } from 'hono';
import { z } from 'zod';
import { drfBoolean, drfInteger } from '../../domain/drfFields.js';
import { deleteModelVersion, listModelVersions } from '../../domain/projects/listModelVersions.js';
import { readObjectBody } from '../requestBody.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

const modelVersionsQuery = z.object({
  extended: drfBoolean().optional(),
  limit: drfInteger({ allowNull: true }).optional(),
  include_live_models: drfBoolean().optional(),
});

/** The prediction model versions of a project (the legacy SDK's `Project.get_model_versions()`), and deleting one. */
export function modelVersionRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/model-versions', {
    get: (c) => {
      const query = parseWith(modelVersionsQuery, lastQueryValues(c));
      const id = pathId(c, 'id', NO_PROJECT);
      const options = {
        extended: query.extended ?? false,
        limit: query.limit ?? null,
        includeLiveModels: query.include_live_models ?? false,
      };
      return c.json(listModelVersions(c.get('deps'), id, options));
    },
    delete: async (c) => {
      const id = pathId(c, 'id', NO_PROJECT);
      const body = await readObjectBody(c);
      return c.json(deleteModelVersion(c.get('deps'), id, Array.isArray(body) ? undefined : body.model_version));
    },
  });
}
