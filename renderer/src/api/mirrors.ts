import type { ApiClient } from './client';

/*
 * `/api/outpost/mirrors/`: the local projects pulled from a remote, with that remote, their
 * local changes waiting to be pushed and their open conflicts. Projects made here are absent.
 */

export interface Mirror {
  project: number;
  remote: { id: number; name: string; url: string };
  remote_project_id: number;
  /** null while no pull of it has finished. */
  last_pull_at: string | null;
  last_push_at: string | null;
  pending_changes: number;
  open_conflicts: number;
}

/** Every mirror, or only `project`'s (an empty list when it mirrors nothing). */
export function listMirrors(client: ApiClient, options: { project?: number; signal?: AbortSignal } = {}) {
  return client.get<Mirror[]>('/api/outpost/mirrors/', { query: { project: options.project }, signal: options.signal });
}
