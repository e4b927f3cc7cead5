import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listStorages, refOf, type Storage } from '../../api/storages';
import { runStorageSync, storagesToSyncOnOpen } from './runSync';
import { plural, storageName } from './storageText';
import { useToasts } from '../../components/toastContext';

export type ProjectSyncState =
  | { kind: 'idle' }
  /** `found`: new tasks the running sync found so far. */
  | { kind: 'syncing'; found: number; automatic: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The project's source storages from the Data Manager: local folders sync by themselves when the
 * page opens (see storagesToSyncOnOpen), every source syncs on request. `onTasksAdded` reloads
 * the tasks when a sync brought new ones.
 */
export function useProjectSync(projectId: number, onTasksAdded: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const [storages, setStorages] = useState<Storage[]>([]);
  const [state, setState] = useState<ProjectSyncState>({ kind: 'idle' });
  const alive = useRef(new AbortController());
  const added = useRef(onTasksAdded);
  useEffect(() => {
    added.current = onTasksAdded;
  }, [onTasksAdded]);

  const syncAll = useCallback(
    async (targets: readonly Storage[], automatic: boolean) => {
      const signal = alive.current.signal;
      let total = 0;
      const failures: string[] = [];
      setState({ kind: 'syncing', found: 0, automatic });
      for (const storage of targets) {
        try {
          const result = await runStorageSync(client, refOf(storage, 'import'), {
            signal,
            onProgress: (current) =>
              setState({ kind: 'syncing', found: total + (current.last_sync_count ?? 0), automatic }),
          });
          if (signal.aborted) return;
          setStorages((current) => current.map((item) => (item.id === result.id ? result : item)));
          if (result.status === 'failed')
            failures.push(`${storageName(storage)}: ${result.traceback ?? 'no reason given.'}`);
          else total += result.last_sync_count ?? 0;
        } catch (error) {
          if (signal.aborted) return;
          failures.push(`${storageName(storage)}: ${messageOf(error)}`);
        }
      }
      setState({ kind: 'idle' });
      if (total > 0) added.current();
      for (const failure of failures) toasts.error(`The sync failed. ${failure}`);
      if (total > 0) toasts.success(`Synced: ${plural(total, 'new task')} added from storage.`);
      else if (!automatic && failures.length === 0) toasts.success('Synced: no new files in storage.');
    },
    [client, toasts],
  );

  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    listStorages(client, projectId, 'import', controller.signal).then(
      (listed) => {
        setStorages(listed);
        const due = storagesToSyncOnOpen(listed, Date.now());
        if (due.length > 0) void syncAll(due, true);
      },
      // Without the list there is no Sync button; the tasks themselves still load.
      () => undefined,
    );
    return () => controller.abort();
  }, [client, projectId, syncAll]);

  const syncable = storages.filter((storage) => storage.synchronizable);
  return {
    hasStorages: syncable.length > 0,
    state,
    syncNow: () => {
      if (state.kind === 'idle') void syncAll(syncable, false);
    },
  };
}
