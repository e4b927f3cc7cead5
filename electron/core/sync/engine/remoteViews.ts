import type { RemoteView } from '../../../../shared/api/syncScope.js';
import { requireRemote } from '../../domain/remotes/remotes.js';
import { createRemoteClient } from '../remoteClient.js';
import { RemoteError } from '../remoteError.js';
import { storedToken } from './manageRemotes.js';
import { namingRemote, RemoteUnavailableError } from './remoteProjects.js';
import type { SyncDeps } from './syncDeps.js';

/** A data-manager tab as Label Studio's `/api/dm/views/` gives it (only what is read here). */
interface RemoteViewBody {
  id: number;
  data?: { title?: unknown; filters?: { items?: unknown } | null } | null;
}

/**
 * The tabs of a remote project as the token's user sees them, to choose one as a mirror's scope.
 * Label Studio answers them all at once (the list is not paged).
 */
export async function listRemoteViews(deps: SyncDeps, id: number, remoteProjectId: number): Promise<RemoteView[]> {
  const remote = requireRemote(deps, id);
  const client = createRemoteClient({ url: remote.url, token: storedToken(deps, remote), fetch: deps.fetch });
  try {
    const views = await client.request<unknown>('GET', '/api/dm/views/', { query: { project: remoteProjectId } });
    if (!Array.isArray(views)) throw new RemoteUnavailableError(`${remote.url} did not answer a list of tabs.`);
    return (views as RemoteViewBody[])
      .filter((view) => typeof view?.id === 'number')
      .map((view) => ({
        id: view.id,
        title: typeof view.data?.title === 'string' ? view.data.title : '',
        filters: Array.isArray(view.data?.filters?.items) ? view.data.filters.items.length : 0,
      }));
  } catch (error) {
    if (error instanceof RemoteError) throw new RemoteUnavailableError(namingRemote(remote.url, error.message));
    throw error;
  }
}
