import type { ApiClient } from './client';

/** Where a mirrored task lives on its remote (`/api/outpost/tasks/{id}/remote`); all null for a local task. */
export interface TaskRemoteLink {
  remote: { id: number; name: string; url: string } | null;
  remote_project_id: number | null;
  remote_task_id: number | null;
  /** The remote's labeling page for the task (its project's data page before the task is pushed). */
  url: string | null;
}

export function getTaskRemoteLink(client: ApiClient, taskId: number, signal?: AbortSignal): Promise<TaskRemoteLink> {
  return client.get<TaskRemoteLink>(`/api/outpost/tasks/${taskId}/remote/`, { signal });
}
