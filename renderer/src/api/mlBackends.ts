import { ApiError, type ApiClient } from './client';

/*
 * Label Studio's ML backends (`/api/ml`): model servers connected to a project, and Outpost's
 * built-in model, which is connected the same way under a special address.
 */

/** The address that names Outpost's built-in offline model instead of a model server. */
export const LOCAL_MODEL_URL = 'outpost:local-model';

export type MlState = 'CO' | 'DI' | 'ER' | 'TR' | 'PR';
export type MlAuthMethod = 'NONE' | 'BASIC_AUTH';

export interface MlBackend {
  id: number;
  state: MlState;
  readable_state: string;
  is_interactive: boolean;
  url: string;
  error_message: string | null;
  title: string | null;
  auth_method: MlAuthMethod;
  basic_auth_user: string | null;
  basic_auth_pass_is_set: boolean;
  description: string | null;
  extra_params: unknown;
  model_version: string | null;
  timeout: number;
  created_at: string;
  updated_at: string;
  auto_update: boolean;
  project: number;
}

/** The writable fields; the password is write-only and only sent when typed. */
export interface MlBackendChanges {
  url?: string;
  title?: string;
  description?: string;
  is_interactive?: boolean;
  auth_method?: MlAuthMethod;
  basic_auth_user?: string;
  basic_auth_pass?: string;
  timeout?: number;
}

/** What `predict/test` answers: the request sent to the model and its raw answer. */
export interface PredictTestAnswer {
  status: number;
  error_message: string | null;
  url: string;
  task: { id?: number; data?: Record<string, unknown> } | null;
  request: unknown;
  response: unknown;
}

export interface BackendVersions {
  versions: string[];
  message?: string;
}

export const isLocalModel = (backend: Pick<MlBackend, 'url'>) => backend.url === LOCAL_MODEL_URL;

/** Each backend's state is checked again by the server when listed. */
export function listBackends(client: ApiClient, project: number, signal?: AbortSignal): Promise<MlBackend[]> {
  return client.get<MlBackend[]>('/api/ml', { query: { project }, signal });
}

/**
 * The project's models as stored, without asking any server for its state (Label Studio's live
 * models of /model-versions): fast even when a model server is down, for pages that only need
 * titles, versions and which one is interactive.
 */
export async function listKnownBackends(
  client: ApiClient,
  project: number,
  signal?: AbortSignal,
): Promise<MlBackend[]> {
  const versions = await client.get<{ live: MlBackend[] | null }>(`/api/projects/${project}/model-versions/`, {
    query: { extended: 'true', include_live_models: 'true' },
    signal,
  });
  return versions.live ?? [];
}

/** The server connects to the model before saving: a refusal comes back as an ApiError (400 or 403). */
export function createBackend(
  client: ApiClient,
  project: number,
  fields: MlBackendChanges & { url: string },
): Promise<MlBackend> {
  return client.post<MlBackend>('/api/ml', { project, ...fields });
}

export function updateBackend(client: ApiClient, id: number, changes: MlBackendChanges): Promise<MlBackend> {
  return client.patch<MlBackend>(`/api/ml/${id}`, changes);
}

export function deleteBackend(client: ApiClient, id: number): Promise<void> {
  return client.delete(`/api/ml/${id}`);
}

/** Asks the model to train; the server answers 200 whether or not the model accepted. */
export async function trainBackend(client: ApiClient, id: number): Promise<void> {
  await client.post<unknown>(`/api/ml/${id}/train`, {});
}

/** One prediction for a random task of the project, stored nowhere. */
export function testPrediction(client: ApiClient, id: number): Promise<PredictTestAnswer> {
  return client.post<PredictTestAnswer>(`/api/ml/${id}/predict/test`, {}, { query: { random: true } });
}

/** The model's versions; the server's `{error}` (outside Label Studio's envelope) becomes the message. */
export async function listVersions(client: ApiClient, id: number, signal?: AbortSignal): Promise<BackendVersions> {
  try {
    const body = await client.get<{ versions?: unknown; message?: unknown }>(`/api/ml/${id}/versions`, { signal });
    const versions = Array.isArray(body.versions) ? body.versions.map(String) : [];
    return typeof body.message === 'string' ? { versions, message: body.message } : { versions };
  } catch (error) {
    const said = error instanceof ApiError ? (error.body as { error?: unknown } | null)?.error : undefined;
    if (typeof said === 'string') throw new ApiError((error as ApiError).status, said, (error as ApiError).body);
    throw error;
  }
}

/** The suggestion an interactive model makes from the regions drawn so far, or the reasons it did not. */
export interface InteractiveAnswer {
  data?: { result?: unknown };
  errors?: unknown;
}

export function interactiveAnnotating(
  client: ApiClient,
  backendId: number,
  task: number,
  context: Record<string, unknown>,
): Promise<InteractiveAnswer> {
  return client.post<InteractiveAnswer>(`/api/ml/${backendId}/interactive-annotating`, { task, context });
}
