import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/apiContext';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { listTemplates, type TemplateCatalog } from '../../api/templates';

export type CatalogLoad =
  { status: 'loading' } | { status: 'ready'; catalog: TemplateCatalog } | { status: 'error'; message: string };

/**
 * The template gallery from `/api/templates/`, loaded while `enabled` (the dialog is open). The
 * same object while nothing changed: dialogs suggest a template afresh when it changes.
 */
export function useTemplateCatalog(enabled: boolean): CatalogLoad {
  const client = useApi();
  const { data, error, status } = useQuery({
    queryKey: queryKeys.templates,
    queryFn: ({ signal }) => listTemplates(client, signal),
    enabled,
    // Loaded once: the catalog is part of the app and does not change while it runs.
    staleTime: Infinity,
  });
  return useMemo(() => {
    if (status === 'error') return { status: 'error', message: errorMessage(error) };
    return data ? { status: 'ready', catalog: data } : { status: 'loading' };
  }, [data, error, status]);
}
