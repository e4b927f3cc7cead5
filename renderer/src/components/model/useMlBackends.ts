import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listBackends, type MlBackend } from '../../api/mlBackends';
import { listModelVersions } from '../../api/projectSettings';

export type BackendsLoad =
  | { status: 'loading' }
  | { status: 'ready'; backends: MlBackend[]; versions: Record<string, number> }
  | { status: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The project's connected models and its prediction versions, loaded together: a change to one
 * (a model connected, predictions retrieved) changes what the version choice offers.
 * `refresh()` reloads both; the list stays on screen while it does.
 */
export function useMlBackends(projectId: number) {
  const client = useApi();
  const [load, setLoad] = useState<BackendsLoad>({ status: 'loading' });
  const [isRefreshing, setRefreshing] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setRefreshing(true);
    Promise.all([
      listBackends(client, projectId, controller.signal),
      listModelVersions(client, projectId, controller.signal),
    ])
      .then(
        ([backends, versions]) => setLoad({ status: 'ready', backends, versions }),
        (error: unknown) => {
          if (!controller.signal.aborted) setLoad({ status: 'error', message: messageOf(error) });
        },
      )
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => controller.abort();
  }, [client, projectId, tick]);

  const refresh = useCallback(() => setTick((value) => value + 1), []);

  /** Puts a backend the server just returned in place (or adds it), without a round trip. */
  const put = useCallback((backend: MlBackend) => {
    setLoad((current) => {
      if (current.status !== 'ready') return current;
      const others = current.backends.filter((item) => item.id !== backend.id);
      const backends = [...others, backend].sort((a, b) => a.id - b.id);
      return { ...current, backends };
    });
  }, []);

  return { load, isRefreshing, refresh, put };
}
