import type { MlBackendRow } from '../db/repos/mlBackendsRepo.js';
import { findProjectById, type ProjectRow } from '../db/repos/projectsRepo.js';
import { findFirstLocalUser } from '../db/repos/usersRepo.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { LOCAL_MODEL_URL } from '../domain/ml/mlBackendFields.js';
import { changeMlBackend } from '../domain/ml/mlBackends.js';
import { findLegacyKeyOfUser } from '../domain/tokens/legacyTokens.js';
import { createHttpModelServer } from './httpModelServer.js';
import { createLocalModelServer } from './local/localModelServer.js';
import { basicAuthSecretKey, type MlDeps } from './mlDeps.js';
import type { ModelServer, SetupRequest } from './modelServer.js';

/*
 * Which server a backend names, what /setup tells it, and the checks Label Studio runs before it
 * saves a backend (MLBackendSerializer.validate) and whenever it shows one (update_state).
 */

/** How to reach a model server: a saved backend, or the fields of one about to be saved. */
export interface Connection {
  url: string;
  project: number;
  auth_method: 'NONE' | 'BASIC_AUTH';
  basic_auth_user: string | null;
  basic_auth_pass: string | null;
  timeout: number;
  extra_params: unknown;
}

export function connectionOf(deps: MlDeps, backend: MlBackendRow): Connection {
  return {
    url: backend.url,
    project: backend.project,
    auth_method: backend.auth_method,
    basic_auth_user: backend.basic_auth_user,
    basic_auth_pass: backend.basic_auth_pass_is_set ? deps.secretsVault.get(basicAuthSecretKey(backend.id)) : null,
    timeout: backend.timeout,
    extra_params: backend.extra_params === null ? null : (JSON.parse(backend.extra_params) as unknown),
  };
}

export function modelServerFor(deps: MlDeps, connection: Connection): ModelServer {
  if (connection.url === LOCAL_MODEL_URL) return createLocalModelServer(deps, connection.project);
  return createHttpModelServer({
    url: connection.url,
    // Label Studio sends Basic Auth whenever both halves are set, whatever auth_method says.
    basicAuth:
      connection.basic_auth_user && connection.basic_auth_pass
        ? { user: connection.basic_auth_user, password: connection.basic_auth_pass }
        : null,
    predictTimeoutSeconds: connection.timeout,
    userAgent: `Outpost/${deps.outpostVersion}`,
    fetch: deps.fetch,
  });
}

export function requireProject(deps: MlDeps, id: number): ProjectRow {
  const project = findProjectById(deps.db, id);
  if (!project) throw new NotFoundError('No Project matches the given query.');
  return project;
}

/** Label Studio's project uid for model servers: `<id>.<created_at in Unix seconds>`. */
export function projectUid(project: ProjectRow): string {
  return `${project.id}.${Math.floor(Date.parse(project.created_at) / 1000)}`;
}

/** The owner's legacy token (Label Studio sends `project.created_by.auth_token.key`). */
function ownerToken(deps: MlDeps, project: ProjectRow): string {
  const owner = project.created_by ?? findFirstLocalUser(deps.db)?.id;
  const ownerKey = owner === undefined ? undefined : findLegacyKeyOfUser(deps, owner);
  // A project pulled from a remote may be owned by someone who never signs in here (no key):
  // the model server then reads data as the person using this Outpost.
  if (ownerKey) return ownerKey;
  const localUser = findFirstLocalUser(deps.db)?.id;
  return localUser === undefined ? '' : (findLegacyKeyOfUser(deps, localUser) ?? '');
}

export function setupRequest(deps: MlDeps, project: ProjectRow, extraParams: unknown): SetupRequest {
  return {
    project: projectUid(project),
    schema: project.label_config,
    hostname: deps.serverUrl,
    access_token: ownerToken(deps, project),
    extra_params: extraParams ?? null,
  };
}

function modelVersionOf(body: unknown): string | null {
  const version = (body as { model_version?: unknown } | null)?.model_version;
  return version === undefined || version === null ? null : String(version);
}

/**
 * MLBackendSerializer.validate: Basic Auth needs both halves, then the server must answer
 * /health and /setup. Refusals carry Label Studio's own texts. Returns what /setup said.
 */
export async function checkConnection(deps: MlDeps, connection: Connection): Promise<{ modelVersion: string | null }> {
  if (connection.auth_method === 'BASIC_AUTH' && (!connection.basic_auth_user || !connection.basic_auth_pass)) {
    throw new ValidationError({
      non_field_errors: ['Authentication username and password is required for Basic Authentication.'],
    });
  }
  const server = modelServerFor(deps, connection);
  const health = await server.health();
  if (!health.ok) {
    const message =
      connection.url === LOCAL_MODEL_URL
        ? `The built-in model cannot learn this project's labeling config: ${health.error}`
        : health.status === 401
          ? 'Able to connect to ML Server, but authentication parameters were either not provided or are incorrect.'
          : `Can't connect to ML backend ${connection.url}, health check failed. Make sure it is up and your firewall ` +
            'is properly configured. <a href="https://labelstud.io/guide/ml.html">Learn more</a> about how to set up ' +
            `an ML backend. Additional info: ${health.error}`;
    throw new ValidationError({ non_field_errors: [message] });
  }
  const project = requireProject(deps, connection.project);
  const setup = await server.setup(setupRequest(deps, project, connection.extra_params));
  if (!setup.ok) {
    throw new ValidationError({
      non_field_errors: [
        `Successfully connected to ${connection.url} but it doesn't look like a valid ML backend. ` +
          `Reason: ${setup.error}.\nCheck the ML backend server console logs to check the status.` +
          'There might be something wrong with your model or it might be incompatible with the current ' +
          'labeling configuration.',
      ],
    });
  }
  return { modelVersion: modelVersionOf(setup.body) };
}

/**
 * MLBackend.update_state: Disconnected when /health fails, Error when /setup fails, Connected
 * otherwise (taking the server's model version when `auto_update` is on). Unlike Label Studio,
 * a failed health check also says why in `error_message`.
 */
export async function refreshBackendState(deps: MlDeps, backend: MlBackendRow): Promise<MlBackendRow> {
  const connection = connectionOf(deps, backend);
  const server = modelServerFor(deps, connection);
  const health = await server.health();
  if (!health.ok) {
    return changeMlBackend(deps, backend.id, {
      state: 'DI',
      error_message: `The model server does not answer its health check: ${health.error}`,
    });
  }
  const project = requireProject(deps, backend.project);
  const setup = await server.setup(setupRequest(deps, project, connection.extra_params));
  if (!setup.ok) return changeMlBackend(deps, backend.id, { state: 'ER', error_message: setup.error });
  const modelVersion = modelVersionOf(setup.body);
  return changeMlBackend(deps, backend.id, {
    state: 'CO',
    error_message: null,
    ...(backend.auto_update !== 0 ? { model_version: modelVersion } : {}),
  });
}

/** A backend that cannot serve predictions now (Label Studio's `not_ready`). */
export function isNotReady(backend: MlBackendRow): boolean {
  return backend.state === 'DI' || backend.state === 'ER';
}
