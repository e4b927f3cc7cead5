import { listMlBackendsOfProject, type MlBackendRow } from '../db/repos/mlBackendsRepo.js';
import { DomainError, ValidationError } from '../domain/errors.js';
import { INVALID_UPLOAD_URL } from '../domain/imports/importContext.js';
import { LOCAL_MODEL_URL, type MlBackendInput } from '../domain/ml/mlBackendFields.js';
import {
  changeMlBackend,
  deleteMlBackend,
  insertMlBackend,
  listMlBackends,
  requireMlBackend,
} from '../domain/ml/mlBackends.js';
import { checkConnection, connectionOf, refreshBackendState, type Connection } from './mlConnection.js';
import { basicAuthSecretKey, type MlDeps } from './mlDeps.js';
import { trainingStateOf } from './local/retrainingScheduler.js';
import { listPredictionJobs } from './predictionJobs.js';

/*
 * `/api/ml` (MLBackendListAPI, MLBackendDetailAPI): a backend is saved only once its server
 * answers /health and /setup, and is checked again each time it is shown, so its state is live.
 * Unlike Label Studio, a change that touches neither the address nor the credentials is saved
 * without asking the server first (Label Studio 1.22 fails with a 500 on a PATCH without `url`),
 * and the Basic Auth password goes to the secret vault, never to the database.
 */

/** MLBackendSerializer.validate_url: http(s) only (Label Studio answers 403), or Outpost's built-in model. */
function checkUrl(url: string | null | undefined): void {
  if (url === undefined || url === null || url === LOCAL_MODEL_URL) return;
  let scheme = '';
  try {
    scheme = new URL(url).protocol;
  } catch {
    // Not a URL at all: refused below like any other scheme.
  }
  if (scheme !== 'http:' && scheme !== 'https:') throw new DomainError(403, INVALID_UPLOAD_URL);
}

