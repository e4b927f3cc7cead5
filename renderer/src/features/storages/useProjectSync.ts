import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { refOf, type Storage } from '../../api/storages';
import { useToasts } from '../../components/toastContext';
import { runStorageSync, storagesToSyncOnOpen } from './runSync';
import { plural, storageName } from './storageText';
import { storagesQuery, useStoragePut } from './useStorages';

export type ProjectSyncState =
  | { kind: 'idle' }
  /** `found`: new tasks the running sync found so far. */
  | { kind: 'syncing'; found: number; automatic: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface SyncRequest {
  targets: readonly Storage[];
  automatic: boolean;
}

/**
 * The project's source storages from the Data Manager: local folders sync by themselves when the
 * page opens (see storagesToSyncOnOpen), every source syncs on request. `onTasksAdded` reloads
 * the tasks when a sync brought new ones.
 */
export function useProjectSync(projectId: number, onTasksAdded: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const put = useStoragePut(projectId);
  // Without the list there is no Sync button; the tasks themselves still load.
  const storages = useQuery(storagesQuery(client, projectId));
  const [found, setFound] = useState(0);
  // Leaving the page stops following the syncs; they go on in the server.
  const alive = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    return () => controller.abort();
  }, []);
  const added = useRef(onTasksAdded);
  useEffect(() => {
    added.current = onTasksAdded;
  }, [onTasksAdded]);

  const sync = useMutation({
    mutationFn: async ({ targets, automatic }: SyncRequest) => {
      const signal = alive.current.signal;
      let total = 0;
      const failures: string[] = [];
      setFound(0);
      for (const storage of targets) {
        try {
          const result = await runStorageSync(client, refOf(storage, 'import'), {
            signal,
            onProgress: (current) => setFound(total + (current.last_sync_count ?? 0)),
          });
          if (signal.aborted) return;
          put('import', result);
          if (result.status === 'failed')
            failures.push(`${storageName(storage)}: ${result.traceback ?? 'no reason given.'}`);
          else total += result.last_sync_count ?? 0;
        } catch (error) {
          if (signal.aborted) return;
          failures.push(`${storageName(storage)}: ${messageOf(error)}`);
        }
      }
      if (total > 0) added.current();
      for (const failure of failures) toasts.error(`The sync failed. ${failure}`);
      if (total > 0) toasts.success(`Synced: ${plural(total, 'new task')} added from storage.`);
      else if (!automatic && failures.length === 0) toasts.success('Synced: no new files in storage.');
    },
  });

  // Once per visit, and only on a list read now: a cached one's last syncs may be old news.
  const { mutate } = sync;
  const isFresh = storages.isSuccess && storages.isFetchedAfterMount;
  const checkedOnOpen = useRef(false);
  useEffect(() => {
    if (checkedOnOpen.current || !isFresh || !storages.data) return;
    checkedOnOpen.current = true;
    const due = storagesToSyncOnOpen(storages.data.import, Date.now());
    if (due.length > 0) mutate({ targets: due, automatic: true });
  }, [isFresh, storages.data, mutate]);

  const syncable = (storages.data?.import ?? []).filter((storage) => storage.synchronizable);
  const state: ProjectSyncState = sync.isPending
    ? { kind: 'syncing', found, automatic: sync.variables.automatic }
    : { kind: 'idle' };
  return {
    hasStorages: syncable.length > 0,
    state,
    syncNow: () => {
      if (!sync.isPending) mutate({ targets: syncable, automatic: false });
    },
  };
}
