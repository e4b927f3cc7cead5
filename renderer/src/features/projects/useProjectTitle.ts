import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/apiContext';
import type { ApiClient } from '../../api/client';
import { fetchProjectTitle } from '../../api/dataManager';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { useToasts } from '../../components/toastContext';

/** The project's title alone (its counters would cost a scan of its tasks), shared by its pages. */
export function projectTitleQuery(client: ApiClient, projectId: number) {
  return queryOptions({
    queryKey: queryKeys.projectTitle(projectId),
    queryFn: ({ signal }) => fetchProjectTitle(client, projectId, signal),
  });
}

/**
 * The title for a page's breadcrumb, '' until known. The page works without it, so a failure is
 * only told, as a toast.
 */
export function useProjectTitle(projectId: number): string {
  const client = useApi();
  const toasts = useToasts();
  const { data, error } = useQuery(projectTitleQuery(client, projectId));
  // Told once per failed load: the effect runs again only for another error.
  useEffect(() => {
    if (error) toasts.error(`The project could not be loaded: ${errorMessage(error)}`);
  }, [error, toasts]);
  return data ?? '';
}
