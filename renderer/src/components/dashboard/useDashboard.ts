import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchDashboard, type DashboardQuery, type ProjectDashboard } from '../../api/dashboard';

/** ApiError messages are already the server's envelope in words. */
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type DashboardLoad =
  | { status: 'loading'; data: ProjectDashboard | null }
  | { status: 'ready'; data: ProjectDashboard }
  | { status: 'error'; message: string; data: ProjectDashboard | null };

/**
 * The dashboard for a query. A new query keeps the previous numbers on screen while it loads
 * (no flash of empty charts); a request overtaken by a newer one is aborted.
 */
export function useDashboard(projectId: number, query: DashboardQuery): DashboardLoad {
  const client = useApi();
  const [load, setLoad] = useState<DashboardLoad>({ status: 'loading', data: null });
  const { from, to, bucket, timezone } = query;

  useEffect(() => {
    const controller = new AbortController();
    setLoad((previous) => ({ status: 'loading', data: previous.data }));
    fetchDashboard(client, projectId, { from, to, bucket, timezone }, controller.signal).then(
      (data) => setLoad({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad((previous) => ({ status: 'error', message: errorMessage(error), data: previous.data }));
      },
    );
    return () => controller.abort();
  }, [client, projectId, from, to, bucket, timezone]);

  return load;
}
