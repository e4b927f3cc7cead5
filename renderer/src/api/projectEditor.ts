import { projectEditorSchema } from '../../../shared/api/editor';
import type { ApiClient } from './client';

export type { ProjectEditor } from '../../../shared/api/editor';

/**
 * `GET /api/outpost/projects/{id}/editor` (Outpost's own): the Label Studio editor this project
 * labels with, the bundled one or a remote's cached one, and the tags it can show.
 */
export function getProjectEditor(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client.get(`/api/outpost/projects/${projectId}/editor`, { signal, schema: projectEditorSchema });
}
