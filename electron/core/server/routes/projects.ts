import type { Context, Hono } from 'hono';
import { NotFoundError } from '../../domain/errors.js';
import { createProject } from '../../domain/projects/createProject.js';
import { deleteProject } from '../../domain/projects/deleteProject.js';
import { forgetMlSecretsOf } from '../../ml/manageBackends.js';
import { forgetProjectDetectorFiles } from '../../ml/local/detector/detectorStore.js';
import { getProject } from '../../domain/projects/getProject.js';
import { projectWriteSchema } from '../../domain/projects/projectFields.js';
import { summarizeProject } from '../../domain/projects/summarizeProject.js';
import { updateProject } from '../../domain/projects/updateProject.js';
import type { AppEnv } from '../appEnv.js';
import { mlDeps } from './ml.js';
import { parseWith } from '../drfValidation.js';
import { isHtmlInput, readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { fieldsetOf, handleListProjects, handleProjectCounts } from './projectList.js';

/**
 * The id segment is `<int:pk>` in Label Studio's URLs: anything but digits is an unknown URL
 * (Django's HTML 404, from the catch-all), and digits that name no project are the envelope 404.
 */
const PROJECT = '/api/projects/:id{[0-9]+}';

function projectId(c: Context<AppEnv>, missing = 'No Project matches the given query.'): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id)) throw new NotFoundError(missing);
  return id;
}

async function readProjectInput(c: Context<AppEnv>, partial: boolean) {
  const body = await readObjectBody(c);
  return parseWith(projectWriteSchema({ htmlInput: isHtmlInput(c), partial }), body);
}

async function handleUpdate(c: Context<AppEnv>, partial: boolean): Promise<Response> {
  const id = projectId(c);
  const input = await readProjectInput(c, partial);
  return c.json(updateProject(c.get('deps'), c.get('userId'), id, input, fieldsetOf(c)));
}

/** Projects: list, create, read, update, delete, counters and summary (docs/label-studio-compatibility.md#projects). */
export function projectRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects', {
    get: handleListProjects,
    post: async (c) => {
      const input = await readProjectInput(c, false);
      return c.json(createProject(c.get('deps'), c.get('userId'), input, fieldsetOf(c)), 201);
    },
  });
  defineRoute(app, '/api/projects/counts', { get: handleProjectCounts });
  defineRoute(app, PROJECT, {
    get: (c) => c.json(getProject(c.get('deps'), c.get('userId'), projectId(c), fieldsetOf(c))),
    patch: (c) => handleUpdate(c, true),
    put: (c) => handleUpdate(c, false),
    delete: (c) => {
      const id = projectId(c);
      // The project's ML backends go with it (cascade); their passwords leave the vault too.
      const forgetSecrets = forgetMlSecretsOf(mlDeps(c), id);
      deleteProject(c.get('deps'), id);
      forgetSecrets();
      forgetProjectDetectorFiles(mlDeps(c), id);
      return c.body(null, 204);
    },
  });
  defineRoute(app, `${PROJECT}/summary`, {
    get: (c) => c.json(summarizeProject(c.get('deps').db, projectId(c, 'No ProjectSummary matches the given query.'))),
  });
}
