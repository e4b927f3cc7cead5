import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { listActions, listColumns, type DmAction } from '../../api/dataManager';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { projectTitleQuery } from '../projects/useProjectTitle';
import { tableColumns, type TableColumn } from './columns';

export type DmMeta =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; title: string; columns: TableColumn[]; actions: DmAction[] };

/**
 * What the page needs besides the tasks: the project's title, its columns and its bulk actions.
 * Writes that add data keys (imports, syncs) invalidate `queryKeys.dmMeta`.
 */
export function useDmMeta(projectId: number): DmMeta {
  const client = useApi();
  const title = useQuery(projectTitleQuery(client, projectId));
  const meta = useQuery({
    queryKey: queryKeys.dmMeta(projectId),
    queryFn: async ({ signal }) => {
      const [columns, actions] = await Promise.all([
        listColumns(client, projectId, signal),
        listActions(client, projectId, signal),
      ]);
      return { columns: tableColumns(columns), actions };
    },
  });
  if (title.isError) return { status: 'error', message: errorMessage(title.error) };
  if (meta.isError) return { status: 'error', message: errorMessage(meta.error) };
  if (title.isPending || meta.isPending) return { status: 'loading' };
  return { status: 'ready', title: title.data, ...meta.data };
}
