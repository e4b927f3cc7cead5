import {
  conflictCountsSchema,
  conflictListSchema,
  conflictSchema,
  type Resolution,
} from '../../../shared/api/conflicts';
import type { ApiClient } from './client';

/*
 * `/api/outpost/conflicts/`: what a sync could not settle alone, and a person's answer to it.
 * The shapes are shared/api/conflicts.ts, which the server builds and every answer is checked against.
 */

export type {
  Conflict,
  ConflictAnnotation,
  ConflictAuthor,
  ConflictKind,
  ConflictRegions,
  RegionClash,
  Resolution,
} from '../../../shared/api/conflicts';

export function fetchConflicts(client: ApiClient, projectId: number, resolved: boolean, signal?: AbortSignal) {
  return client.get('/api/outpost/conflicts/', {
    query: { project: projectId, resolved },
    signal,
    schema: conflictListSchema,
  });
}

/** Open conflicts per project id (projects without any are absent). */
export function fetchConflictCounts(client: ApiClient, signal?: AbortSignal) {
  return client.get('/api/outpost/conflicts/counts/', { signal, schema: conflictCountsSchema });
}

export function resolveConflict(client: ApiClient, id: number, resolution: Resolution) {
  return client.post(`/api/outpost/conflicts/${id}/resolve`, { resolution }, { schema: conflictSchema });
}
