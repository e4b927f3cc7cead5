import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import { listBackends, type MlBackend } from '../../api/mlBackends';
import { listModelVersions } from '../../api/projectSettings';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';

export type BackendsLoad =
  | { status: 'loading' }
  | { status: 'ready'; backends: MlBackend[]; versions: Record<string, number> }
  | { status: 'error'; message: string };

type Backends = { backends: MlBackend[]; versions: Record<string, number> };

/**
 * The project's connected models and its prediction versions, loaded together: a change to one
 * (a model connected, predictions retrieved) changes what the version choice offers.
 * `refresh()` reloads both; the list stays on screen while it does.
 */
export function useMlBackends(projectId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.mlBackends(projectId),
    queryFn: async ({ signal }): Promise<Backends> => {
      const [backends, versions] = await Promise.all([
        listBackends(client, projectId, signal),
        listModelVersions(client, projectId, signal),
      ]);
      return { backends, versions };
    },
  });

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.mlBackends(projectId) }),
    [queryClient, projectId],
  );

  /** Puts a backend the server just returned in place (or adds it), without a round trip. */
  const put = useCallback(
    (backend: MlBackend) =>
      queryClient.setQueryData<Backends>(queryKeys.mlBackends(projectId), (current) => {
        if (!current) return current;
        const others = current.backends.filter((item) => item.id !== backend.id);
        return { ...current, backends: [...others, backend].sort((a, b) => a.id - b.id) };
      }),
    [queryClient, projectId],
  );

  const load: BackendsLoad = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: errorMessage(query.error) }
      : { status: 'ready', ...query.data };
  return { load, isRefreshing: query.isFetching, refresh, put };
}
