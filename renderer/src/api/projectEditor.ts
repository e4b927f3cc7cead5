import { projectEditorChoicesSchema, projectEditorSchema } from '../../../shared/api/editor';
import type { ApiClient } from './client';

export type { ProjectEditor } from '../../../shared/api/editor';

/**
 * `GET /api/outpost/projects/{id}/editor` (Outpost's own): the Label Studio editor this project
 * labels with, the bundled one or a remote's cached one, and the tags it can show.
 */
export function getProjectEditor(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client.get(`/api/outpost/projects/${projectId}/editor`, { signal, schema: projectEditorSchema });
}

/** `GET /api/outpost/projects/{id}/editor/choices`: the cached editors a project made here may label with. */
export function getProjectEditorChoices(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client.get(`/api/outpost/projects/${projectId}/editor/choices`, {
    signal,
    schema: projectEditorChoicesSchema,
  });
}

/** `PUT /api/outpost/projects/{id}/editor`: a cached editor's key, or null for the bundled editor. */
export function chooseProjectEditor(client: ApiClient, projectId: number, key: string | null) {
  return client.request('PUT', `/api/outpost/projects/${projectId}/editor`, {
    body: { editor: key },
    schema: projectEditorSchema,
  });
}
