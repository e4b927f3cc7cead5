import type { Context, Hono } from 'hono';
import { listTasks, type ListTasksRequest } from '../../domain/dataManager/listTasks.js';
import { parseQueryParameter } from '../queryParameter.js';
import { boolFromRequest, intFromRequest } from '../requestValues.js';
import { createTask } from '../../domain/tasks/createTask.js';
import { predictListedTasks } from '../../ml/retrievePredictions.js';
import type { AppEnv } from '../appEnv.js';
import { mlDeps } from './ml.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { fieldsetOf, lastQueryValues } from './projectList.js';
import { readPageRequest } from '../pageRequest.js';

function readListRequest(c: Context<AppEnv>): ListTasksRequest {
  const query = lastQueryValues(c);
  return {
    project: intFromRequest('project', query.project, 0),
    view: intFromRequest('view', query.view, 0),
    query: query.query === undefined ? {} : parseQueryParameter(query.query),
    page: readPageRequest(query.page, query.page_size),
    fields: query.fields === 'all' ? 'all' : 'task_only',
    fieldset: fieldsetOf(c),
    resolveUri: boolFromRequest('resolve_uri', query.resolve_uri, true),
  };
}

/** `/api/tasks/`: the Data Manager task list and task creation (docs/label-studio-compatibility.md#task-lists). */
export function taskListRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/tasks', {
    get: async (c) => {
      const request = readListRequest(c);
      const page = listTasks(c.get('deps'), c.get('userId'), request);
      // A project that evaluates predictions automatically gets them for the page's tasks first.
      const tasks = page.tasks;
      const project = request.project || (tasks[0]?.project as number | undefined);
      const ids = tasks.map((task) => task.id as number);
      if (project && (await predictListedTasks(mlDeps(c), project, ids))) {
        return c.json(listTasks(c.get('deps'), c.get('userId'), request));
      }
      return c.json(page);
    },
    post: async (c) => c.json(createTask(c.get('deps'), c.get('userId'), await readObjectBody(c)), 201),
  });
}
