import type { ApiClient } from './client';

/*
 * `/api/outpost/conflicts/`: what a sync could not settle alone, and a person's answer to it.
 * `local` is the annotator's version here, `remote` the remote's (null when that side deleted it).
 */

export type ConflictKind =
  'edited_on_both_sides' | 'edited_here_deleted_there' | 'deleted_here_edited_there' | 'task_deleted_there';

export type Resolution = 'keep_mine' | 'keep_theirs' | 'keep_both';

export interface ConflictAuthor {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface ConflictAnnotation {
  id: number;
  result: unknown;
  was_cancelled: boolean;
  updated_at: string;
  completed_by: ConflictAuthor | null;
}

export interface Conflict {
  id: number;
  project: number;
  task: number;
  kind: ConflictKind | string;
  created_at: string;
  resolved_at: string | null;
  resolution: Resolution | null;
  local: ConflictAnnotation | null;
  remote: ConflictAnnotation | null;
  task_data: unknown;
  /** For a task deleted on the remote: the annotations it holds here. */
  task_annotations: ConflictAnnotation[];
}

export function fetchConflicts(client: ApiClient, projectId: number, resolved: boolean, signal?: AbortSignal) {
  return client.get<Conflict[]>('/api/outpost/conflicts/', { query: { project: projectId, resolved }, signal });
}

/** Open conflicts per project id (projects without any are absent). */
export function fetchConflictCounts(client: ApiClient, signal?: AbortSignal) {
  return client.get<Record<string, number>>('/api/outpost/conflicts/counts/', { signal });
}

export function resolveConflict(client: ApiClient, id: number, resolution: Resolution) {
  return client.post<Conflict>(`/api/outpost/conflicts/${id}/resolve`, { resolution });
}
