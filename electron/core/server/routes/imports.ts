import type { Context, Hono } from 'hono';
import { importPredictions } from '../../domain/imports/importPredictions.js';
import { importTasks, type ImportOptions } from '../../domain/imports/importTasks.js';
import { reimportTasks } from '../../domain/imports/reimportTasks.js';
import type { AppEnv } from '../appEnv.js';
import { readImportSource } from '../importRequest.js';
import { boolParam, numericParam, stringListParam } from '../importParams.js';
import { readBody, readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';

const PROJECT = '/api/projects/:id{[0-9]+}';
const NO_PROJECT = 'No Project matches the given query.';

function importOptions(c: Context<AppEnv>): ImportOptions {
  return {
    commitToProject: boolParam(c.req.query('commit_to_project'), 'commit_to_project', true),
    returnTaskIds: boolParam(c.req.query('return_task_ids'), 'return_task_ids', false),
    preannotatedFields: stringListParam(c.req.query('preannotated_from_fields')),
  };
}

async function handleImport(c: Context<AppEnv>): Promise<Response> {
  const id = numericParam(c, 'id', NO_PROJECT);
  // Query problems first: nothing has been received yet that would need cleaning up.
  const options = importOptions(c);
  const source = await readImportSource(c);
  return c.json(await importTasks(c.get('deps'), c.get('userId'), id, source, options), 201);
}

async function handleReimport(c: Context<AppEnv>): Promise<Response> {
  const id = numericParam(c, 'id', NO_PROJECT);
  const body = await readObjectBody(c);
  const result = reimportTasks(c.get('deps'), c.get('userId'), id, {
    fileUploadIds: body.file_upload_ids,
    filesAsTasksList: boolParam(body.files_as_tasks_list, 'files_as_tasks_list', true),
  });
  return c.json(result.body, result.status);
}

/** Import: tasks from files, URLs and JSON; reimport of uploads; predictions (docs/label-studio-compatibility.md#import). */
export function importRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, `${PROJECT}/import`, { post: handleImport });
  // Label Studio keeps the old bulk-create URL as an alias of import.
  defineRoute(app, `${PROJECT}/tasks/bulk`, { post: handleImport });
  defineRoute(app, `${PROJECT}/reimport`, { post: handleReimport });
  defineRoute(app, `${PROJECT}/import/predictions`, {
    post: async (c) => {
      const id = numericParam(c, 'id', NO_PROJECT);
      return c.json(importPredictions(c.get('deps'), id, await readBody(c)), 201);
    },
  });
}
