import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { fetchDashboard, type DashboardQuery, type ProjectDashboard } from '../../api/dashboard';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';

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
  const { from, to, bucket, timezone } = query;
  const asked = { from, to, bucket, timezone };
  const result = useQuery({
    queryKey: queryKeys.dashboard(projectId, asked),
    queryFn: ({ signal }) => fetchDashboard(client, projectId, asked, signal),
    placeholderData: keepPreviousData,
  });
  const data = result.data ?? null;
  if (result.isError) return { status: 'error', message: errorMessage(result.error), data };
  if (result.isPending || result.isPlaceholderData || !data) return { status: 'loading', data };
  return { status: 'ready', data };
}
