import type { Context, Hono } from 'hono';
import { draftWriteSchema } from '../../domain/drafts/draftFields.js';
import { deleteDraft, getDraft, updateDraft } from '../../domain/drafts/ownDraft.js';
import { createDraft, listTaskDrafts } from '../../domain/drafts/taskDrafts.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { NO_ANNOTATION, NO_TASK, pathId } from './pathIds.js';

const NO_DRAFT = 'No AnnotationDraft matches the given query.';

async function handleCreate(c: Context<AppEnv>, withAnnotation: boolean): Promise<Response> {
  const taskId = pathId(c, 'id', NO_TASK);
  const annotationId = withAnnotation ? pathId(c, 'annotation', NO_ANNOTATION) : null;
  const input = parseWith(draftWriteSchema, await readObjectBody(c));
  return c.json(createDraft(c.get('deps'), c.get('userId'), { taskId, annotationId }, input), 201);
}

async function handleUpdate(c: Context<AppEnv>): Promise<Response> {
  const id = pathId(c, 'id', NO_DRAFT);
  const input = parseWith(draftWriteSchema, await readObjectBody(c));
  return c.json(updateDraft(c.get('deps'), c.get('userId'), id, input));
}

/** Drafts: always the caller's own (docs/label-studio-compatibility.md#annotations-and-drafts). */
export function draftRoutes(app: Hono<AppEnv>): void {
  const listDrafts = (c: Context<AppEnv>) =>
    c.json(listTaskDrafts(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_TASK)));
  defineRoute(app, '/api/tasks/:id{[0-9]+}/drafts', {
    get: listDrafts,
    post: (c) => handleCreate(c, false),
  });
  defineRoute(app, '/api/tasks/:id{[0-9]+}/annotations/:annotation{[0-9]+}/drafts', {
    get: listDrafts,
    post: (c) => handleCreate(c, true),
  });
  defineRoute(app, '/api/drafts/:id{[0-9]+}', {
    get: (c) => c.json(getDraft(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_DRAFT))),
    patch: handleUpdate,
    put: handleUpdate,
    delete: (c) => {
      deleteDraft(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_DRAFT));
      return c.body(null, 204);
    },
  });
}
