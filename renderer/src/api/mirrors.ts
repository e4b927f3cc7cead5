import { mirrorListSchema } from '../../../shared/api/mirrors';
import type { ApiClient } from './client';

/*
 * `/api/outpost/mirrors/`: the local projects pulled from a remote, with that remote, their
 * local changes waiting to be pushed and their open conflicts. Projects made here are absent.
 */

export type { Mirror } from '../../../shared/api/mirrors';

/** Every mirror, or only `project`'s (an empty list when it mirrors nothing). */
export function listMirrors(client: ApiClient, options: { project?: number; signal?: AbortSignal } = {}) {
  return client.get('/api/outpost/mirrors/', {
    query: { project: options.project },
    signal: options.signal,
    schema: mirrorListSchema,
  });
}
