import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { listRemotes } from '../../api/remotes';
import type { Mirror } from '../../api/mirrors';
import { queryKeys } from '../../api/queryKeys';
import { mirrorsQuery } from '../sync/useMirrors';

/** Whether a project is mirrored (and from where), and whether any remote is set up at all. */
export type SyncStanding =
  { status: 'loading' } | { status: 'unknown' } | { status: 'ready'; mirror: Mirror | null; hasRemotes: boolean };

/**
 * What the conflicts page needs to explain an empty list: a project made here has never been
 * synced, a mirror may not have finished its first pull, and a synced one has truly nothing open.
 * Both lists are the ones the status bar and the project cards already read (shared queries).
 */
export function useSyncStanding(projectId: number): SyncStanding {
  const client = useApi();
  const mirrors = useQuery(mirrorsQuery(client));
  const remotes = useQuery({ queryKey: queryKeys.remotes, queryFn: ({ signal }) => listRemotes(client, signal) });
  // Without them the page still says there is nothing to resolve, only less precisely.
  if (remotes.isError || mirrors.isError) return { status: 'unknown' };
  if (!mirrors.data || !remotes.data) return { status: 'loading' };
  const mirror = mirrors.data.find((item) => item.project === projectId) ?? null;
  return { status: 'ready', mirror, hasRemotes: remotes.data.length > 0 };
}
