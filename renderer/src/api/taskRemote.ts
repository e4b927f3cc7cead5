import { taskRemoteLinkSchema, type TaskRemoteLink } from '../../../shared/api/mirrors';
import type { ApiClient } from './client';

export type { TaskRemoteLink } from '../../../shared/api/mirrors';

/** Where a mirrored task lives on its remote (`/api/outpost/tasks/{id}/remote`); all null for a local task. */
export function getTaskRemoteLink(client: ApiClient, taskId: number, signal?: AbortSignal): Promise<TaskRemoteLink> {
  return client.get(`/api/outpost/tasks/${taskId}/remote/`, { signal, schema: taskRemoteLinkSchema });
}
