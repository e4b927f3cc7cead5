import type { Context, Hono } from 'hono';
import { boolFromRequest } from '../requestValues.js';
import { createProjectTask, deleteProjectTasks, listProjectTasks } from '../../domain/tasks/projectTasks.js';
import { deleteTask, getTask, updateTask } from '../../domain/tasks/singleTask.js';
import { parseTaskInput } from '../../domain/tasks/taskInput.js';
import { predictOpenedTask } from '../../ml/retrievePredictions.js';
import type { AppEnv } from '../appEnv.js';
import { mlDeps } from './ml.js';
import { isMultipart, readObjectBody, UnsupportedMediaTypeError } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, NO_TASK, pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

async function handleUpdate(c: Context<AppEnv>, partial: boolean): Promise<Response> {
  const id = pathId(c, 'id', NO_TASK);
  const input = parseTaskInput(await readObjectBody(c), { partial });
  return c.json(updateTask(c.get('deps'), id, input));
}

/** Single tasks and the old per-project task list (docs/label-studio-compatibility.md#single-task, #task-lists). */
export function taskRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/tasks/:id{[0-9]+}', {
    get: async (c) => {
      const resolveUri = boolFromRequest('resolve_uri', lastQueryValues(c).resolve_uri, true);
      const id = pathId(c, 'id', NO_TASK);
      // Label Studio asks the project's model for a task opened without predictions.
      await predictOpenedTask(mlDeps(c), id);
      return c.json(getTask(c.get('deps'), c.get('userId'), id, resolveUri));
    },
    patch: (c) => handleUpdate(c, true),
    put: (c) => handleUpdate(c, false),
    delete: (c) => {
      deleteTask(c.get('deps'), pathId(c, 'id', NO_TASK));
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/projects/:id{[0-9]+}/tasks', {
    get: (c) => {
      const query = lastQueryValues(c);
      const page = { page: query.page, page_size: query.page_size, length: query.length, start: query.start };
      return c.json(listProjectTasks(c.get('deps'), pathId(c, 'id', NO_PROJECT), page));
    },
    post: async (c) => {
      // ProjectTaskListAPI parses JSON and forms only.
      if (isMultipart(c.req.header('content-type') ?? '')) throw new UnsupportedMediaTypeError('multipart/form-data');
      const id = pathId(c, 'id', NO_PROJECT);
      return c.json(createProjectTask(c.get('deps'), id, await readObjectBody(c)), 201);
    },
    delete: (c) => {
      deleteProjectTasks(c.get('deps'), pathId(c, 'id', NO_PROJECT));
      return c.body(null, 204);
    },
  });
}
