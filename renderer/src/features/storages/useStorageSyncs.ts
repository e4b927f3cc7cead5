import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { refOf, type Storage, type StorageDirection } from '../../api/storages';
import { runStorageSync } from './runSync';
import { isSyncing, storageName, syncResultText } from './storageText';
import { useToasts } from '../../components/toastContext';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One storage among both directions and all types. */
export const storageKey = (direction: StorageDirection, storage: Pick<Storage, 'id' | 'type'>) =>
  `${direction}/${storage.type}/${storage.id}`;

/**
 * Syncs started from the page: each storage's progress while it runs (its state read every half
 * second), then its result as a notification and `onDone` with the storage as the sync left it.
 */
export function useStorageSyncs(onDone: (direction: StorageDirection, storage: Storage) => void) {
  const client = useApi();
  const toasts = useToasts();
  const [progress, setProgress] = useState<Record<string, Storage>>({});
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const sync = useCallback(
    async (direction: StorageDirection, storage: Storage) => {
      const key = storageKey(direction, storage);
      if (running.current.has(key)) return;
      const controller = new AbortController();
      running.current.set(key, controller);
      // A look that came before the server marked the sync started still shows it as running.
      const show = (state: Storage) =>
        setProgress((current) => ({
          ...current,
          [key]: isSyncing(state) ? state : { ...state, status: 'in_progress', last_sync_count: null },
        }));
      show({ ...storage, status: 'in_progress', last_sync_count: null });
      const name = storageName(storage);
      try {
        const result = await runStorageSync(client, refOf(storage, direction), {
          signal: controller.signal,
          onProgress: show,
        });
        if (controller.signal.aborted) return;
        onDone(direction, result);
        if (result.status === 'failed')
          toasts.error(`The sync of ${name} failed: ${result.traceback ?? 'no reason given.'}`);
        else toasts.success(`Synced ${name}: ${syncResultText(result, direction) ?? 'done'}.`);
      } catch (error) {
        if (!controller.signal.aborted) toasts.error(`The sync of ${name} failed: ${messageOf(error)}`);
      } finally {
        running.current.delete(key);
        if (!controller.signal.aborted) {
          setProgress((current) => Object.fromEntries(Object.entries(current).filter(([item]) => item !== key)));
        }
      }
    },
    [client, toasts, onDone],
  );

  const progressOf = (direction: StorageDirection, storage: Storage): Storage | null =>
    progress[storageKey(direction, storage)] ?? null;

  return { sync, progressOf };
}
