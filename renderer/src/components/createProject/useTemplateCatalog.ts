import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { loadedOf } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { listTemplates, type TemplateCatalog } from '../../api/templates';

export type CatalogLoad =
  { status: 'loading' } | { status: 'ready'; catalog: TemplateCatalog } | { status: 'error'; message: string };

/** The template gallery from `/api/templates/`, loaded while `enabled` (the dialog is open). */
export function useTemplateCatalog(enabled: boolean): CatalogLoad {
  const client = useApi();
  const load = loadedOf(
    useQuery({
      queryKey: queryKeys.templates,
      queryFn: ({ signal }) => listTemplates(client, signal),
      enabled,
      // Loaded once: the catalog is part of the app and does not change while it runs.
      staleTime: Infinity,
    }),
  );
  return load.status === 'ready' ? { status: 'ready', catalog: load.data } : load;
}
