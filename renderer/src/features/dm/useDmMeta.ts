import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchProjectTitle, listActions, listColumns, type DmAction } from '../../api/dataManager';
import { tableColumns, type TableColumn } from './columns';

export type DmMeta =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; title: string; columns: TableColumn[]; actions: DmAction[] };

/** What the page needs besides the tasks: the project's title, its columns and its bulk actions. */
export function useDmMeta(projectId: number, refresh: number): DmMeta {
  const client = useApi();
  const [meta, setMeta] = useState<DmMeta>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      fetchProjectTitle(client, projectId, signal),
      listColumns(client, projectId, signal),
      listActions(client, projectId, signal),
    ]).then(
      ([title, columns, actions]) => setMeta({ status: 'ready', title, columns: tableColumns(columns), actions }),
      (error: unknown) => {
        if (!signal.aborted)
          setMeta({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [client, projectId, refresh]);

  return meta;
}
