import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listTemplates, type TemplateCatalog } from '../../api/templates';

export type CatalogLoad =
  { status: 'loading' } | { status: 'ready'; catalog: TemplateCatalog } | { status: 'error'; message: string };

/** The template gallery from `/api/templates/`, loaded while `enabled` (the dialog is open). */
export function useTemplateCatalog(enabled: boolean): CatalogLoad {
  const client = useApi();
  const [load, setLoad] = useState<CatalogLoad>({ status: 'loading' });
  const isReady = load.status === 'ready';

  useEffect(() => {
    // Loaded once: the catalog is part of the app and does not change while it runs.
    if (!enabled || isReady) return;
    const controller = new AbortController();
    listTemplates(client, controller.signal).then(
      (catalog) => setLoad({ status: 'ready', catalog }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setLoad({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        }
      },
    );
    return () => controller.abort();
  }, [client, enabled, isReady]);

  return load;
}
