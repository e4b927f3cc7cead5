import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listStorages, type Storage, type StorageDirection } from '../../api/storages';

export type StoragesLoad =
  | { status: 'loading' }
  | { status: 'ready'; storages: Record<StorageDirection, Storage[]> }
  | { status: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const byId = (a: Storage, b: Storage) => a.id - b.id;

/**
 * The project's source and target storages, loaded together. `refresh()` reloads both (the list
 * stays on screen meanwhile); `put` shows a storage the server just returned, `drop` forgets one.
 */
export function useStorages(projectId: number) {
  const client = useApi();
  const [load, setLoad] = useState<StoragesLoad>({ status: 'loading' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      listStorages(client, projectId, 'import', controller.signal),
      listStorages(client, projectId, 'export', controller.signal),
    ]).then(
      ([sources, targets]) =>
        setLoad({ status: 'ready', storages: { import: sources.sort(byId), export: targets.sort(byId) } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [client, projectId, tick]);

  const refresh = useCallback(() => setTick((value) => value + 1), []);

  const change = useCallback(
    (direction: StorageDirection, update: (storages: Storage[]) => Storage[]) =>
      setLoad((current) =>
        current.status === 'ready'
          ? { ...current, storages: { ...current.storages, [direction]: update(current.storages[direction]) } }
          : current,
      ),
    [],
  );

  const put = useCallback(
    (direction: StorageDirection, storage: Storage) =>
      change(direction, (storages) =>
        // Ids are per type: a local folder and a bucket may share one.
        [...storages.filter((item) => !(item.id === storage.id && item.type === storage.type)), storage].sort(byId),
      ),
    [change],
  );

  const drop = useCallback(
    (direction: StorageDirection, storage: Pick<Storage, 'id' | 'type'>) =>
      change(direction, (storages) =>
        storages.filter((item) => !(item.id === storage.id && item.type === storage.type)),
      ),
    [change],
  );

  return { load, refresh, put, drop };
}
