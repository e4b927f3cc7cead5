import {
  remoteViewListSchema,
  syncScopeBodySchema,
  type SyncScope,
  type RemoteView,
} from '../../../shared/api/syncScope';
import type { ApiClient } from './client';

/*
 * The part of a remote project its mirror pulls, by the remote's project id (a scope can be set
 * before the first pull, when there is no local project yet); the page reads it from the remote's
 * project list. The local server asks the remote for its tabs on the UI's behalf.
 */

export type { SyncScope, RemoteView } from '../../../shared/api/syncScope';

const projectPath = (remoteId: number, remoteProjectId: number) =>
  `/api/outpost/remotes/${remoteId}/projects/${remoteProjectId}`;

/** The remote project's Data Manager tabs as the token's user sees them; a 502 says why the remote failed. */
export function listRemoteViews(
  client: ApiClient,
  remoteId: number,
  remoteProjectId: number,
  signal?: AbortSignal,
): Promise<RemoteView[]> {
  return client.get(`${projectPath(remoteId, remoteProjectId)}/views/`, { signal, schema: remoteViewListSchema });
}

/** Stores the scope (the next sync pulls by it); a refusal is a 400 naming the field, e.g. `scope.count`. */
export async function setSyncScope(
  client: ApiClient,
  remoteId: number,
  remoteProjectId: number,
  scope: SyncScope,
): Promise<SyncScope> {
  const answer = await client.request('PUT', `${projectPath(remoteId, remoteProjectId)}/scope/`, {
    body: { scope },
    schema: syncScopeBodySchema,
  });
  return answer.scope;
}
