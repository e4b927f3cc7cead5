import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { fetchAppInfo } from '../../api/appInfo';
import { queryKeys } from '../../api/queryKeys';

/**
 * Outpost's own facts (how it runs, where its data lives), read once while `enabled`: they do not
 * change while the app runs.
 */
export function useAppInfo(enabled = true) {
  const client = useApi();
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: ({ signal }) => fetchAppInfo(client, signal),
    enabled,
    staleTime: Infinity,
  });
}
