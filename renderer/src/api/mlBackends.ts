import { z } from 'zod';
import {
  backendVersionsAnswerSchema,
  interactiveAnswerSchema,
  mlBackendListSchema,
  mlBackendSchema,
  predictTestAnswerSchema,
  type BackendVersionsAnswer,
  type InteractiveAnswer,
  type MlAuthMethod,
  type MlBackend,
  type PredictTestAnswer,
} from '../../../shared/api/mlBackends';
import { ApiError, type ApiClient } from './client';

export type {
  InteractiveAnswer,
  MlAuthMethod,
  MlBackend,
  MlState,
  PredictTestAnswer,
} from '../../../shared/api/mlBackends';

/*
 * Label Studio's ML backends (`/api/ml`): model servers connected to a project, and Outpost's
 * built-in model, which is connected the same way under a special address.
 */

/** The address that names Outpost's built-in offline model instead of a model server. */
export const LOCAL_MODEL_URL = 'outpost:local-model';

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

/** The model's versions as the page shows them: every version as text. */
export type BackendVersions = Omit<BackendVersionsAnswer, 'versions'> & { versions: string[] };

export const isLocalModel = (backend: Pick<MlBackend, 'url'>) => backend.url === LOCAL_MODEL_URL;

/** Each backend's state is checked again by the server when listed. */
export function listBackends(client: ApiClient, project: number, signal?: AbortSignal): Promise<MlBackend[]> {
  return client.get('/api/ml', { query: { project }, signal, schema: mlBackendListSchema });
}

/** The part of `/model-versions?extended&include_live_models` read here; the versions are not. */
const knownBackendsSchema = z.object({ live: mlBackendListSchema.nullish() });

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
  const versions = await client.get(`/api/projects/${project}/model-versions/`, {
    query: { extended: 'true', include_live_models: 'true' },
    signal,
    schema: knownBackendsSchema,
  });
  return versions.live ?? [];
}

/** The server connects to the model before saving: a refusal comes back as an ApiError (400 or 403). */
export function createBackend(
  client: ApiClient,
  project: number,
  fields: MlBackendChanges & { url: string },
): Promise<MlBackend> {
  return client.post('/api/ml', { project, ...fields }, { schema: mlBackendSchema });
}

export function updateBackend(client: ApiClient, id: number, changes: MlBackendChanges): Promise<MlBackend> {
  return client.patch(`/api/ml/${id}`, changes, { schema: mlBackendSchema });
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
  return client.post(`/api/ml/${id}/predict/test`, {}, { query: { random: true }, schema: predictTestAnswerSchema });
}

/** The model's versions; the server's `{error}` (outside Label Studio's envelope) becomes the message. */
export async function listVersions(client: ApiClient, id: number, signal?: AbortSignal): Promise<BackendVersions> {
  try {
    const body = await client.get(`/api/ml/${id}/versions`, { signal, schema: backendVersionsAnswerSchema });
    const versions = body.versions.map(String);
    return body.message === undefined ? { versions } : { versions, message: body.message };
  } catch (error) {
    const said = error instanceof ApiError ? (error.body as { error?: unknown } | null)?.error : undefined;
    if (typeof said === 'string') throw new ApiError((error as ApiError).status, said, (error as ApiError).body);
    throw error;
  }
}

export function interactiveAnnotating(
  client: ApiClient,
  backendId: number,
  task: number,
  context: Record<string, unknown>,
): Promise<InteractiveAnswer> {
  return client.post(
    `/api/ml/${backendId}/interactive-annotating`,
    { task, context },
    { schema: interactiveAnswerSchema },
  );
}
