import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { fetchQuality, type ProjectQuality } from '../../api/quality';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';

export type QualityLoad =
  { status: 'loading' } | { status: 'ready'; data: ProjectQuality } | { status: 'error'; message: string };

/** The project's agreement report, computed by the server from the annotations on each load. */
export function useQuality(projectId: number): QualityLoad {
  const client = useApi();
  const result = useQuery({
    queryKey: queryKeys.quality(projectId),
    queryFn: ({ signal }) => fetchQuality(client, projectId, signal),
  });
  if (result.isError) return { status: 'error', message: errorMessage(result.error) };
  if (!result.data) return { status: 'loading' };
  return { status: 'ready', data: result.data };
}
