import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchImportTarget } from '../../api/importApi';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { useToasts } from '../../components/toastContext';
import { exampleTask, expectedDataKeys, type ExpectedKey } from './expectedDataKeys';

export interface ImportTarget {
  title: string;
  /** The data keys the labeling config reads; null when the config cannot be read. */
  expected: ExpectedKey[] | null;
  /** One task in the shape the config reads, for the hints and the paste box's placeholder. */
  example: Record<string, unknown> | null;
}

/**
 * The project data is imported into, and what its labeling config expects; null until known. The
 * page works without it (the hints are left out), so a failure is only told, as a toast.
 */
export function useImportTarget(projectId: number): ImportTarget | null {
  const client = useApi();
  const toasts = useToasts();
  const { data, error } = useQuery({
    queryKey: queryKeys.importTarget(projectId),
    queryFn: async ({ signal }): Promise<ImportTarget> => {
      const { title, labelConfig } = await fetchImportTarget(client, projectId, signal);
      return {
        title,
        expected: labelConfig === null ? null : expectedDataKeys(labelConfig),
        example: labelConfig === null ? null : exampleTask(labelConfig),
      };
    },
  });
  // Told once per failed load: the effect runs again only for another error.
  useEffect(() => {
    if (error) toasts.error(`The project could not be loaded: ${errorMessage(error)}`);
  }, [error, toasts]);
  return data ?? null;
}
