import type { Context, Hono } from 'hono';
import { annotationWriteSchema } from '../../domain/annotations/annotationFields.js';
import { convertAnnotationToDraft } from '../../domain/annotations/convertAnnotationToDraft.js';
import { createAnnotation } from '../../domain/annotations/createAnnotation.js';
import { deleteAnnotation } from '../../domain/annotations/deleteAnnotation.js';
import { getAnnotation, listTaskAnnotations } from '../../domain/annotations/readAnnotations.js';
import { updateAnnotation } from '../../domain/annotations/updateAnnotation.js';
import { ValidationError } from '../../domain/errors.js';
import { afterAnnotationChange, type AnnotationAction } from '../../ml/mlEvents.js';
import { exportDeletedAnnotation, exportSavedAnnotation } from '../../storages/exportSync.js';
import type { AppEnv } from '../appEnv.js';
import { mlDeps } from './ml.js';
import { storageDeps } from './storages.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { NO_ANNOTATION, NO_TASK, pathId } from './pathIds.js';
import { lastQueryValues } from './projectList.js';

const TRUE_TEXT = ['true', 'yes', 'on', '1'];
const FALSE_TEXT = ['false', 'no', 'not', 'off', '0'];

/** `bool_from_request(request.GET, 'was_cancelled', False)`, or undefined when the key is absent. */
function wasCancelledQuery(c: Context<AppEnv>): boolean | undefined {
  const raw = lastQueryValues(c).was_cancelled;
  if (raw === undefined) return undefined;
  if (TRUE_TEXT.includes(raw.toLowerCase())) return true;
  if (FALSE_TEXT.includes(raw.toLowerCase())) return false;
  throw new ValidationError({
    was_cancelled: [`Incorrect bool value "${raw}". It should be one of [1, 0, true, false, yes, no]`],
  });
}

async function handleUpdate(c: Context<AppEnv>): Promise<Response> {
  const id = pathId(c, 'id', NO_ANNOTATION);
  const deps = c.get('deps');
  const input = parseWith(annotationWriteSchema(deps.db), await readObjectBody(c));
  const annotation = updateAnnotation(deps, c.get('userId'), id, input);
  afterAnnotationWrite(c, 'ANNOTATION_UPDATED', annotation);
  return c.json(annotation);
}

/**
 * What follows a saved annotation, in the background: the project's model servers hear of it
 * (ml/mlEvents.ts) and its export storages get it (storages/exportSync.ts).
 */
function afterAnnotationWrite(c: Context<AppEnv>, action: AnnotationAction, annotation: Record<string, unknown>): void {
  const project = annotation.project as number;
  afterAnnotationChange(mlDeps(c), project, action, annotation);
  if (action !== 'ANNOTATION_DELETED') exportSavedAnnotation(storageDeps(c), project, annotation.id as number);
}

/** Annotations (docs/label-studio-compatibility.md#annotations-and-drafts). */
export function annotationRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/tasks/:id{[0-9]+}/annotations', {
    get: (c) => c.json(listTaskAnnotations(c.get('deps'), pathId(c, 'id', NO_TASK))),
    post: async (c) => {
      const taskId = pathId(c, 'id', NO_TASK);
      const deps = c.get('deps');
      const body = await readObjectBody(c);
      const input = parseWith(annotationWriteSchema(deps.db), body);
      const request = { input, body, wasCancelledQuery: wasCancelledQuery(c) };
      const annotation = createAnnotation(deps, c.get('userId'), taskId, request);
      afterAnnotationWrite(c, 'ANNOTATION_CREATED', annotation);
      return c.json(annotation, 201);
    },
  });
  defineRoute(app, '/api/annotations/:id{[0-9]+}', {
    get: (c) => c.json(getAnnotation(c.get('deps'), pathId(c, 'id', NO_ANNOTATION))),
    patch: handleUpdate,
    put: handleUpdate,
    delete: (c) => {
      const id = pathId(c, 'id', NO_ANNOTATION);
      const annotation = getAnnotation(c.get('deps'), id);
      const removeFromStorages = exportDeletedAnnotation(storageDeps(c), id);
      deleteAnnotation(c.get('deps'), c.get('userId'), id);
      afterAnnotationWrite(c, 'ANNOTATION_DELETED', annotation);
      removeFromStorages();
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/annotations/:id{[0-9]+}/convert-to-draft', {
    post: (c) => c.json(convertAnnotationToDraft(c.get('deps'), c.get('userId'), pathId(c, 'id', NO_ANNOTATION)), 201),
  });
}
