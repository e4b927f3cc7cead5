import type { BackendVersionsAnswer, InteractiveAnswer, PredictTestAnswer } from '../../../shared/api/mlBackends.js';
import type { ParsedLabelConfig } from '../../../shared/label-config/index.js';
import { validatePrediction } from '../../../shared/label-config/index.js';
import { listUserDraftsOfTask } from '../db/repos/draftsRepo.js';
import { randomTaskOfProject } from '../db/repos/mlBackendsRepo.js';
import { findTaskById } from '../db/repos/tasksRepo.js';
import { serializeDraft } from '../domain/drafts/serializeDraft.js';
import { NotFoundError } from '../domain/errors.js';
import { requireMlBackend } from '../domain/ml/mlBackends.js';
import { tasksForModel } from '../domain/ml/modelPredictions.js';
import { connectionOf, modelServerFor, projectUid, requireProject } from './mlConnection.js';
import type { MlDeps } from './mlDeps.js';
import type { PredictRequest } from './modelServer.js';
import { annotationColumns, withoutKeys } from './webhookPayloads.js';

/* `POST /api/ml/{id}/predict/test`, `/interactive-annotating` and `GET /api/ml/{id}/versions`. */

/** A JSON answer with a status, for the few calls Label Studio answers outside its error envelope. */
export interface PlainAnswer {
  status: number;
  body: Record<string, unknown>;
}

function predictRequest(
  deps: MlDeps,
  projectId: number,
  tasks: Record<string, unknown>[],
  context: unknown,
): PredictRequest {
  const project = requireProject(deps, projectId);
  return {
    tasks,
    project: projectUid(project),
    label_config: project.label_config,
    params: { login: project.task_data_login, password: project.task_data_password, context },
  };
}

/** Where the prediction was asked: `<url>/predict`, also for `outpost:local-model`, which URL resolution cannot extend. */
/**
 * MLBackendPredictTestAPI: one prediction for a random task, returned with what was sent, stored
 * nowhere. Where Label Studio answers 500 (no task, no prediction) Outpost answers 400 with the
 * same text, and the server's reason.
 */
export async function predictTest(deps: MlDeps, id: number, random: boolean): Promise<PlainAnswer> {
  const backend = requireMlBackend(deps, id);
  if (!random)
    return { status: 501, body: { error: 'Not implemented - you must provide random=true query parameter' } };
  const taskId = randomTaskOfProject(deps.db, backend.project);
  if (taskId === undefined) {
    return {
      status: 400,
      body: { detail: 'Project has no tasks to run prediction on, import at least 1 task to run prediction' },
    };
  }
  const project = requireProject(deps, backend.project);
  const [task] = tasksForModel(deps, project, [taskId]);
  const request = predictRequest(deps, backend.project, [task!], null);
  const server = modelServerFor(deps, connectionOf(deps, backend));
  const answer = await server.predict(request);
  if (!answer.ok) {
    return {
      status: 400,
      body: {
        detail: `ML backend did not return any predictions, check ML backend logs for more details. (${answer.error})`,
      },
    };
  }
  const results = (answer.body as { results?: unknown } | null)?.results ?? null;
  return {
    status: 200,
    body: {
      status: answer.status,
      error_message: null,
      url: callUrl(backend.url, 'predict'),
      task: task ?? null,
      request,
      response: results,
    } satisfies PredictTestAnswer,
  };
}

/** A call's URL; the built-in model's `outpost:local-model` has no path a relative URL resolves against. */
function callUrl(base: string, call: string): string {
  const directory = base.endsWith('/') ? base : `${base}/`;
  return URL.canParse(call, directory) ? new URL(call, directory).toString() : `${directory}${call}`;
}

const INCORRECT = 'Incorrect response from ML service: ';

/**
 * MLBackendInteractiveAnnotating: the editor's context goes to the model with the task (its
 * annotations, predictions and the caller's drafts); the first result comes back, stored nowhere.
 * Failures are 200s with `errors`, as in Label Studio. A result that does not fit the config is
 * refused the same way.
 */
export async function interactiveAnnotating(
  deps: MlDeps,
  userId: number,
  id: number,
  taskId: number,
  context: unknown,
): Promise<InteractiveAnswer> {
  const backend = requireMlBackend(deps, id);
  const row = findTaskById(deps.db, taskId);
  if (!row || row.project !== backend.project) throw new NotFoundError('No Task matches the given query.');
  if (backend.is_interactive === 0) return { errors: ['Model is not set to be used for interactive preannotations'] };
  const project = requireProject(deps, backend.project);
  // The task as Label Studio's export serializer shows it (BaseExportDataSerializerForInteractive):
  // no is_labeled, overlap or file_upload, annotations with every column, and the caller's drafts.
  const [task] = tasksForModel(deps, project, [taskId]);
  const now = deps.clock();
  const drafts = listUserDraftsOfTask(deps.db, taskId, userId).map((draft) => serializeDraft(draft, now));
  const annotations = (task!.annotations as Record<string, unknown>[]).map((item) => annotationColumns(deps, item));
  const server = modelServerFor(deps, connectionOf(deps, backend));
  const interactiveTask = {
    ...withoutKeys(task!, ['is_labeled', 'overlap', 'file_upload']),
    annotations,
    drafts,
  };
  const answer = await server.predict(predictRequest(deps, backend.project, [interactiveTask], context));
  if (!answer.ok) return { errors: [answer.error] };
  const body = answer.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('results' in body)) {
    return { errors: [`${INCORRECT}ML backend returns an incorrect response, it must be a dict.`] };
  }
  const results = (body as { results: unknown }).results;
  if (!Array.isArray(results) || results.length < 1) {
    return { errors: [`${INCORRECT}ML backend has to return list with more than 1 result.`] };
  }
  const first: unknown = results[0];
  const problems = validatePrediction(JSON.parse(project.parsed_label_config) as ParsedLabelConfig, first);
  if (problems.length > 0) {
    return { errors: [`${INCORRECT}the prediction does not fit the labeling config: ${problems.join('; ')}`] };
  }
  return { data: first };
}

/**
 * MLBackendVersionsAPI: the server's versions; a server without the call (404) offers the
 * backend's own version. Other failures keep the server's 4xx status; where Label Studio passes
 * on a 5xx or answers 500 for an unreachable server, Outpost answers 400.
 */
export async function listBackendVersions(deps: MlDeps, id: number): Promise<PlainAnswer> {
  const backend = requireMlBackend(deps, id);
  const project = requireProject(deps, backend.project);
  const answer = await modelServerFor(deps, connectionOf(deps, backend)).versions(projectUid(project));
  if (answer.ok) {
    const versions = (answer.body as { versions?: unknown } | null)?.versions;
    return { status: 200, body: { versions: Array.isArray(versions) ? versions : [] } satisfies BackendVersionsAnswer };
  }
  if (answer.status === 404) {
    return {
      status: 200,
      body: {
        versions: [backend.model_version],
        message: 'Upgrade your ML backend version to latest.',
      } satisfies BackendVersionsAnswer,
    };
  }
  return { status: answer.status >= 400 && answer.status < 500 ? answer.status : 400, body: { error: answer.error } };
}