function jsonText(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Which columns a request sets (the password is not a column). */
function columnsOf(input: MlBackendInput) {
  return {
    ...(input.url ? { url: input.url } : {}),
    ...(input.state ? { state: input.state } : {}),
    ...(typeof input.is_interactive === 'boolean' ? { is_interactive: Number(input.is_interactive) } : {}),
    ...(input.error_message !== undefined ? { error_message: input.error_message } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.auth_method ? { auth_method: input.auth_method } : {}),
    ...(input.basic_auth_user !== undefined ? { basic_auth_user: input.basic_auth_user } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.extra_params !== undefined ? { extra_params: jsonText(input.extra_params) } : {}),
    ...(input.model_version !== undefined ? { model_version: input.model_version } : {}),
    ...(typeof input.timeout === 'number' ? { timeout: input.timeout } : {}),
    ...(typeof input.auto_update === 'boolean' ? { auto_update: Number(input.auto_update) } : {}),
  };
}

function storePassword(deps: MlDeps, backendId: number, password: string | null): void {
  if (password) deps.secretsVault.set(basicAuthSecretKey(backendId), password);
  else deps.secretsVault.delete(basicAuthSecretKey(backendId));
}

export async function createBackend(deps: MlDeps, input: MlBackendInput): Promise<MlBackendRow> {
  checkUrl(input.url);
  const connection: Connection = {
    url: input.url!,
    project: input.project!,
    auth_method: input.auth_method ?? 'NONE',
    basic_auth_user: input.basic_auth_user ?? '',
    basic_auth_pass: input.basic_auth_pass ?? null,
    timeout: input.timeout ?? 100,
    extra_params: input.extra_params ?? null,
  };
  const { modelVersion } = await checkConnection(deps, connection);
  const autoUpdate = input.auto_update ?? true;
  const row = insertMlBackend(deps, {
    project: connection.project,
    state: 'CO',
    is_interactive: Number(input.is_interactive ?? false),
    url: connection.url,
    error_message: null,
    title: input.title === undefined ? 'default' : input.title,
    auth_method: connection.auth_method,
    basic_auth_user: input.basic_auth_user === undefined ? '' : input.basic_auth_user,
    basic_auth_pass_is_set: connection.basic_auth_pass ? 1 : 0,
    description: input.description === undefined ? '' : input.description,
    extra_params: jsonText(connection.extra_params),
    model_version: autoUpdate ? modelVersion : (input.model_version ?? ''),
    timeout: connection.timeout,
    auto_update: Number(autoUpdate),
  });
  storePassword(deps, row.id, connection.basic_auth_pass);
  return row;
}

/** PATCH (partial) and PUT: the server is asked first when its address or credentials change. */
export async function updateBackend(deps: MlDeps, id: number, input: MlBackendInput): Promise<MlBackendRow> {
  const current = requireMlBackend(deps, id);
  if (input.project !== undefined && input.project !== current.project) {
    // Label Studio lets PUT move a backend; its predictions and settings belong to the old project.
    throw new ValidationError({ project: ['An ML backend cannot move to another project; connect a new one there.'] });
  }
  checkUrl(input.url);
  const saved = connectionOf(deps, current);
  let password = saved.basic_auth_pass;
  if (input.basic_auth_pass !== undefined) {
    // MLBackendSerializer.validate_basic_auth_pass: a blank password keeps the stored one, if any.
    if (input.basic_auth_pass) password = input.basic_auth_pass;
    else if (!password) {
      throw new ValidationError({ basic_auth_pass: ['Authentication password is required for Basic Authentication.'] });
    }
  }
  const candidate: Connection = {
    url: input.url ?? saved.url,
    project: saved.project,
    auth_method: input.auth_method ?? saved.auth_method,
    basic_auth_user: input.basic_auth_user !== undefined ? input.basic_auth_user : saved.basic_auth_user,
    basic_auth_pass: password,
    timeout: input.timeout ?? saved.timeout,
    extra_params: input.extra_params !== undefined ? input.extra_params : saved.extra_params,
  };
  const reachChanged = ['url', 'auth_method', 'basic_auth_user', 'basic_auth_pass', 'extra_params'].some(
    (field) => field in input && input[field as keyof MlBackendInput] !== undefined,
  );
  if (reachChanged) await checkConnection(deps, candidate);
  const updated = changeMlBackend(deps, id, { ...columnsOf(input), basic_auth_pass_is_set: password ? 1 : 0 });
  storePassword(deps, id, password);
  return refreshBackendState(deps, updated);
}

/**
 * A backend's live state. A server that answers while this process is sending it tasks shows
 * Predicting, and the built-in model shows Training while it trains (Label Studio's state check
 * would show Connected in the middle of either).
 */
async function liveState(deps: MlDeps, backend: MlBackendRow): Promise<MlBackendRow> {
  const refreshed = await refreshBackendState(deps, backend);
  if (refreshed.state !== 'CO') return refreshed;
  const predicting = listPredictionJobs(deps.db, backend.project).some(
    (job) => job.backend === backend.id && job.status === 'running',
  );
  if (predicting) return changeMlBackend(deps, backend.id, { state: 'PR' });
  if (backend.url === LOCAL_MODEL_URL && trainingStateOf(deps.db, backend.project).busy) {
    return changeMlBackend(deps, backend.id, { state: 'TR' });
  }
  return refreshed;
}

export async function showBackend(deps: MlDeps, id: number): Promise<MlBackendRow> {
  return liveState(deps, requireMlBackend(deps, id));
}

/** `GET /api/ml?project=`: every backend's state is refreshed (Project.update_ml_backends_state). */
export async function listBackends(
  deps: MlDeps,
  project: number | null,
  isInteractive: boolean | null,
): Promise<MlBackendRow[]> {
  const rows = listMlBackends(deps, project, isInteractive);
  return Promise.all(rows.map((row) => liveState(deps, row)));
}

export function removeBackend(deps: MlDeps, id: number): void {
  deleteMlBackend(deps, id);
  deps.secretsVault.delete(basicAuthSecretKey(id));
}

/**
 * Before a project is deleted: returns what removes its backends' passwords from the vault
 * once the deletion went through (the rows themselves go with the project).
 */
export function forgetMlSecretsOf(deps: MlDeps, project: number): () => void {
  const ids = listMlBackendsOfProject(deps.db, project).map((backend) => backend.id);
  return () => ids.forEach((id) => deps.secretsVault.delete(basicAuthSecretKey(id)));
}
