import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { listStorages, type Storage, type StorageDirection } from '../../api/storages';

export type StoragesLoad =
  | { status: 'loading' }
  | { status: 'ready'; storages: Record<StorageDirection, Storage[]> }
  | { status: 'error'; message: string };

type Storages = Record<StorageDirection, Storage[]>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const byId = (a: Storage, b: Storage) => a.id - b.id;

/** The project's source and target storages, read together (the settings page and the Data Manager share them). */
export function storagesQuery(client: ApiClient, projectId: number) {
  return queryOptions({
    queryKey: queryKeys.storages(projectId),
    queryFn: async ({ signal }): Promise<Storages> => {
      const [sources, targets] = await Promise.all([
        listStorages(client, projectId, 'import', signal),
        listStorages(client, projectId, 'export', signal),
      ]);
      return { import: sources.sort(byId), export: targets.sort(byId) };
    },
  });
}

/**
 * The project's source and target storages. `refresh()` reloads both (the list stays on screen
 * meanwhile); `put` shows a storage the server just returned, `drop` forgets one.
 */
export function useStorages(projectId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const query = useQuery(storagesQuery(client, projectId));
  const load: StoragesLoad = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: messageOf(query.error) }
      : { status: 'ready', storages: query.data };

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.storages(projectId) }),
    [queryClient, projectId],
  );
  const put = useStoragePut(projectId);

  const drop = useCallback(
    (direction: StorageDirection, storage: Pick<Storage, 'id' | 'type'>) =>
      queryClient.setQueryData<Storages>(
        queryKeys.storages(projectId),
        (current) =>
          current && {
            ...current,
            [direction]: current[direction].filter((item) => !(item.id === storage.id && item.type === storage.type)),
          },
      ),
    [queryClient, projectId],
  );

  return { load, refresh, put, drop };
}

/** Shows a storage the server just returned (added, edited, synced) in the project's cached list. */
export function useStoragePut(projectId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (direction: StorageDirection, storage: Storage) =>
      queryClient.setQueryData<Storages>(
        queryKeys.storages(projectId),
        (current) =>
          current && {
            ...current,
            // Ids are per type: a local folder and a bucket may share one.
            [direction]: [
              ...current[direction].filter((item) => !(item.id === storage.id && item.type === storage.type)),
              storage,
            ].sort(byId),
          },
      ),
    [queryClient, projectId],
  );
}
