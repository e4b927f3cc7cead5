import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listMirrors, type Mirror } from '../../api/mirrors';
import { listRemotes } from '../../api/remotes';

/** Whether a project is mirrored (and from where), and whether any remote is set up at all. */
export type SyncStanding =
  { status: 'loading' } | { status: 'unknown' } | { status: 'ready'; mirror: Mirror | null; hasRemotes: boolean };

/**
 * What the conflicts page needs to explain an empty list: a project made here has never been
 * synced, a mirror may not have finished its first pull, and a synced one has truly nothing open.
 */
export function useSyncStanding(projectId: number): SyncStanding {
  const client = useApi();
  const [standing, setStanding] = useState<SyncStanding>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([listMirrors(client, { project: projectId, signal }), listRemotes(client, signal)]).then(
      ([mirrors, remotes]) =>
        setStanding({ status: 'ready', mirror: mirrors[0] ?? null, hasRemotes: remotes.length > 0 }),
      // Without it the page still says there is nothing to resolve, only less precisely.
      () => {
        if (!signal.aborted) setStanding({ status: 'unknown' });
      },
    );
    return () => controller.abort();
  }, [client, projectId]);
  return standing;
}
