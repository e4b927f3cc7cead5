import type { Context, Hono } from 'hono';
import {
  createView,
  deleteView,
  getView,
  listViews,
  orderViews,
  resetViews,
  updateView,
} from '../../domain/dataManager/views.js';
import type { AppEnv } from '../appEnv.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

const NO_VIEW = 'No View matches the given query.';

async function handleUpdate(c: Context<AppEnv>, partial: boolean): Promise<Response> {
  const id = pathId(c, 'id', NO_VIEW);
  return c.json(updateView(c.get('deps'), id, await readObjectBody(c), partial));
}

/** Data Manager tabs: `/api/dm/views/` (docs/label-studio-compatibility.md#data-manager). */
export function dmViewRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/dm/views', {
    get: (c) => c.json(listViews(c.get('deps'), lastQueryValues(c).project)),
    post: async (c) => c.json(createView(c.get('deps'), c.get('userId'), await readObjectBody(c)), 201),
  });
  defineRoute(app, '/api/dm/views/reset', {
    delete: async (c) => {
      // The body's project wins; the query is the SDK's fallback (DELETE bodies are unusual).
      const body = await readObjectBody(c);
      resetViews(c.get('deps'), 'project' in body ? body.project : lastQueryValues(c).project);
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/dm/views/order', {
    post: async (c) => {
      orderViews(c.get('deps'), await readObjectBody(c));
      return c.body(null, 200);
    },
  });
  defineRoute(app, '/api/dm/views/:id{[0-9]+}', {
    get: (c) => c.json(getView(c.get('deps'), pathId(c, 'id', NO_VIEW))),
    patch: (c) => handleUpdate(c, true),
    put: (c) => handleUpdate(c, false),
    delete: (c) => {
      deleteView(c.get('deps'), pathId(c, 'id', NO_VIEW));
      return c.body(null, 204);
    },
  });
}
