import type { Hono } from 'hono';
import { getActionForm, listActions } from '../../domain/dataManager/actions/actionCatalog.js';
import { ML_ACTIONS, performAction, selectActionTasks } from '../../domain/dataManager/actions/performAction.js';
import { listColumns } from '../../domain/dataManager/columns.js';
import { getDmProject } from '../../domain/dataManager/dmProject.js';
import { parseQueryParameter } from '../queryParameter.js';
import { intFromRequest } from '../requestValues.js';
import { retrievePredictionsAction } from '../../ml/retrievePredictions.js';
import type { AppEnv } from '../appEnv.js';
import { mlDeps } from './ml.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { lastQueryValues } from './projectList.js';

/** The body's `view` the way int_from_request reads request.data: an int, or a digit string. */
function bodyView(body: Record<string, unknown>): number {
  const view = body.view;
  if (typeof view === 'number' && Number.isInteger(view)) return view;
  return intFromRequest('view', typeof view === 'string' ? view : undefined, 0);
}

/**
 * Data Manager columns, project state and actions (docs/label-studio-compatibility.md#data-manager). Columns and project state default to
 * project 1 when none is given, as Label Studio's views do.
 */
export function dataManagerRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/dm/columns', {
    get: (c) => c.json(listColumns(c.get('deps'), intFromRequest('project', lastQueryValues(c).project, 1))),
  });
  defineRoute(app, '/api/dm/project', {
    get: (c) =>
      c.json(getDmProject(c.get('deps'), c.get('userId'), intFromRequest('project', lastQueryValues(c).project, 1))),
  });
  defineRoute(app, '/api/dm/actions', {
    get: (c) => c.json(listActions(c.get('deps'), intFromRequest('project', lastQueryValues(c).project, 0))),
    post: async (c) => {
      const query = lastQueryValues(c);
      const body = await readObjectBody(c);
      const request = {
        project: intFromRequest('project', query.project, 0),
        actionId: query.id,
        view: intFromRequest('view', query.view, 0) || bodyView(body),
        query: query.query === undefined ? body : parseQueryParameter(query.query),
        body,
      };
      if (request.actionId !== undefined && ML_ACTIONS.has(request.actionId)) {
        // The model server is called outside any transaction: the selection first, then the run.
        const { taskIds } = selectActionTasks(c.get('deps'), request);
        return c.json(await retrievePredictionsAction(mlDeps(c), request.project, taskIds));
      }
      return c.json(performAction(c.get('deps'), c.get('userId'), request));
    },
  });
  defineRoute(app, '/api/dm/actions/:action/form', {
    get: (c) =>
      c.json(
        getActionForm(
          c.get('deps'),
          intFromRequest('project', lastQueryValues(c).project, 0),
          c.req.param('action') ?? '',
        ),
      ),
  });
}
