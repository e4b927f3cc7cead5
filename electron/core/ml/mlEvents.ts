import type { Db } from '../db/open.js';
import { countProjectAnnotations, listMlBackendsOfProject, type MlBackendRow } from '../db/repos/mlBackendsRepo.js';
import { findProjectById } from '../db/repos/projectsRepo.js';
import { LOCAL_MODEL_URL } from '../domain/ml/mlBackendFields.js';
import { changeMlBackend } from '../domain/ml/mlBackends.js';
import { scheduleLocalRetraining } from './local/localModelServer.js';
import { connectionOf, modelServerFor } from './mlConnection.js';
import type { MlDeps } from './mlDeps.js';
import { annotationColumns, webhookProject, webhookTask } from './webhookPayloads.js';

/*
 * What a model server hears besides predict calls. Label Studio gives each ML backend a webhook to
 * `<url>/webhook` for every action, so the server sees ANNOTATION_CREATED, ANNOTATION_UPDATED and
 * ANNOTATIONS_DELETED (only the ids; the others carry the annotation and its task);
 * and every `min_annotations_to_start_training` annotations it asks each backend to train
 * (START_TRAINING). Outpost does both, in the background, in order per backend, never making the
 * annotator's request wait. The built-in model retrains after every change instead.
 */

export type AnnotationAction = 'ANNOTATION_CREATED' | 'ANNOTATION_UPDATED' | 'ANNOTATION_DELETED';

const deliveries = new WeakMap<Db, Map<number, Promise<unknown>>>();

function queueFor(db: Db): Map<number, Promise<unknown>> {
  let map = deliveries.get(db);
  if (!map) deliveries.set(db, (map = new Map()));
  return map;
}

/** Runs `send` after this backend's earlier deliveries, in the background. */
function deliverInOrder(db: Db, backend: number, send: () => Promise<unknown>): void {
  const queue = queueFor(db);
  const next = (queue.get(backend) ?? Promise.resolve()).then(send).catch(() => undefined);
  queue.set(backend, next);
}

/** Resolves once every event queued so far has been delivered or has failed (for tests and shutdown). */
export async function mlEventsSettled(db: Db): Promise<void> {
  await Promise.all([...queueFor(db).values()]);
}

/**
 * MLBackend.train: START_TRAINING with the project. The backend shows Training, or Error with the
 * server's reason. Never throws: `POST /api/ml/{id}/train` answers 200 either way, as Label Studio does.
 */
export async function trainBackend(deps: MlDeps, backend: MlBackendRow): Promise<MlBackendRow> {
  if (backend.url === LOCAL_MODEL_URL) scheduleLocalRetraining(deps, backend.project, { now: true });
  const server = modelServerFor(deps, connectionOf(deps, backend));
  const answer = await server.webhook({ action: 'START_TRAINING', project: webhookProject(deps, backend.project) });
  return answer.ok
    ? changeMlBackend(deps, backend.id, { state: 'TR' })
    : changeMlBackend(deps, backend.id, { state: 'ER', error_message: answer.error });
}

/**
 * After an annotation was created, changed or deleted through the API. `annotation` is its API
 * shape (before deletion, for a delete).
 */
export function afterAnnotationChange(
  deps: MlDeps,
  project: number,
  action: AnnotationAction,
  annotation: Record<string, unknown>,
): void {
  const backends = listMlBackendsOfProject(deps.db, project);
  if (backends.length === 0) return;
  const remote = backends.filter((backend) => backend.url !== LOCAL_MODEL_URL);
  if (backends.length > remote.length) scheduleLocalRetraining(deps, project, { now: false });
  if (remote.length === 0) return;

  const projectRow = findProjectById(deps.db, project);
  const task = webhookTask(deps, annotation.task as number);
  const event =
    action === 'ANNOTATION_DELETED'
      ? { action: 'ANNOTATIONS_DELETED', annotations: [{ id: annotation.id }], project: webhookProject(deps, project) }
      : {
          action,
          annotation: annotationColumns(deps, annotation),
          project: webhookProject(deps, project),
          ...(task ? { task } : {}),
        };
  // Label Studio's post_save signal: every Nth annotation of the project (ground truth aside) trains.
  const every = projectRow?.min_annotations_to_start_training ?? 0;
  const train =
    action !== 'ANNOTATION_DELETED' &&
    annotation.ground_truth !== true &&
    every > 0 &&
    countProjectAnnotations(deps.db, project) % every === 0;
  for (const backend of remote) {
    const server = modelServerFor(deps, connectionOf(deps, backend));
    deliverInOrder(deps.db, backend.id, () => server.webhook(event));
    if (train) deliverInOrder(deps.db, backend.id, () => trainBackend(deps, backend));
  }
}
